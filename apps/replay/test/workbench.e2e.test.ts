import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { readReview, reviewFilePath } from '../src/reviews/review-file.ts';
import { axeViolations } from './support/axe.ts';
import { useViewerBrowser } from './support/viewer-browser.ts';
import { codexRollout } from './support/foreign-sessions.ts';
import { runReplay, startReplay, type ReplayProcess } from './support/replay-process.ts';
import { useTempDirs } from './temp-dirs.ts';
import { generated, readWhole, screenshot, threeFormatFolder } from './workbench/session-folder.ts';

/*
 * The QA workbench end to end: the real `toolcard-replay` process over a folder of sessions of
 * three formats, and Debian's Chromium on its page.
 */

const tempDir = useTempDirs();
const { browser, defer } = useViewerBrowser();

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const OURS = 'harness/session.jsonl';
const CLAUDE = 'claude/-home-qa-project/c1a0de00-0000-4000-8000-000000000001.jsonl';
const CODEX = 'codex/2026/01/10/rollout-2026-01-10T09-00-00-session-1.jsonl';

interface Workbench {
  readonly dir: string;
  readonly args: readonly string[];
  server: ReplayProcess;
  readonly errors: string[];
}

/** The folder, and the bin serving it with our own log's store (a cache of its own, so the first pass is a real one). */
async function workbench(): Promise<Workbench> {
  const dir = await tempDir();
  await threeFormatFolder(dir);
  const args = [dir, '--store', path.join(dir, 'harness', 'store'), '--cache', path.join(await tempDir(), 'cache'), '--reviewer', 'qa-night'];
  const started: Workbench = { dir, args, server: await startReplay(args), errors: [] };
  defer(() => started.server.stop());
  return started;
}

async function open(bench: Workbench, url = bench.server.url, width = 1280): Promise<Page> {
  const page = await browser().newPage({ viewport: { width, height: 900 } });
  defer(() => page.close());
  page.on('pageerror', (error) => bench.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') bench.errors.push(`console: ${message.text()}`);
  });
  await page.goto(url);
  return page;
}

const rowOf = (page: Page, file: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp(file.replaceAll('.', '\\.')) }) });
const cell = (page: Page, file: string, column: string) => rowOf(page, file).locator(`.wb-cell--${column}`);
const shownFiles = async (page: Page) => (await page.locator('.wb-cell--title a').allTextContents()).map((text) => text.trim());
const callButtonAny = (page: Page, name: string) => page.locator('.tc-row > .tc-row__header').first().getByRole('button', { name, exact: true });
const callButton = (page: Page, callId: string, name: string) =>
  page.locator(`.tc-row[data-call-id="${callId}"] > .tc-row__header`).getByRole('button', { name, exact: true });

