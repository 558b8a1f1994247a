import { createHash } from 'node:crypto';
import { copyFile, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { readReview, reviewFilePath } from '../src/reviews/review-file.ts';
import { localReviewFile } from '../src/reviews/local-review-file.ts';
import { createReviewRoute } from '../src/server/review-route.ts';
import { startReplayServer } from '../src/server/replay-server.ts';
import { VIEWER_BUILD_DIR } from '../src/server/viewer-build.ts';
import { axeViolations } from './support/axe.ts';
import { useViewerBrowser } from './support/viewer-browser.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * The viewer's verdicts and links in Debian's Chromium against the real replay server and the real
 * review route (issue 21 §2, §3). The route is put in front of the server here, as the server will
 * mount it: everything else passes through to the server untouched.
 */

const SESSIONS = path.resolve(import.meta.dirname, '../../../stories/fixtures/sessions');
const tempDir = useTempDirs();
const { browser, defer } = useViewerBrowser();

interface Served {
  readonly url: string;
  readonly logPath: string;
  /** The next verdict written is refused (403), as a page without the right to write would be. */
  refuseNextWrite(): void;
}

/** The replay server on a copy of `session`, behind the review route. */
async function serve(session: string): Promise<Served> {
  const logPath = path.join(await tempDir(), session);
  await copyFile(path.join(SESSIONS, session), logPath);
  const replay = await startReplayServer({ logPath, port: 0, viewerDir: VIEWER_BUILD_DIR });
  defer(() => replay.close());
  const replayPort = new URL(replay.url).port;
  let refuse = false;
  const reviews = createReviewRoute({
    reviewFileOf: (id) => (id === 'current' ? localReviewFile(reviewFilePath(logPath)) : undefined),
    reviewer: 'qa',
    canWrite: () => {
      const allowed = !refuse;
      refuse = false;
      return allowed;
    },
  });
  const front = http.createServer((req, res) => {
    void reviews(req, res).then((handled) => {
      if (handled) return;
      const headers = { ...req.headers, host: `127.0.0.1:${replayPort}` };
      const upstream = http.request({ host: '127.0.0.1', port: replayPort, path: req.url, method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      // A long poll cut when the servers close at the end of a test.
      upstream.on('error', () => {
        res.destroy();
      });
      req.pipe(upstream);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  defer(
    () =>
      new Promise<void>((resolve) => {
        front.closeAllConnections();
        front.close(() => {
          resolve();
        });
      }),
  );
  return {
    url: `http://127.0.0.1:${String((front.address() as AddressInfo).port)}/`,
    logPath,
    refuseNextWrite: () => {
      refuse = true;
    },
  };
}

async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('session-header').waitFor({ timeout: 60_000 });
  return page;
}

async function newContext(url: string): Promise<BrowserContext> {
  const context = await browser().newContext({ viewport: { width: 1200, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  defer(() => context.close());
  return context;
}

const rowOf = (page: Page, callId: string) => page.locator(`.tc-row[data-call-id="${callId}"]`);
const headerButton = (page: Page, callId: string, name: string) =>
  rowOf(page, callId).locator(':scope > .tc-row__header').getByRole('button', { name, exact: true });

describe('verdicts on calls', () => {
  it('Pass, Fail and a note land in the sidecar, stand after a reload, and leave the log as it was', async () => {
    const served = await serve('07-several-images.jsonl');
    const digest = createHash('sha256')
      .update(await readFile(served.logPath))
      .digest('hex');
    const page = await openPage(await newContext(served.url), served.url);

    await headerButton(page, 'call-2', 'Pass').click();
    await expect.poll(() => headerButton(page, 'call-2', 'Pass').getAttribute('aria-pressed')).toBe('true');
    await headerButton(page, 'call-3', 'Note').click();
    const hostile = '<img src=x onerror="document.title=1"> crop is off';
    await page.getByRole('textbox', { name: 'Note' }).fill(hostile);
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => rowOf(page, 'call-3').locator('.review-controls__note').textContent()).toBe(hostile);

    await expect.poll(async () => (await readReview(reviewFilePath(served.logPath))).byTarget.size).toBe(2);
    const review = await readReview(reviewFilePath(served.logPath));
    expect(review.byTarget.get('call:call-2')).toMatchObject({ verdict: 'pass', reviewer: 'qa' });
    expect(review.byTarget.get('call:call-3')).toMatchObject({ verdict: null, note: hostile });

    await page.reload();
    await page.getByTestId('session-header').waitFor();
    await expect.poll(() => headerButton(page, 'call-2', 'Pass').getAttribute('aria-pressed')).toBe('true');
    expect(await rowOf(page, 'call-3').locator('.review-controls__note').textContent()).toBe(hostile);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(
      createHash('sha256')
        .update(await readFile(served.logPath))
        .digest('hex'),
    ).toBe(digest);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a refused write is undone with a clear alert; keys give verdicts and ] / [ go to calls without one', async () => {
    const served = await serve('07-several-images.jsonl');
    const page = await openPage(await newContext(served.url), served.url);

    served.refuseNextWrite();
    await headerButton(page, 'call-3', 'Fail').click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The verdict was not saved and is undone');
    expect(await headerButton(page, 'call-3', 'Fail').getAttribute('aria-pressed')).toBe('false');

    await rowOf(page, 'call-1').locator(':scope > .tc-row__header > .tc-row__disclosure').focus();
    await page.keyboard.press('p');
    await expect.poll(() => headerButton(page, 'call-1', 'Pass').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press(']');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-call-id]')?.getAttribute('data-call-id'))).toBe('call-2');
    expect(new URL(page.url()).searchParams.get('call')).toBe('call-2');
    await page.keyboard.press('f');
    await expect.poll(() => headerButton(page, 'call-2', 'Fail').getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('group', { name: 'Review' }).getByRole('checkbox', { name: 'Failed' }).check();
    await expect.poll(() => page.locator('.tc-replay__item').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('review')).toBe('failed');
  });
});

describe('links to a call and to an image', () => {
  it('Copy link on a row and in the lightbox; each link reopens its call or its image in a fresh page, with the image’s verdict', async () => {
    const served = await serve('07-several-images.jsonl');
    const context = await newContext(served.url);
    const page = await openPage(context, served.url);

    await headerButton(page, 'call-4', 'Copy link').click();
    const callLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(callLink).searchParams.get('call')).toBe('call-4');

    await rowOf(page, 'call-1').getByRole('button', { name: 'login-screen.png' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Fail', exact: true }).click();
    await page.keyboard.press('n');
    await page.keyboard.type('the button is cut off');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await dialog.getByRole('button', { name: 'Copy link', exact: true }).click();
    const imageLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(imageLink).searchParams.get('image')).toBe('call-1/0');
    await expect.poll(async () => (await readReview(reviewFilePath(served.logPath))).byTarget.get('call:call-1/image:0')?.note).toBe('the button is cut off');

    const fresh = await openPage(context, imageLink);
    const reopened = fresh.getByRole('dialog');
    await reopened.waitFor();
    expect(await reopened.getByRole('heading').textContent()).toBe('login-screen.png');
    // The verdicts arrive after the page's first screen (their own request): the pressed state follows.
    await expect.poll(() => reopened.getByRole('button', { name: 'Fail', exact: true }).getAttribute('aria-pressed')).toBe('true');

    const another = await openPage(context, callLink);
    const disclosure = rowOf(another, 'call-4').locator(':scope > .tc-row__header > .tc-row__disclosure');
    await expect.poll(() => disclosure.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await disclosure.getAttribute('aria-expanded')).toBe('true');
  });
});
