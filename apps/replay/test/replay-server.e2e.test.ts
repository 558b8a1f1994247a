import { appendFile, mkdtemp, readFile, rename, rm, stat, truncate } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import type { AttachmentRef } from '@toolcard/host-read-image';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { axeViolations } from './support/axe.ts';
import { recordedSession, writeText } from './support/recorded-session.ts';
import { runReplay, startReplay, type ReplayProcess } from './support/replay-process.ts';

/*
 * The real replay server process (the package bin) and its production-built viewer in Debian's
 * Chromium, over session logs with real images recorded into temp dirs by the real host adapter.
 */

const ATTACHMENT_ROUTE = '/api/sessions/current/attachments/';
const READY_IMAGE = '.tc-gallery__tile[data-status="ready"] img';
/** The bound the issue sets for an appended line to show in the open page. */
const LIVE_WITHIN_MS = 1000;

let browser: Browser;
let scratch: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // Built once here, so the servers the tests start never race to build it (a fresh clone has no build).
  await ensureViewerBuilt();
  browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
  scratch = await mkdtemp(path.join(os.tmpdir(), 'toolcard-replay-e2e-'));
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await browser.close();
  await rm(scratch, { recursive: true, force: true });
});

async function serve(args: readonly string[]): Promise<ReplayProcess> {
  const server = await startReplay(args);
  cleanups.push(() => server.stop());
  return server;
}

interface OpenedPage {
  readonly page: Page;
  /** Script errors and console errors, except the one Chromium logs for each 404 image load. */
  readonly errors: string[];
  /** Every 200 response of the attachment route, in order. */
  readonly images: Response[];
  /** Every response of the log route. */
  readonly logResponses: Response[];
}

async function openPage(url: string): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  cleanups.push(() => page.close());
  const opened: OpenedPage = { page, errors: [], images: [], logResponses: [] };
  page.on('pageerror', (error) => opened.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const notInStore = message.text().includes('404') && message.location().url.includes(ATTACHMENT_ROUTE);
    if (!notInStore) opened.errors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.url().includes(ATTACHMENT_ROUTE) && response.status() === 200) opened.images.push(response);
    if (new URL(response.url()).pathname === '/api/sessions/current/log') opened.logResponses.push(response);
  });
  await page.goto(url);
  await page.getByText(/^Live: /).waitFor();
  return opened;
}

function attachmentUrl(server: ReplayProcess, attachmentId: string, session = 'current'): string {
  return new URL(`/api/sessions/${session}/attachments/${encodeURIComponent(attachmentId)}`, server.url).href;
}

async function statusOf(url: string): Promise<number> {
  return (await fetch(url)).status;
}