describe('pnpm replay <folder>: the index of every session in it', () => {
  it('lists sessions of three formats with the counts a whole read of each file gives, narrowed by search and a facet', async () => {
    const bench = await workbench();
    const page = await open(bench);
    await page.getByRole('table', { name: 'Sessions' }).waitFor();
    await expect.poll(() => page.getByTestId('workbench-count').textContent()).toBe('3 of 3 sessions');
    for (const [file, format] of [
      [OURS, 'toolcard'],
      [CLAUDE, 'claude-code'],
      [CODEX, 'codex'],
    ] as const) {
      const expected = await readWhole(path.join(bench.dir, file));
      expect(await cell(page, file, 'format').textContent(), file).toContain(format);
      for (const [column, value] of [
        ['calls', expected.calls],
        ['image-calls', expected.imageCalls],
        ['images', expected.images],
        ['failed', expected.failedCalls],
        ['problems', expected.problems],
      ] as const) {
        // The number, then (on a phone, where no header is above it) its unit.
        expect((await cell(page, file, column).textContent())?.trim(), `${file} ${column}`).toMatch(new RegExp(`^${String(value)}(\\s|$)`));
      }
    }
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('swatches');
    await expect.poll(() => page.getByTestId('workbench-count').textContent()).toBe('1 of 3 sessions');
    expect(await shownFiles(page)).toEqual([expect.stringContaining(OURS)]);
    expect(new URL(page.url()).searchParams.get('search')).toBe('swatches');

    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('');
    await page.getByLabel('Format').selectOption('codex');
    await expect.poll(() => page.getByTestId('workbench-count').textContent()).toBe('1 of 3 sessions');
    expect(await shownFiles(page)).toEqual([expect.stringContaining(CODEX)]);
    // The view is the URL's: a fresh page opens on it.
    const again = await open(bench, page.url());
    await expect.poll(() => again.getByTestId('workbench-count').textContent()).toBe('1 of 3 sessions');
    // A session opened from it leads back to the same view.
    await page.getByRole('link', { name: new RegExp(CODEX) }).click();
    await page.getByRole('link', { name: 'All sessions' }).click();
    await expect.poll(() => page.getByTestId('workbench-count').textContent()).toBe('1 of 3 sessions');
    expect(new URL(page.url()).searchParams.get('format')).toBe('codex');
    expect(bench.errors).toEqual([]);
  });

  it('shows a hostile title and file name as text', async () => {
    const bench = await workbench();
    const hostile = '<img src=x onerror="document.title=1"><b>bold</b>';
    await writeFile(path.join(bench.dir, '<b>evil<b>.json'), JSON.stringify([{ role: 'user', content: hostile }]));
    const page = await open(bench);
    await expect.poll(() => page.getByTestId('workbench-count').textContent(), { timeout: 15_000 }).toBe('4 of 4 sessions');
    const link = page.getByRole('link', { name: /<b>evil<b>\.json/ });
    expect(await link.textContent()).toContain(hostile);
    expect(await page.locator('.wb-index img, .wb-index b').count()).toBe(0);
    expect(await page.title()).not.toBe('1');
  });

  it('shows a session file added to the folder while the index is open, without a reload', async () => {
    const bench = await workbench();
    const page = await open(bench);
    await expect.poll(() => page.getByTestId('workbench-count').textContent()).toBe('3 of 3 sessions');
    await writeFile(
      path.join(bench.dir, 'codex', 'rollout-2026-01-11T09-00-00-session-2.jsonl'),
      codexRollout(`data:image/png;base64,${screenshot}`, generated),
    );
    await expect.poll(() => page.getByTestId('workbench-count').textContent(), { timeout: 15_000 }).toBe('4 of 4 sessions');
    await rowOf(page, 'codex/rollout-2026-01-11T09-00-00-session-2.jsonl').waitFor();
  });
});

describe('pnpm replay with no path: the repository’s recorded sessions', () => {
  it('lists every recorded session and shows our own logs’ images from a store filled under the cache folder', async () => {
    const cache = await tempDir();
    const server = await startReplay(['--cache', cache]);
    defer(() => server.stop());
    const bench: Workbench = { dir: '', args: [], server, errors: [] };
    const page = await open(bench);
    const recorded = [
      ...(await readdir(path.join(REPO_ROOT, 'stories/fixtures/sessions'))),
      ...(await readdir(path.join(REPO_ROOT, 'stories/fixtures/agents/logs'))).filter((name) => /\.jsonl?$/.test(name)),
    ];
    await expect
      .poll(() => page.getByTestId('workbench-count').textContent(), { timeout: 30_000 })
      .toBe(`${String(recorded.length)} of ${String(recorded.length)} sessions`);
    await page.getByRole('link', { name: /01-screenshot-png\.jsonl/ }).click();
    await page.locator('.tc-gallery__tile[data-status="ready"] img').first().waitFor({ timeout: 60_000 });
    // Its verdicts go under the cache too, never into the checkout.
    await callButtonAny(page, 'Pass').click();
    await expect
      .poll(async () => (await readdir(path.join(cache, 'recorded-sessions', 'reviews'), { recursive: true })).some((name) => name.endsWith('.review.jsonl')))
      .toBe(true);
    expect(await readdir(path.join(REPO_ROOT, 'stories/fixtures/sessions')).then((names) => names.filter((name) => name.endsWith('.review.jsonl')))).toEqual(
      [],
    );
    expect(bench.errors).toEqual([]);
  });
});

