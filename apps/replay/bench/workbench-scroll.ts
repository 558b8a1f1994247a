/**
 * The workbench index page while scrolled (issue 21 §5: no task over 50 ms while scrolling, DOM
 * size constant in the number of sessions). The real `toolcard-replay` process over the generated
 * folder of N sessions (see workbench-folder.ts; its summary cache kept beside it, so only the
 * first run indexes), Debian's Chromium on the index page: the virtualised table scrolled from top
 * to bottom by mouse wheel, a frame after each step, while a `longtask` PerformanceObserver records
 * every task over 50 ms, and a Chromium trace gives each task's time on the CPU beside its wall time
 * (on a busy machine a task that waits while preempted is long without costing more). Prints one
 * JSON object; asserts nothing.
 *
 *   pnpm bench:workbench-scroll [--sessions N=5000]
 */
import os from 'node:os';
import path from 'node:path';

import { chromium } from 'playwright-core';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import type { TraceEvent } from '../../../scripts/chromium-trace.ts';
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { startReplay } from '../test/support/replay-process.ts';
import { sessionFolder, sessionsArgument } from './workbench-folder.ts';

const sessions = sessionsArgument('bench:workbench-scroll');
const WHEEL_PX = 600;
const LONG_TASK_MS = 50;

/**
 * The page's main-thread tasks in a trace: wall time (what a longtask observer sees) and time on the
 * CPU. On a machine shared with other work a task waits while preempted; the CPU time is its own cost.
 */
function mainThreadTasks(traceEvents: readonly TraceEvent[]): { ms: number; cpuMs: number }[] {
  const main = traceEvents.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (main === undefined) throw new Error('the trace has no renderer main thread');
  return traceEvents
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.name === 'RunTask')
    .map((task) => ({ ms: Math.round((task.dur ?? 0) / 1000), cpuMs: Math.round((task.tdur ?? 0) / 1000) }));
}

declare global {
  interface Window {
    longTasks: { start: number; ms: number }[];
  }
}

const dir = await sessionFolder(sessions);
await ensureViewerBuilt();
const cacheDir = path.join(os.tmpdir(), `toolcard-bench-workbench-${String(sessions)}-cache`);
const server = await startReplay([dir, '--cache', cacheDir]);
const browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
try {
  const indexed = Date.now();
  while (!/indexed \d+ sessions/.test(server.stderr())) {
    if (Date.now() - indexed > 600_000) throw new Error(`the index did not finish:\n${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(server.url);
  const table = page.getByRole('table');
  await table.waitFor();
  await page.waitForFunction((count) => document.querySelector(`[role="table"][aria-rowcount="${String(count + 1)}"]`) !== null, sessions, { timeout: 60_000 });
  const domNodes = () => page.evaluate(() => document.getElementsByTagName('*').length);
  const nextFrame = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await nextFrame();
  const atTop = await domNodes();
  const loadTasks = await page.evaluate(() => window.longTasks.length);
  const started = await page.evaluate(() => performance.now());
  await page.mouse.move(640, 600);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  let steps = 0;
  let maxDomNodes = atTop;
  for (;;) {
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, WHEEL_PX);
    await nextFrame();
    steps += 1;
    if (steps % 50 === 0) maxDomNodes = Math.max(maxDomNodes, await domNodes());
    if ((await page.evaluate(() => window.scrollY)) === before) break;
  }
  const scrollMs = (await page.evaluate(() => performance.now())) - started;
  const traced = mainThreadTasks((JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
  const lastRow = await page.evaluate(() =>
    Math.max(...[...document.querySelectorAll('[role="table"] [role="row"]')].map((row) => Number(row.getAttribute('aria-rowindex')))),
  );
  const atBottom = await domNodes();
  const tasks = await page.evaluate((from) => window.longTasks.filter((task) => task.start >= from).map((task) => Math.round(task.ms)), started);
  console.log(
    JSON.stringify(
      {
        sessions,
        cpus: os.availableParallelism(),
        load: os.loadavg().map((value) => +value.toFixed(2)),
        scroll: { steps, wheelPx: WHEEL_PX, ms: Math.round(scrollMs), lastRowIndex: lastRow },
        longTasks: {
          longestMs: Math.max(0, ...tasks),
          over50ms: tasks.filter((ms) => ms > LONG_TASK_MS).length,
          all: tasks,
          target: 0,
          whileLoading: loadTasks,
        },
        tracedTasks: {
          count: traced.length,
          longestMs: Math.max(0, ...traced.map((task) => task.ms)),
          longestCpuMs: Math.max(0, ...traced.map((task) => task.cpuMs)),
          over50msOnCpu: traced.filter((task) => task.cpuMs > LONG_TASK_MS).length,
        },
        domNodes: { atTop, atBottom, max: Math.max(maxDomNodes, atBottom) },
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.stop();
}
