import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { openExportedFile } from './support/exported-file.ts';
import { writeLongSession } from './support/long-session-log.ts';
import { mainThreadTasks } from './support/main-thread-tasks.ts';
import { runReplay } from './support/replay-process.ts';
import { useViewerBrowser } from './support/viewer-browser.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * Two long runs compared in an exported file: the recorded long session `times` over against one
 * repetition fewer, written by the real bin, opened from file:// in Debian's Chromium (where no worker
 * starts, so the alignment runs on the page), with a trace of the page's main thread from the file's
 * request on.
 */

const tempDir = useTempDirs();
const { browser, defer } = useViewerBrowser();

describe('pnpm replay export --compare on two long logs', () => {
  for (const times of [10, 100]) {
    it(`${times * 300} calls against ${(times - 1) * 300}: the page aligns them and shows the summary`, async () => {
      const dir = await tempDir();
      const a = path.join(dir, 'a.jsonl');
      const b = path.join(dir, 'b.jsonl');
      await writeLongSession(a, times);
      await writeLongSession(b, times - 1);
      const file = path.join(dir, 'report.html');
      const { code, stderr } = await runReplay(['export', '--compare', a, b, '-o', file]);
      expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });

      const { page, requests, errors } = await openExportedFile(browser(), defer, file, async (opening) => {
        // Every text the comparison's status line shows, as the page commits it.
        await opening.addInitScript(() => {
          const seen: string[] = [];
          (window as unknown as { __statuses: string[] }).__statuses = seen;
          new MutationObserver(() => {
            const text = document.querySelector('[data-testid="compare-status"]')?.textContent ?? null;
            const progress = document.querySelector('progress.cmp-progress') === null ? '' : ' (progress)';
            if (text !== null && seen.at(-1) !== text + progress) seen.push(text + progress);
          }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
        });
        await browser().startTracing(opening, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      });
      await page.getByTestId('compare-summary').waitFor({ timeout: 240_000 });
      await page.locator('.cmp-row').first().waitFor();
      const trace = JSON.parse((await browser().stopTracing()).toString('utf8')) as Parameters<typeof mainThreadTasks>[0];
      const tasks = mainThreadTasks(trace, 'report.html');
      // Reported, not asserted (no timing bounds in tests on a shared machine).
      const [load = 0] = os.loadavg();
      console.log(
        `exported compare of ${times * 300} calls: ${stderr.trim()}; machine load ${load.toFixed(1)} on ${os.availableParallelism()} cores; main-thread tasks from the file's request to the first screen: ${JSON.stringify(
          { count: tasks.count, totalMs: tasks.totalMs, over50ms: tasks.over50ms.map(({ ms, cpuMs }) => ({ ms, cpuMs })), longest: tasks.longest },
          null,
          2,
        )}`,
      );

      expect(await page.getByTestId('compare-summary').textContent()).toBe(`${(times - 1) * 300} Same · 0 Changed · 300 Only in A · 0 Only in B`);
      expect(await page.locator('.cmp-row').count()).toBeLessThan(60);
      // The alignment ran in slices: the page committed its progress between them (one long task would show none).
      const statuses = await page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
      const progress = statuses.filter((status) => /^Aligning the calls: \d+ % \(progress\)$/.test(status));
      expect(progress.length).toBeGreaterThan(1);
      // And each log was parsed in slices before it, saying how far.
      expect(statuses.filter((status) => /^A: reading the log, \d+ %/.test(status)).length).toBeGreaterThan(0);
      expect({ requests, errors }).toEqual({ requests: [], errors: [] });
    }, 300_000);
  }
});