/** A request to the server's address under another host name, as a DNS-rebinding page would send it. */
function statusUnderHostName(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { host }, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

describe('pnpm replay --store: a live recorded session', () => {
  let session: Awaited<ReturnType<typeof recordedSession>>;
  let red: AttachmentRef;
  let server: ReplayProcess;
  let opened: OpenedPage;

  beforeAll(async () => {
    session = await recordedSession(await mkdtemp(path.join(scratch, 'store-')));
    red = await session.readImage('red.png');
    server = await serve([session.logPath, '--store', session.storeDir]);
    opened = await openPage(server.url);
  });

  it('loads the log’s image from the store dir through the handler: the tile is ready with the stored bytes', async () => {
    const { page } = opened;
    await page.locator(READY_IMAGE).first().waitFor();
    expect(opened.images.map((response) => response.url())).toEqual([attachmentUrl(server, red.attachmentId)]);
    const shown = await page
      .locator(READY_IMAGE)
      .first()
      .evaluate(async (image: HTMLImageElement) => ({
        size: [image.naturalWidth, image.naturalHeight],
        bytes: Array.from(new Uint8Array(await (await fetch(image.src)).arrayBuffer())),
      }));
    expect(shown.size).toEqual([red.width, red.height]);
    expect(Buffer.from(shown.bytes)).toEqual(Buffer.from((await session.store.readImage(red.attachmentId)).data));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('session.jsonl');
    expect(await axeViolations(page)).toEqual([]);
    expect(opened.errors).toEqual([]);
  });

  it('shows a line appended to the file within a second, without a reload or re-mounting the rows on screen, reading only the new bytes', async () => {
    const { page } = opened;
    await page.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });
    // A row on screen before the append: the same element after it (not re-mounted).
    const row = page.locator('[data-call-id="call-1"]');
    await row.evaluate((element) => {
      (element as { keptAcrossAppend?: boolean }).keptAcrossAppend = true;
    });
    const offset = (await stat(session.logPath)).size;
    const before = opened.logResponses.length;

    const appended = performance.now();
    await session.userSays('appended while the page was open');
    await page.getByRole('feed').getByText('appended while the page was open').waitFor({ timeout: 5000 });
    const elapsed = performance.now() - appended;

    expect(elapsed).toBeLessThan(LIVE_WITHIN_MS);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await row.evaluate((element) => (element as { keptAcrossAppend?: boolean }).keptAcrossAppend)).toBe(true);
    const delivered = opened.logResponses.slice(before).map((response) => Number(response.headers()['x-log-offset']));
    expect(delivered).toContain(offset);
    expect(delivered).not.toContain(0);
    expect(opened.errors).toEqual([]);
  });

  it('serves an image whose call is appended live, once its line is complete', async () => {
    const tilesBefore = await opened.page.locator('.tc-gallery__tile').count();
    const blue = await session.readImage('blue.png');
    await opened.page.locator(READY_IMAGE).nth(tilesBefore).waitFor({ timeout: 5000 });
    expect(await statusOf(attachmentUrl(server, blue.attachmentId))).toBe(200);
    expect(opened.images.map((response) => response.url())).toContain(attachmentUrl(server, blue.attachmentId));
  });

  it('answers 404 for every id the log does not reference, even one in the store', async () => {
    const green = await session.storeOnly('green.png');
    expect((await session.store.readImage(green.attachmentId)).ref.attachmentId).toBe(green.attachmentId);

    expect(await statusOf(attachmentUrl(server, green.attachmentId))).toBe(404);
    expect(await statusOf(attachmentUrl(server, `sha256:${'0'.repeat(64)}`))).toBe(404);
    expect(await statusOf(attachmentUrl(server, red.attachmentId, 'another-session'))).toBe(404);
    expect(await statusOf(attachmentUrl(server, red.attachmentId))).toBe(200);
  });

  it('answers only requests addressed to 127.0.0.1 or localhost on its port', async () => {
    const { port } = new URL(server.url);
    expect(await statusUnderHostName(attachmentUrl(server, red.attachmentId), `attacker.example:${port}`)).toBe(421);
    expect(await statusUnderHostName(new URL('/api/log', server.url).href, 'attacker.example')).toBe(421);
    expect(await statusUnderHostName(server.url, `localhost:${port}`)).toBe(200);
  });

  it('lets no other site frame the page or embed the log and images; serves source maps but not the build stamp', async () => {
    const page = await fetch(server.url);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const log = await fetch(new URL('/api/log', server.url));
    const image = await fetch(attachmentUrl(server, red.attachmentId));
    for (const [what, response] of [
      ['page', page],
      ['log', log],
      ['image', image],
    ] as const) {
      expect({ what, status: response.status, corp: response.headers.get('cross-origin-resource-policy') }).toEqual({ what, status: 200, corp: 'same-origin' });
      expect({ what, nosniff: response.headers.get('x-content-type-options') }).toEqual({ what, nosniff: 'nosniff' });
    }
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    expect((await fetch(new URL(`${script ?? ''}.map`, server.url))).status).toBe(200);
    expect((await fetch(new URL('/build-inputs.sha256', server.url))).status).toBe(404);
  });

  it('keeps the find bar’s filter in the URL: a shared link opens the same view, a change updates the link', async () => {
    const { page, errors } = await openPage(`${server.url}?tool=read_image&q=red.png`);
    const bar = page.getByRole('search', { name: 'Find and filter' });
    await bar.waitFor();
    expect(await bar.getByRole('combobox', { name: 'Tool' }).inputValue()).toBe('read_image');
    expect(await bar.getByRole('searchbox', { name: 'Find' }).inputValue()).toBe('red.png');
    await expect.poll(() => bar.locator('output.tc-find__matches').textContent()).toMatch(/^[1-9]\d* matches$/);
    const articles = page.getByRole('feed').getByRole('article');
    for (const article of await articles.all()) expect(await article.locator('[data-tool="read_image"]').count()).toBeGreaterThan(0);

    await bar.getByRole('checkbox', { name: /^With images/ }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('images');
    expect(new URL(page.url()).searchParams.get('tool')).toBe('read_image');
    await page.reload();
    await bar.waitFor();
    await expect.poll(() => bar.getByRole('checkbox', { name: /^With images/ }).isChecked()).toBe(true);
    expect(await bar.getByRole('searchbox', { name: 'Find' }).inputValue()).toBe('red.png');
    expect(errors).toEqual([]);
  });

  it('steps back to an earlier event and follows the end again, and switches to zh-CN', async () => {
    const { page } = opened;
    const step = page.getByRole('slider', { name: 'Event' });
    await step.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toMatch(/^Event 0 of \d+$/);
    expect(await page.locator('.tc-gallery__tile').count()).toBe(0);
    await page.getByLabel('Follow the end of the log').check();
    await page.locator(READY_IMAGE).nth(1).waitFor();

    await page.getByLabel('Language').selectOption('zh-CN');
    await page.getByRole('heading', { level: 1, name: /会话回放/ }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('语言').selectOption('en');
    expect(opened.errors).toEqual([]);
  });
});

