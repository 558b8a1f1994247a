import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { openExportedFile, type OpenedExport } from './support/exported-file.ts';
import { writeLongSession } from './support/long-session-log.ts';
import { mainThreadTasks } from './support/main-thread-tasks.ts';
import { runReplay } from './support/replay-process.ts';
import { useViewerBrowser } from './support/viewer-browser.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * Two long runs compared in an exported file: the recorded long session `times` over against one
 * repetition fewer, written by the real bin, opened from file:// in Debian's Chromium. The file
 * starts the compare worker from its own copy of the worker's script (a blob) and hands it both logs;
 * without that script, or where `new Worker` throws, the page aligns them itself, in slices.
 */

const tempDir = useTempDirs();
const { browser, defer } = useViewerBrowser();

const summaryOf = (times: number): string => `${(times - 1) * 300} Same · 0 Changed · 300 Only in A · 0 Only in B`;
const COMPARE_WORKER_SCRIPT = /<script type="text\/plain" id="toolcard-compare-worker">[\s\S]*?<\/script>\n/;

async function exportedComparison(times: number): Promise<{ readonly file: string; readonly stderr: string }> {
  const dir = await tempDir();
  const a = path.join(dir, 'a.jsonl');
  const b = path.join(dir, 'b.jsonl');
  await writeLongSession(a, times);
  await writeLongSession(b, times - 1);
  const file = path.join(dir, 'report.html');
  const { code, stderr } = await runReplay(['export', '--compare', a, b, '-o', file]);
  expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
  return { file, stderr };
}

/** The file opened with the workers it starts and every text its comparison's status line shows, as the page commits it, recorded from the start. */
async function openRecorded(
  file: string,
  beforeLoad?: (page: Page) => Promise<void>,
): Promise<OpenedExport & { readonly workers: string[]; readonly statuses: () => Promise<string[]> }> {
  const workers: string[] = [];
  const opened = await openExportedFile(browser(), defer, file, async (opening) => {
    opening.on('worker', (worker) => workers.push(worker.url()));
    await opening.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __statuses: string[] }).__statuses = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="compare-status"]')?.textContent ?? null;
        const progress = document.querySelector('progress.cmp-progress') === null ? '' : ' (progress)';
        if (text !== null && seen.at(-1) !== text + progress) seen.push(text + progress);
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await beforeLoad?.(opening);
  });
  await opened.page.getByTestId('compare-summary').waitFor({ timeout: 240_000 });
  await opened.page.locator('.cmp-row').first().waitFor();
  return { ...opened, workers, statuses: () => opened.page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses) };
}

/** The statuses of the page's own alignment: its progress, committed between its slices. */
const pageAlignment = (statuses: readonly string[]): string[] => statuses.filter((status) => /^Aligning the calls: \d+ % \(progress\)$/.test(status));

describe('pnpm replay export --compare on two long logs', () => {
  for (const times of [10, 100]) {
    it(`${times * 300} calls against ${(times - 1) * 300}: a worker started from a blob aligns them; the page shows the summary`, async () => {
      const { file, stderr } = await exportedComparison(times);
      const { page, workers, statuses, requests, violations, errors } = await openRecorded(file, (opening) =>
        browser().startTracing(opening, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] }),
      );
      const trace = JSON.parse((await browser().stopTracing()).toString('utf8')) as Parameters<typeof mainThreadTasks>[0];
      const tasks = mainThreadTasks(trace, 'report.html');
      // Reported, not asserted (no timing bounds in tests on a shared machine).
      const [load = 0] = os.loadavg();
      console.log(
        `exported compare of ${times * 300} calls: ${stderr.trim()}; machine load ${load.toFixed(1)} on ${os.availableParallelism()} cores; main-thread tasks from the file's request to the first screen: ${JSON.stringify(
          {
            count: tasks.count,
            totalMs: tasks.totalMs,
            over50ms: tasks.over50ms.map(({ ms, cpuMs, parts }) => ({ ms, cpuMs, parts: parts.slice(0, 3) })),
            longest: tasks.longest,
          },
          null,
          2,
        )}`,
      );

      expect(await page.getByTestId('compare-summary').textContent()).toBe(summaryOf(times));
      expect(await page.locator('.cmp-row').count()).toBeLessThan(60);
      // The one worker the page started before its first screen, from a blob of the file's own copy of its script; the page never aligned in slices.
      expect(workers).toEqual([expect.stringMatching(/^blob:/)]);
      const seen = await statuses();
      expect(pageAlignment(seen)).toEqual([]);
      // Each side’s reading, as the worker reports it (each log is more than one 1 MiB slice).
      expect(seen.filter((status) => /^A: reading the log, \d+ %/.test(status)).length).toBeGreaterThan(0);
      expect({ requests, violations, errors }).toEqual({ requests: [], violations: [], errors: [] });
    }, 300_000);
  }

  it('3000 calls against 2700 in a file without the compare worker’s script, or where no worker starts: the page aligns them itself, in slices', async () => {
    const { file } = await exportedComparison(10);
    const withoutWorker = path.join(path.dirname(file), 'without-worker.html');
    const html = await readFile(file, 'latin1');
    expect(html).toMatch(COMPARE_WORKER_SCRIPT);
    await writeFile(withoutWorker, html.replace(COMPARE_WORKER_SCRIPT, ''), 'latin1');

    const refused = async (opening: Page): Promise<void> => {
      await opening.addInitScript(() => {
        window.Worker = new Proxy(Worker, {
          construct: () => {
            throw new DOMException('no worker here', 'SecurityError');
          },
        });
      });
    };
    for (const [name, opened] of [
      ['no script', await openRecorded(withoutWorker)],
      ['new Worker throws', await openRecorded(file, refused)],
    ] as const) {
      const { page, workers, statuses, requests, violations, errors } = opened;
      expect({ name, summary: await page.getByTestId('compare-summary').textContent() }).toEqual({ name, summary: summaryOf(10) });
      expect({ name, workers }).toEqual({ name, workers: [] });
      // The page's own alignment, in slices: it committed its progress between them.
      expect(pageAlignment(await statuses()).length).toBeGreaterThan(1);
      expect({ name, requests, violations, errors }).toEqual({ name, requests: [], violations: [], errors: [] });
    }
  }, 300_000);
});
