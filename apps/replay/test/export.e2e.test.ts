import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { downloadFromExportLink, injectedInto, openExportedFile } from './support/exported-file.ts';
import { useViewerBrowser } from './support/viewer-browser.ts';
import { appendReview, reviewFilePath } from '../src/reviews/review-file.ts';
import { HOSTILE, HOSTILE_FILE, hostileSession } from './export-sessions.ts';
import { claudeCodeTranscript } from './support/foreign-sessions.ts';
import { base64Of, imageBytes } from './support/inline-images.ts';
import { recordedSession } from './support/recorded-session.ts';
import { runReplay, startReplay } from './support/replay-process.ts';
import { useTempDirs } from './temp-dirs.ts';
import type { ExportedSession } from '../wire/export.ts';

/*
 * `pnpm replay export`: the real bin writes a session recorded by our own host recorder into one
 * HTML file, and Debian's Chromium opens it from file:// with every request refused and counted.
 */

const tempDir = useTempDirs();
const { browser, defer } = useViewerBrowser();
const openExport = (file: string) => openExportedFile(browser(), defer, file);

async function exportWithBin(args: readonly string[]): Promise<{ readonly file: string; readonly stderr: string }> {
  const file = path.join(await tempDir(), 'report.html');
  const { code, stdout, stderr } = await runReplay(['export', ...args, '-o', file]);
  expect({ code, stderr }).toMatchObject({ code: 0 });
  expect(stdout.trim()).toBe(file);
  return { file, stderr };
}

/** The ids of the call rows the page shows, in order. */
const callIds = (page: Page) => page.locator('.tc-row[data-call-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-call-id')));

/** "Follow the end of the log" means nothing where the log cannot grow. */
const followToggles = (page: Page) => page.getByLabel('Follow the end of the log').count();

