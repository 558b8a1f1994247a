import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { appendReview, reviewFilePath } from '../src/reviews/review-file.ts';
import { HOSTILE, hostileSession } from './export-sessions.ts';
import { downloadFromExportLink, injectedInto, openExportedFile } from './support/exported-file.ts';
import { runReplay, startReplay } from './support/replay-process.ts';
import { twoRuns } from './support/two-runs.ts';
import { expectDifferenceKeys } from './support/compare-page.ts';
import { useViewerBrowser } from './support/viewer-browser.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * `pnpm replay export --compare A B`: the real bin writes two runs recorded by our own host
 * recorder (one image shared, one changed, one call only in B) into one HTML file, and Debian's
 * Chromium opens it from file:// with every request refused and counted.
 */

const tempDir = useTempDirs();
const { browser, defer } = useViewerBrowser();
const openExport = (file: string) => openExportedFile(browser(), defer, file);

async function exportComparison(a: string, b: string, storeDir: string): Promise<{ readonly file: string; readonly stderr: string }> {
  const file = path.join(await tempDir(), 'report.html');
  const { code, stdout, stderr } = await runReplay(['export', '--compare', a, b, '--store', storeDir, '-o', file]);
  expect({ code, stderr }).toMatchObject({ code: 0 });
  expect(stdout.trim()).toBe(file);
  return { file, stderr };
}

