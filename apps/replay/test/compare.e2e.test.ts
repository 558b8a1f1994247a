import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { axeViolations } from './support/axe.ts';
import { expectDifferenceKeys } from './support/compare-page.ts';
import { useViewerBrowser } from './support/viewer-browser.ts';
import { recordedSession } from './support/recorded-session.ts';
import { twoRuns } from './support/two-runs.ts';
import { runReplay, startReplay, type ReplayProcess } from './support/replay-process.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * Two runs compared end to end: two sessions recorded by the real host adapter into one real store
 * (they share one image and differ in another; B makes one more call), the real `toolcard-replay`
 * process started with `--compare`, and Debian's Chromium on the page it prints.
 */

const tempDir = useTempDirs();
const { browser, defer } = useViewerBrowser();

interface Compared {
  readonly server: ReplayProcess;
  readonly errors: string[];
}

/** The comparison served, with the attachment store when one is given. */
async function compare(a: string, b: string, storeDir: string | undefined): Promise<Compared> {
  const cache = path.join(await tempDir(), 'cache');
  await mkdir(cache);
  const server = await startReplay(['--compare', a, b, ...(storeDir === undefined ? [] : ['--store', storeDir]), '--cache', cache]);
  defer(() => server.stop());
  return { server, errors: [] };
}

async function open(compared: Compared, url: string): Promise<Page> {
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
  defer(() => page.close());
  page.on('pageerror', (error) => compared.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') compared.errors.push(`console: ${message.text()}`);
  });
  await page.goto(url);
  return page;
}