describe('pnpm replay export <log> -o report.html', () => {
  it('opens from file:// with no request: every image shows, the lightbox opens, the find bar works, the verdicts are read-only', async () => {
    const session = await recordedSession(await tempDir());
    await session.userSays('Compare the swatches');
    await session.readImage('red.png');
    await session.readImage('blue.png');
    await session.readImage('green.png');
    await appendReview(reviewFilePath(session.logPath), {
      at: '2026-01-10T09:00:00.000Z',
      reviewer: 'qa',
      target: 'call:call-2',
      verdict: 'fail',
      note: 'blue is too dark',
    });
    const { file, stderr } = await exportWithBin([session.logPath, '--store', session.storeDir, '--filter', 'tool=read_image']);
    expect(stderr).toMatch(/wrote .*report\.html: [\d.]+ MB \(viewer [\d.]+ MB, 3 images [\d.]+ MB, log [\d.]+ MB gzipped from [\d.]+ MB\)/);

    const { page, requests, violations, dialogs, errors } = await openExport(file);
    await expect.poll(() => page.getByTestId('replay-status').textContent(), { timeout: 30_000 }).toMatch(/^\d+ events, exported/);
    // The toolbar the toggle is in on a live page (the step control stays: it replays the log as it stood at an event).
    await page.locator('.replay-toolbar').getByRole('slider').waitFor();
    expect(await followToggles(page)).toBe(0);
    const images = page.locator('.tc-gallery__tile img');
    await expect.poll(() => images.count()).toBe(3);
    await expect
      .poll(() => images.evaluateAll((all) => all.every((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)))
      .toBe(true);
    expect(await images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).src.split(':', 1)[0]))).toEqual(['blob', 'blob', 'blob']);
    // No base64 on the page: no data: URL in any element's attribute, no image's bytes in its text.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('body *:not(script)')].some((element) => [...element.attributes].some((each) => each.value.includes('data:'))),
      ),
    ).toBe(false);
    expect(await page.evaluate(() => /[A-Za-z0-9+/]{200,}/.test(document.body.innerText))).toBe(false);

    // The filter it was exported with, in the find bar; the find bar still finds.
    const bar = page.getByRole('search', { name: 'Find and filter' });
    expect(await bar.getByRole('combobox', { name: 'Tool' }).inputValue()).toBe('read_image');
    await bar.getByRole('searchbox', { name: 'Find' }).fill('blue.png');
    await expect.poll(() => bar.locator('output.tc-find__matches').textContent()).toMatch(/^1 match/);

    // The verdict and its note, shown and not editable; no Export button in an export.
    expect(await page.getByText('blue is too dark').count()).toBeGreaterThan(0);
    expect((await page.getByText('This file is an export', { exact: false }).count()) + (await page.getByText(/read-only/).count())).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Export' }).count()).toBe(0);

    await images.first().click();
    await page.getByRole('dialog').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .locator('img')
          .evaluate((image) => (image as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    expect(requests).toEqual([]);
    expect(violations).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("another agent's transcript: the file offers no Follow the end of the log either", async () => {
    const dir = await tempDir();
    const transcript = path.join(dir, 'c1a0de00-0000-4000-8000-000000000001.jsonl');
    await writeFile(
      transcript,
      claudeCodeTranscript(base64Of(await imageBytes('png', '#2060c0', 40, 30)), base64Of(await imageBytes('jpeg', '#c06020', 30, 20))),
    );
    const { file } = await exportWithBin([transcript]);
    const { page, requests } = await openExport(file);
    await expect.poll(() => page.getByTestId('replay-status').textContent(), { timeout: 30_000 }).toMatch(/^\d+ events, exported/);
    await page.locator('.replay-toolbar').waitFor();
    expect(await page.getByText('look at the login screen').count()).toBeGreaterThan(0);
    expect(await followToggles(page)).toBe(0);
    expect(requests).toEqual([]);
  });

  it('a file damaged after it was written says so: cut short, that it is incomplete; saved again as UTF-8, that its log cannot be read', async () => {
    const session = await recordedSession(await tempDir());
    await session.userSays('Compare the swatches');
    await session.readImage('red.png');
    const { file } = await exportWithBin([session.logPath, '--store', session.storeDir]);
    const bytes = await readFile(file);

    // Cut inside its log, as a download that stopped: the viewer, the file's last element, never runs.
    const cut = path.join(path.dirname(file), 'cut.html');
    await writeFile(cut, bytes.subarray(0, bytes.indexOf('data-toolcard-log=') + 200));
    const shortened = await openExport(cut);
    await expect.poll(() => shortened.page.locator('#root').innerText(), { timeout: 30_000 }).toMatch(/If this text stays, the file is incomplete/);

    // An editor that saved it as UTF-8, and said so: its log's bytes are now characters no byte of the file stands for.
    const resaved = path.join(path.dirname(file), 'resaved.html');
    await writeFile(resaved, bytes.toString('latin1').replace('<meta charset="windows-1252">', '<meta charset="utf-8">'), 'utf8');
    const { page, errors } = await openExport(resaved);
    await expect.poll(() => page.getByTestId('replay-status').textContent(), { timeout: 30_000 }).toMatch(/^This file’s log cannot be read/);
    expect(await page.locator('#root').innerText()).not.toMatch(/If this text stays/);
    expect(errors).toEqual([]);
  });

  it('a hostile log runs no script: its markup, </script>, <!--, javascript: and U+2028 in every field are text', async () => {
    const session = await hostileSession(await tempDir());
    const { file } = await exportWithBin([session.logPath, '--store', session.storeDir]);
    const { page, requests, violations, dialogs, errors } = await openExport(file);
    await expect.poll(() => page.getByTestId('replay-status').textContent(), { timeout: 30_000 }).toMatch(/^\d+ events, exported/);
    const image = page.locator('.tc-gallery__tile img');
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // The hostile strings are on the page as the text they are (the Chinese words too: the file's encoding is read right).
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('</script><script>window.__pwned=1</script>');
    expect(text).toContain('会话');
    expect(text).toContain(HOSTILE_FILE.slice(0, 20));
    expect(await injectedInto(page)).toEqual({ scripts: 0, images: 0, pwned: undefined });
    expect({ requests, violations, dialogs, errors }).toEqual({ requests: [], violations: [], dialogs: [], errors: [] });
    expect(HOSTILE).toContain('\u2028');
  });

  it('its Content-Security-Policy blocks anything but its own script and style: an added script, style, image and fetch do nothing and request nothing', async () => {
    const session = await hostileSession(await tempDir());
    const { file } = await exportWithBin([session.logPath, '--store', session.storeDir]);
    const html = await readFile(file, 'latin1');
    const tampered = html.replace(
      '<body>\n',
      [
        '<body>',
        '<script>window.__pwned = "inline script"</script>',
        '<style>body { display: none }</style>',
        '<img src="https://example.com/beacon.png">',
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
        '<script type="module">window.__pwned = "module"</script>',
        '',
      ].join('\n'),
    );
    // The elements went in (a page that changed shape would leave nothing to block).
    expect(tampered.length).toBeGreaterThan(html.length);
    await writeFile(file, tampered, 'latin1');
    const { page, requests, violations } = await openExport(file);
    await expect.poll(() => page.getByTestId('replay-status').textContent(), { timeout: 30_000 }).toMatch(/^\d+ events, exported/);
    expect((await injectedInto(page)).pwned).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(4);
    expect(violations.some((each) => each.startsWith('script-src-elem'))).toBe(true);
    expect(violations.some((each) => each.startsWith('style-src-elem'))).toBe(true);
    expect(violations.some((each) => each.startsWith('img-src https://example.com/beacon.png'))).toBe(true);
    expect(violations.some((each) => each.startsWith('img-src data'))).toBe(true);
    // Chromium reports the beacon's attempt (page.on('request')); CSP stops it before the network, where nothing arrived.
    expect(requests.filter((each) => each.startsWith('routed:'))).toEqual([]);
    expect(requests.every((each) => violations.some((violation) => violation.endsWith(each.slice('request: '.length))))).toBe(true);
  });
});