const summary = (page: Page) => page.getByTestId('compare-summary');
const rowKinds = (page: Page) => page.locator('.cmp-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
const loaded = (images: Locator) =>
  images.evaluateAll((all) => all.length > 0 && all.every((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0));

describe('pnpm replay export --compare A B -o report.html', () => {
  it('opens from file:// on the comparison with no request: Same / Changed / Only in B, n / N, the Difference mode, B’s verdicts; each image once', async () => {
    const runs = await twoRuns(tempDir);
    // B's changed image (its second call) has a verdict in B's review file.
    await appendReview(reviewFilePath(runs.b), {
      at: '2026-01-10T09:00:00.000Z',
      reviewer: 'qa',
      target: 'call:call-2/image:0',
      verdict: 'fail',
      note: 'the swatch turned yellow',
    });
    const { file, stderr } = await exportComparison(runs.a, runs.b, runs.storeDir);
    // red (in both runs), A's green, B's yellow green, blue: four images, red written once.
    expect(stderr).toMatch(/wrote .*report\.html: [\d.]+ MB \(viewer [\d.]+ MB, 4 images [\d.]+ MB, log [\d.]+ MB gzipped from [\d.]+ MB\)/);
    expect((await readFile(file, 'latin1')).match(/<script type="application\/octet-stream" data-toolcard-image=/g)).toHaveLength(4);

    const { page, requests, violations, dialogs, errors } = await openExport(file);
    await expect.poll(() => summary(page).textContent(), { timeout: 30_000 }).toBe('1 Same · 1 Changed · 0 Only in A · 1 Only in B');
    expect(await rowKinds(page)).toEqual(['same', 'changed', 'only-b']);
    expect((await page.locator('.cmp-row__mark').allTextContents()).map((text) => text.replace(/^\d+\s*/, '').trim())).toEqual([
      'Same',
      'Changed',
      'Only in B',
    ]);
    expect(await page.getByRole('link', { name: 'Export' }).count()).toBe(0);

    await expectDifferenceKeys(page);

    // The Difference mode computes in a worker started from the file's own copy of its script (a blob): every pixel of green against yellow changed.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.locator('.cmp-row--changed').getByRole('button', { name: 'Compare images' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => loaded(dialog.locator('img'))).toBe(true);
    await dialog.getByRole('radio', { name: 'Difference' }).check();
    await expect.poll(() => dialog.getByText(/pixels changed \(100(\.0)? %\)|pixels changed \(> 99\.9 %\)/).count(), { timeout: 15_000 }).toBe(1);
    expect(workers.length).toBeGreaterThan(0);
    expect(workers.every((url) => url.startsWith('blob:'))).toBe(true);
    // B's verdict on that image, from its review file, read-only.
    await expect.poll(() => dialog.getByText('the swatch turned yellow').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByLabel('Only differences').check();
    await expect.poll(() => rowKinds(page)).toEqual(['changed', 'only-b']);

    // B's own view, from its link: every image shows, the shared one from the element A's carries.
    await page.getByRole('link', { name: 'b.jsonl' }).click();
    await expect.poll(() => page.getByTestId('replay-status').textContent(), { timeout: 30_000 }).toMatch(/^\d+ events, exported/);
    await expect.poll(() => page.locator('.tc-gallery__tile img').count()).toBe(3);
    await expect.poll(() => loaded(page.locator('.tc-gallery__tile img'))).toBe(true);
    expect(await summary(page).count()).toBe(0);

    // Back to the comparison from B's view: the file again, without a query, read from the file itself.
    await page.getByRole('link', { name: 'Back to the comparison' }).click();
    await expect.poll(() => summary(page).textContent(), { timeout: 30_000 }).toBe('1 Same · 1 Changed · 0 Only in A · 1 Only in B');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByRole('link', { name: 'Back to the comparison' }).count()).toBe(0);

    expect({ requests, violations, dialogs, errors }).toEqual({ requests: [], violations: [], dialogs: [], errors: [] });
  });

  it('a comparison saved again as UTF-8 by an editor says that neither log can be read', async () => {
    const runs = await twoRuns(tempDir);
    const { file } = await exportComparison(runs.a, runs.b, runs.storeDir);
    const resaved = path.join(path.dirname(file), 'resaved.html');
    await writeFile(resaved, (await readFile(file, 'latin1')).replace('<meta charset="windows-1252">', '<meta charset="utf-8">'), 'utf8');
    const { page, errors } = await openExport(resaved);
    await expect
      .poll(() => page.getByTestId('compare-status').textContent(), { timeout: 30_000 })
      .toBe(['A', 'B'].map((side) => `${side}: this file’s log cannot be read (cut short or changed after it was exported). Export it again.`).join(' · '));
    expect(errors).toEqual([]);
  });

  it('two hostile runs compared run no script: their markup, </script> and javascript: are text', async () => {
    const a = await hostileSession(await tempDir());
    const b = await hostileSession(await tempDir());
    const { file } = await exportComparison(a.logPath, b.logPath, a.storeDir);
    const { page, requests, violations, dialogs, errors } = await openExport(file);
    // The image call's result text names each run's own workspace folder: Changed.
    await expect.poll(() => summary(page).textContent(), { timeout: 30_000 }).toBe('1 Same · 1 Changed · 0 Only in A · 0 Only in B');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('</script><script>window.__pwned=1</script>');
    expect(await injectedInto(page)).toEqual({ scripts: 0, images: 0, pwned: undefined });
    expect({ requests, violations, dialogs, errors }).toEqual({ requests: [], violations: [], dialogs: [], errors: [] });
    expect(HOSTILE).toContain('javascript:');
  });
});

describe('the compare page’s Export link and GET /api/sessions/<A>/export?with=<B>', () => {
  it('downloads the comparison as the file the command writes', async () => {
    const runs = await twoRuns(tempDir);
    const cache = path.join(await tempDir(), 'cache');
    await mkdir(cache);
    const server = await startReplay(['--compare', runs.a, runs.b, '--store', runs.storeDir, '--cache', cache]);
    defer(() => server.stop());
    const page = await browser().newPage({ acceptDownloads: true });
    defer(() => page.close());
    await page.goto(server.url);
    const { href, offeredName, file } = await downloadFromExportLink(page, await tempDir());
    expect(href).toBe('/api/sessions/a.jsonl/export?with=b.jsonl');
    expect(offeredName).toBe('a-vs-b.html');
    const { page: exported, requests } = await openExport(file);
    await expect.poll(() => summary(exported).textContent(), { timeout: 30_000 }).toBe('1 Same · 1 Changed · 0 Only in A · 1 Only in B');
    expect(requests).toEqual([]);
  });
});