describe('a session of the workbench, its links and its verdicts', () => {
  it('opens a session with its images; an image’s link reopens the lightbox on it in a fresh page', async () => {
    const bench = await workbench();
    const page = await open(bench);
    await page.getByRole('link', { name: new RegExp(CLAUDE) }).click();
    await page.getByText(/^Live: /).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get('session')).toBe(CLAUDE);
    const tile = page.locator('.tc-gallery__tile[data-status="ready"] img').first();
    await tile.waitFor();
    await tile.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('image')).toMatch(/^.+\/0$/);

    const fresh = await open(bench, page.url());
    await fresh.getByRole('dialog').locator('img').waitFor({ timeout: 60_000 });
    expect(
      await fresh
        .getByRole('dialog')
        .locator('img')
        .evaluate((image) => (image as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    expect(await fresh.content()).not.toMatch(/[A-Za-z0-9+/]{120,}/);
    expect(bench.errors).toEqual([]);
  });

  it('a verdict and a note survive a reload and a restart of the server, land in the sidecar, and leave the log as it was', async () => {
    const bench = await workbench();
    const logPath = path.join(bench.dir, OURS);
    const digest = async () =>
      createHash('sha256')
        .update(await readFile(logPath))
        .digest('hex');
    const before = await digest();
    const url = new URL(`?session=${encodeURIComponent(OURS)}`, bench.server.url).href;
    const page = await open(bench, url);
    await page.getByText(/^Live: /).waitFor({ timeout: 60_000 });
    await callButton(page, 'call-1', 'Fail').click();
    await callButton(page, 'call-2', 'Note').click();
    await page.getByRole('textbox', { name: 'Note' }).fill('the blue swatch is <b>purple</b>');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(async () => (await readReview(reviewFilePath(logPath))).byTarget.size).toBe(2);
    const review = await readReview(reviewFilePath(logPath));
    expect(review.byTarget.get('call:call-1')).toMatchObject({ verdict: 'fail', reviewer: 'qa-night' });
    expect(review.byTarget.get('call:call-2')).toMatchObject({ verdict: null, note: 'the blue swatch is <b>purple</b>' });

    const standing = async (shown: Page) => {
      await shown.getByText(/^Live: /).waitFor({ timeout: 60_000 });
      await expect.poll(() => callButton(shown, 'call-1', 'Fail').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => shown.locator('.tc-row[data-call-id="call-2"] .review-controls__note').textContent()).toBe('the blue swatch is <b>purple</b>');
      expect(await shown.locator('.tc-row[data-call-id="call-2"] b').count()).toBe(0);
    };
    await page.reload();
    await standing(page);

    await bench.server.stop();
    bench.server = await startReplay(bench.args);
    const restarted = await open(bench, new URL(`?session=${encodeURIComponent(OURS)}`, bench.server.url).href);
    await standing(restarted);
    // The index counts them: 2 of its targets reviewed, 1 failed.
    const index = await open(bench, bench.server.url);
    await expect.poll(() => cell(index, OURS, 'review').textContent()).toMatch(/^2 of \d+ reviewed, 1 failed/);
    expect(await digest()).toBe(before);
    expect(bench.errors).toEqual([]);
  });
});

describe('pnpm replay on a team network', () => {
  it('refuses a bind off loopback without a token, before serving anything', async () => {
    const dir = await tempDir();
    const { code, stdout, stderr } = await runReplay([dir, '--host', '0.0.0.0', '--port', '0']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('--host 0.0.0.0 is reachable from other machines: give a token');
  });
});