describe('pnpm replay export --filter: a file of the matching calls only', () => {
  it('keeps exactly the calls the filter matches, with their images and the task, and none of the other images’ bytes', async () => {
    const session = await recordedSession(await tempDir());
    await session.userSays('Compare the swatches');
    const [red, blue] = [await session.readImage('red.png'), await session.readImage('blue.png')];
    // A damaged line after blue's call goes with it: the page names it by its line in the log, not in the file's shorter one.
    await appendFile(session.logPath, '{"type":"tool/result", damaged\n');
    const damagedLine = (await readFile(session.logPath, 'utf8')).split('\n').length - 1;
    const green = await session.readImage('green.png');
    for (const [target, note] of [
      ['call:call-1', 'red is off'],
      ['call:call-2/image:0', 'blue is right'],
      ['call:call-3', 'green never loaded'],
    ] as const) {
      await appendReview(reviewFilePath(session.logPath), { at: '2026-01-10T09:00:00.000Z', reviewer: 'qa', target, verdict: 'fail', note });
    }
    const whole = await exportWithBin([session.logPath, '--store', session.storeDir]);
    const { file, stderr } = await exportWithBin([session.logPath, '--store', session.storeDir, '--filter', 'q=BLUE.png']);
    expect(stderr).toMatch(/\(viewer [\d.]+ MB, 1 image [\d.]+ MB, log [\d.]+ MB gzipped from [\d.]+ MB\); 1 of 3 calls, those the filter matches/);

    const html = await readFile(file, 'latin1');
    expect(html).toContain(`data-toolcard-image="current/${blue.attachmentId}"`);
    for (const other of [red, green]) expect(html).not.toContain(other.attachmentId);
    // The verdicts on the calls the filter dropped are not in the file, not even as bytes.
    const carried = JSON.parse(/<script type="application\/json" data-toolcard-session="current">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as ExportedSession;
    expect(carried.reviews.map((review) => review.note)).toEqual(['blue is right']);
    expect(['red is off', 'green never loaded'].filter((note) => html.includes(note))).toEqual([]);
    expect(html.length).toBeLessThan((await readFile(whole.file, 'latin1')).length);

    const { page, requests, errors } = await openExport(file);
    await expect.poll(() => page.getByTestId('export-subset').textContent(), { timeout: 30_000 }).toMatch(/^Exported with filter: q=BLUE\.png \(1 of 3 calls/);
    await expect.poll(() => callIds(page)).toEqual(['call-2']);
    await expect
      .poll(() => page.locator('.tc-gallery__tile img').evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth)))
      .toEqual([30]);
    expect(await page.getByText('Compare the swatches').count()).toBeGreaterThan(0);
    expect(await page.locator('.tc-problems__line').allTextContents()).toEqual([`Line ${String(damagedLine)}`]);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a filter no call matches: exit 1 with the reason, and no file (an empty page would read as a broken session)', async () => {
    const session = await recordedSession(await tempDir());
    await session.readImage('red.png');
    const file = path.join(await tempDir(), 'report.html');
    const { code, stdout, stderr } = await runReplay(['export', session.logPath, '--store', session.storeDir, '--filter', 'tool=no_such_tool', '-o', file]);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toContain('replay export: no call of the 1 in the log matches the filter: nothing to export');
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the viewer’s Export button and GET /api/sessions/<id>/export', () => {
  it('downloads the session as the file the command writes, opening with the filter the page shows', async () => {
    const session = await recordedSession(await tempDir());
    await session.readImage('red.png');
    await session.readImage('blue.png');
    const server = await startReplay([session.logPath, '--store', session.storeDir]);
    defer(() => server.stop());
    const page = await browser().newPage({ acceptDownloads: true });
    defer(() => page.close());
    await page.goto(`${server.url}?q=blue.png`);
    const { href, offeredName, file } = await downloadFromExportLink(page, await tempDir());
    expect(href).toBe('/api/sessions/current/export?q=blue.png');
    expect(offeredName).toBe('session.html');
    const { page: exported, requests } = await openExport(file);
    // The filter chose what the file holds: blue's call and image only, and the page says so.
    await expect
      .poll(() => exported.getByTestId('export-subset').textContent(), { timeout: 30_000 })
      .toBe('Exported with filter: q=blue.png (1 of 2 calls, with their messages and images).');
    await expect.poll(() => callIds(exported)).toEqual(['call-2']);
    await expect.poll(() => exported.locator('.tc-gallery__tile img').count()).toBe(1);
    expect(await exported.getByRole('searchbox', { name: 'Find' }).inputValue()).toBe('blue.png');
    expect(requests).toEqual([]);
  });
});