const summary = (page: Page) => page.getByTestId('compare-summary');
const rowKinds = (page: Page) => page.locator('.cmp-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
const rowMarks = async (page: Page) => (await page.locator('.cmp-row__mark').allTextContents()).map((text) => text.replace(/^\d+\s*/, '').trim());

describe('pnpm replay --compare A B: two runs side by side', () => {
  it('prints the comparison URL; lines the calls up as Same, Changed and Only in B, counts them, and moves between differences', async () => {
    const runs = await twoRuns(tempDir);
    const compared = await compare(runs.a, runs.b, runs.storeDir);
    expect(new URL(compared.server.url).search).toBe('?compare=a.jsonl&with=b.jsonl');
    const page = await open(compared, compared.server.url);
    const imageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/attachments/')) imageRequests.push(request.url());
    });

    await expect.poll(() => summary(page).textContent(), { timeout: 15_000 }).toBe('1 Same · 1 Changed · 0 Only in A · 1 Only in B');
    expect(await page.getByText('No attachment store was given (--store)').count()).toBe(0);
    expect(await rowKinds(page)).toEqual(['same', 'changed', 'only-b']);
    expect(await rowMarks(page)).toEqual(['Same', 'Changed', 'Only in B']);
    // The changed call: the same arguments, another image (ids differ, nothing decoded); the shared one is not called changed.
    const changed = page.locator('.cmp-row--changed');
    await expect.poll(() => changed.getByText('Image 1: changed').count()).toBe(1);
    expect(await page.locator('.cmp-row--same .cmp-row__differences').count()).toBe(0);
    expect(await page.locator('.cmp-row--only-b .cmp-call__args').textContent()).toContain('blue.png');
    expect(await page.locator('.cmp-row--same .cmp-message').first().textContent()).toContain('Read the swatches');

    await expectDifferenceKeys(page);

    // Told apart by the store's ids alone: no image was fetched (let alone decoded) to call red Same and green Changed.
    expect(imageRequests).toEqual([]);
    // "Compare images" opens the pair; its Difference mode counts the changed pixels (green against
    // red: every one of them), in the diff worker the viewer hands it.
    await changed.getByRole('button', { name: 'Compare images' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByRole('radio', { name: 'Difference' }).check();
    await expect.poll(() => dialog.getByText(/pixels changed \(100(\.0)? %\)|pixels changed \(> 99\.9 %\)/).count(), { timeout: 15_000 }).toBe(1);
    // Verdicts apply to a compared pair: B's image gets the review's controls.
    expect(await dialog.getByRole('button', { name: 'Pass' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // Only differences: the Same row goes, the summary stays.
    await page.getByLabel('Only differences').check();
    await expect.poll(() => rowKinds(page)).toEqual(['changed', 'only-b']);
    expect(await summary(page).textContent()).toBe('1 Same · 1 Changed · 0 Only in A · 1 Only in B');

    expect(await axeViolations(page)).toEqual([]);

    // A's own view, from its link, goes back to the comparison; also after a reload (the comparison is in the session's URL).
    await page.getByRole('link', { name: 'a.jsonl' }).click();
    await expect.poll(() => page.getByTestId('replay-status').textContent(), { timeout: 15_000 }).toMatch(/^Live: \d+ events/);
    expect(await summary(page).count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('replay-status').textContent(), { timeout: 15_000 }).toMatch(/^Live: \d+ events/);
    expect(await page.getByRole('link', { name: 'All sessions' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Back to the comparison' }).click();
    await expect.poll(() => summary(page).textContent(), { timeout: 15_000 }).toBe('1 Same · 1 Changed · 0 Only in A · 1 Only in B');
    expect(new URL(page.url()).search).toBe('?compare=a.jsonl&with=b.jsonl');
    expect(compared.errors).toEqual([]);
  });

  it('opens the comparison from the index: Compare is enabled with exactly two sessions checked', async () => {
    const runs = await twoRuns(tempDir);
    const compared = await compare(runs.a, runs.b, runs.storeDir);
    const page = await open(compared, new URL('/', compared.server.url).href);
    const compareButton = page.getByRole('button', { name: 'Compare', exact: true });
    await expect.poll(() => page.getByRole('checkbox', { name: /^Select .* to compare$/ }).count(), { timeout: 15_000 }).toBe(2);
    expect(await compareButton.isDisabled()).toBe(true);
    const [first, second] = await page.getByRole('checkbox', { name: /^Select .* to compare$/ }).all();
    await first?.check();
    expect(await compareButton.isDisabled()).toBe(true);
    // Keyboard: Space checks the focused box.
    await second?.focus();
    await page.keyboard.press('Space');
    expect(await compareButton.isDisabled()).toBe(false);
    await compareButton.click();
    await expect.poll(() => summary(page).textContent(), { timeout: 15_000 }).toMatch(/^\d+ Same · \d+ Changed · \d+ Only in A · \d+ Only in B$/);
    expect(new URL(page.url()).searchParams.get('compare')).not.toBeNull();
    expect(compared.errors).toEqual([]);
  });

  it('says which side cannot be loaded, and calls a session compared with itself identical', async () => {
    const runs = await twoRuns(tempDir);
    const compared = await compare(runs.a, runs.b, runs.storeDir);
    const missing = await open(compared, new URL('/?compare=a.jsonl&with=gone.jsonl', compared.server.url).href);
    await expect
      .poll(() => missing.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('B cannot be loaded: no session "gone.jsonl" on this server (moved or deleted?).');
    const same = await open(compared, new URL('/?compare=b.jsonl&with=b.jsonl', compared.server.url).href);
    await expect.poll(() => summary(same).textContent(), { timeout: 15_000 }).toBe('3 Same · 0 Changed · 0 Only in A · 0 Only in B');
    expect(await same.getByText('The two sessions made the same calls with the same results.').count()).toBe(1);
  });

  it('says so when neither session made a call', async () => {
    const dir = await tempDir();
    const runs = await tempDir();
    const logs: string[] = [];
    for (const name of ['a', 'b']) {
      const run = await recordedSession(dir);
      await run.userSays('Nothing to do');
      logs.push(path.join(runs, `${name}.jsonl`));
      await rename(run.logPath, logs.at(-1) ?? '');
      await rm(path.join(dir, 'workspace'), { recursive: true });
    }
    const [a = '', b = ''] = logs;
    const compared = await compare(a, b, undefined);
    const page = await open(compared, compared.server.url);
    await expect.poll(() => summary(page).textContent(), { timeout: 15_000 }).toBe('0 Same · 0 Changed · 0 Only in A · 0 Only in B');
    expect(await page.getByText('No attachment store was given (--store)').count()).toBe(1);
    expect(await page.getByText('Neither session has a tool call: nothing to compare.').count()).toBe(1);
    expect(await page.locator('.cmp-row').count()).toBe(0);
    expect(compared.errors).toEqual([]);
  });

  it('refuses one path and a missing file before starting', async () => {
    const runs = await twoRuns(tempDir);
    const one = await runReplay(['--compare', runs.a]);
    expect([one.code, one.stdout]).toEqual([2, '']);
    expect(one.stderr).toContain('replay: --compare takes two session files (A and B), got 1');
    const gone = await runReplay(['--compare', runs.a, path.join(path.dirname(runs.a), 'gone.jsonl')]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('gone.jsonl does not exist');
  });
});
