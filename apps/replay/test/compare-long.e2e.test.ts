import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { writeLongSession } from './support/long-session-log.ts';
import { forcedLayouts, mainThreadTasks } from './support/main-thread-tasks.ts';
import { startReplay, type ReplayProcess } from './support/replay-process.ts';

/*
 * Two long runs compared: the recorded long session 100 times over (30 000 calls) against 99 times
 * over (29 700), in the real server and the production-built viewer in Debian's Chromium, with a
 * trace of the page's main thread from the first log request on.
 */

let browser: Browser;
let scratch: string;
let server: ReplayProcess | undefined;

beforeAll(async () => {
  await ensureViewerBuilt();
  browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
  scratch = await mkdtemp(path.join(os.tmpdir(), 'toolcard-replay-compare-long-'));
});

afterAll(async () => {
  await server?.stop();
  await browser.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('pnpm replay --compare on two 30 000-call logs', () => {
  it('reads and aligns both in workers; the page shows the first screen and the summary', async () => {
    const a = path.join(scratch, 'a.jsonl');
    const b = path.join(scratch, 'b.jsonl');
    await writeLongSession(a, 100);
    await writeLongSession(b, 99);
    server = await startReplay(['--compare', a, b, '--cache', path.join(scratch, 'cache')]);
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack'],
    });
    await page.goto(server.url);
    await page.getByTestId('compare-summary').waitFor({ timeout: 120_000 });
    await page.locator('.cmp-row').first().waitFor();
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as Parameters<typeof mainThreadTasks>[0];
    const tasks = mainThreadTasks(trace, '/api/sessions/a.jsonl/log');
    // Reported, not asserted (no timing bounds in tests on a shared machine): see the docs page "Compare two runs".
    const [load = 0] = os.loadavg();
    console.log(
      `compare long: machine load ${load.toFixed(1)} on ${os.availableParallelism()} cores; main-thread tasks from the first log request to the first screen: ${JSON.stringify(
        { count: tasks.count, totalMs: tasks.totalMs, over50ms: tasks.over50ms, longest: tasks.longest },
        null,
        2,
      )}`,
    );

    expect(await page.getByTestId('compare-summary').textContent()).toBe('29700 Same · 0 Changed · 300 Only in A · 0 Only in B');
    expect(workers).toEqual([expect.stringMatching(/^\/assets\/compare-worker-[\w-]+\.js$/)]);
    // The alignment (diff's Myers) and the log parser run in the worker's script, not in the page's.
    const pageScripts = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src));
    for (const script of pageScripts) expect(await (await fetch(script)).text()).not.toContain('x-log-generation');
    expect(await page.locator('.cmp-row').count()).toBeLessThan(60);
    // Rows are measured from their ResizeObserver entries: measuring one as it mounts would lay out the page inside the commit.
    const byMeasuring = forcedLayouts(trace).filter((stack) => stack.some((frame) => frame.functionName === 'measureElement'));
    expect(byMeasuring.map((stack) => stack.slice(0, 4).map((frame) => frame.functionName))).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});