describe('pnpm replay: a log whose last line is still being written', () => {
  it('shows no problem for the torn line, and shows its row (and serves its image) once it is completed', async () => {
    const source = await recordedSession(await mkdtemp(path.join(scratch, 'torn-source-')));
    await source.readImage('red.png');
    const blue = await source.readImage('blue.png');
    const lines = (await readFile(source.logPath, 'utf8')).split('\n');
    const resultLine = lines.findIndex((line) => line.startsWith('{"type":"tool/result"') && line.includes(blue.attachmentId));
    expect(resultLine).toBeGreaterThan(0);
    const complete = `${lines.slice(0, resultLine).join('\n')}\n`;
    const torn = lines[resultLine] ?? '';
    const logPath = path.join(await mkdtemp(path.join(scratch, 'torn-')), 'session.jsonl');
    await writeText(logPath, complete + torn.slice(0, Math.floor(torn.length / 2)));

    const server = await serve([logPath, '--store', source.storeDir]);
    const { page, errors } = await openPage(server.url);
    await page.locator(READY_IMAGE).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Problems in this log' }).count()).toBe(0);
    expect(await page.locator('[data-call-id="call-2"]').getAttribute('data-state')).toBe('running');
    expect(await statusOf(attachmentUrl(server, blue.attachmentId))).toBe(404);

    await appendFile(logPath, `${torn.slice(Math.floor(torn.length / 2))}\n`);
    await page.locator('[data-call-id="call-2"][data-state="done"]').waitFor({ timeout: 5000 });
    await page.locator(READY_IMAGE).nth(1).waitFor();
    expect(await page.getByRole('heading', { name: 'Problems in this log' }).count()).toBe(0);
    expect(await statusOf(attachmentUrl(server, blue.attachmentId))).toBe(200);
    expect(errors).toEqual([]);
  });
});

describe('pnpm replay: a log replaced or truncated while the page is open', () => {
  it('starts over with what the file now holds, without a reload and without a problem', async () => {
    const first = await recordedSession(await mkdtemp(path.join(scratch, 'replaced-a-')));
    await first.userSays('only in the first log');
    await first.userSays('also in the first log');
    const second = await recordedSession(await mkdtemp(path.join(scratch, 'replaced-b-')));
    await second.userSays('only in the replacement');
    const server = await serve([first.logPath]);
    const { page, errors } = await openPage(server.url);
    await page.getByRole('feed').getByText('also in the first log').waitFor();
    await page.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });

    const replacement = `${first.logPath}.new`;
    await writeText(replacement, await readFile(second.logPath, 'utf8'));
    await rename(replacement, first.logPath);
    await page.getByRole('feed').getByText('only in the replacement').waitFor({ timeout: 5000 });
    expect(await page.getByText('only in the first log').count()).toBe(0);

    const [header = ''] = (await readFile(second.logPath, 'utf8')).split('\n');
    await truncate(first.logPath, 0);
    await appendFile(first.logPath, `${header}\n`);
    // Gone from the list and from the step control's label.
    await page.getByText('only in the replacement').first().waitFor({ state: 'detached', timeout: 5000 });
    await second.userSays('after the truncation');
    const lastLine = (await readFile(second.logPath, 'utf8')).trimEnd().split('\n').at(-1) ?? '';
    await appendFile(first.logPath, `${lastLine}\n`);
    await page.getByRole('feed').getByText('after the truncation').waitFor({ timeout: 5000 });

    expect(await page.getByRole('heading', { name: 'Problems in this log' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('pnpm replay without --store', () => {
  it('shows every image as not in the attachment store, and nothing breaks', async () => {
    const session = await recordedSession(await mkdtemp(path.join(scratch, 'no-store-')));
    const red = await session.readImage('red.png');
    const server = await serve([session.logPath]);
    const { page, errors } = await openPage(server.url);

    const tile = page.locator('.tc-gallery__tile[data-status="not-available"]').first();
    await tile.waitFor();
    expect(await tile.textContent()).toContain('Not in the attachment store');
    expect(await page.getByText('No attachment store was given (--store)').count()).toBe(1);
    expect(await statusOf(attachmentUrl(server, red.attachmentId))).toBe(404);
    expect(await axeViolations(page)).toEqual([]);

    await session.userSays('still live without a store');
    await page.getByRole('feed').getByText('still live without a store').waitFor({ timeout: 5000 });
    expect(errors).toEqual([]);
  });
});

describe('pnpm replay refuses a bad command line before starting', () => {
  it('exits 2 naming the flag and the allowed values', async () => {
    const refused = await runReplay(['/no/such/session.jsonl', '--port', '99999']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('replay: --port must be an integer from 0 to 65535 (0 picks a free port), got "99999"\n');
    expect(refused.stdout).toBe('');
  });
});
