/**
 * `pnpm replay` on another agent's big session file: writes a Codex rollout and a Claude Code
 * transcript of ~MB holding N distinct inline screenshots among the lines a real session has, then
 * for each times, in the same run, the floor (read the file as a stream, `JSON.parse` each line), the
 * real server (the bin, as a child process) until it prints its URL, and Debian's Chromium on it
 * until the first screen and until the page shows every item of the file. Reports the page's JS
 * heap and the server's RSS at the end and its peak. Prints one JSON object per format, each
 * figure beside its target; asserts nothing.
 *
 *   pnpm bench:replay [MB=500] [screenshots=2000] [codex|claude-code|both]
 */
import { createReadStream, rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { startReplay } from '../test/support/replay-process.ts';
import { writeSession, type AgentFormat } from './agent-session-files.ts';

const targetMb = Number(process.argv[2] ?? 500);
const screenshots = Number(process.argv[3] ?? 2000);
const which = process.argv[4] ?? 'both';
if (!(targetMb > 0) || !Number.isInteger(screenshots) || screenshots < 1 || !['codex', 'claude-code', 'both'].includes(which)) {
  console.error('usage: bench:replay [MB=500] [screenshots=2000] [codex|claude-code|both]');
  process.exit(2);
}
const FORMATS: readonly AgentFormat[] = which === 'both' ? ['codex', 'claude-code'] : [which as AgentFormat];

const MIB = 1_048_576;
/** The page's time to the whole log can be minutes on a busy 2-core machine. */
const WHOLE_LOG_TIMEOUT_MS = 30 * 60_000;
const TARGETS = { wholeLogToFloor: 3, pageHeapMiB: 150, serverRssMiB: 400, firstScreenMs: 2000 } as const;

const mib = (bytes: number) => +(bytes / MIB).toFixed(1);
const load = () => os.loadavg().map((value) => +value.toFixed(2));

/** The floor: the file read as a stream, each line parsed. */
async function readAndParse(file: string): Promise<number> {
  const started = performance.now();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) if (line !== '') JSON.parse(line);
  return performance.now() - started;
}

// --- Measuring ----------------------------------------------------------------------------------

/** A process's resident memory now and its peak (`VmRSS`, `VmHWM`), and its CPU time, from /proc. */
async function processUsage(pid: number): Promise<{ rss: number; peak: number; cpuS: number }> {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat (after the command's closing parenthesis).
  const fields = (await readFile(`/proc/${String(pid)}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rss: kib('VmRSS'), peak: kib('VmHWM'), cpuS: +(ticks / 100).toFixed(1) };
}

/** Live JS heap of the page (after a full GC) and of its Web Worker, which holds the parsed log. */
async function heaps(page: Page, cdp: CDPSession): Promise<{ page: number; worker: number | null }> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return { page: usedSize, worker: await workerHeap(page) };
}

/**
 * The worker's heap through the browser's CDP session: attached to the worker's target (non-flat
 * mode), a GC and `Runtime.getHeapUsage` sent as messages to it. `null` when Chromium will not.
 */
async function workerHeap(page: Page): Promise<number | null> {
  if (page.workers().length === 0) return null;
  const browserCdp = await page.context().browser()?.newBrowserCDPSession();
  if (browserCdp === undefined) return null;
  try {
    const { targetInfos } = await browserCdp.send('Target.getTargets');
    const worker = targetInfos.find((target) => target.type === 'worker');
    if (worker === undefined) return null;
    const { sessionId } = await browserCdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    let id = 0;
    const call = (method: string): Promise<Record<string, unknown>> => {
      id += 1;
      const callId = id;
      return new Promise((resolve) => {
        const onMessage = ({ message, sessionId: from }: { message: string; sessionId: string }) => {
          const reply = JSON.parse(message) as { id?: number; result?: Record<string, unknown> };
          if (from !== sessionId || reply.id !== callId) return;
          browserCdp.off('Target.receivedMessageFromTarget', onMessage);
          resolve(reply.result ?? {});
        };
        browserCdp.on('Target.receivedMessageFromTarget', onMessage);
        void browserCdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: callId, method }) });
      });
    };
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    return typeof usage.usedSize === 'number' ? usage.usedSize : null;
  } catch {
    return null;
  } finally {
    await browserCdp.detach();
  }
}

/**
 * When the server's spooled copy of the file (found among its open files) last grew, in ms since
 * `since`: sampled every 100 ms, so once the page has the whole log it is when the spool finished.
 */
function watchSpooledCopy(pid: number, basename: string, since: number): { lastGrowthMs: () => number; stop: () => void } {
  let copyPath: string | undefined;
  let size = -1;
  let grewAt = since;
  const sample = async (): Promise<void> => {
    if (copyPath === undefined) {
      const fds = await readdir(`/proc/${String(pid)}/fd`);
      const paths = await Promise.all(fds.map((fd) => readlink(`/proc/${String(pid)}/fd/${fd}`).catch(() => '')));
      copyPath = paths.find((target) => target.includes('toolcard-replay-spool-') && target.endsWith(`/${basename}`));
      if (copyPath === undefined) return;
    }
    const now = (await stat(copyPath)).size;
    if (now !== size) grewAt = performance.now();
    size = now;
  };
  const timer = setInterval(() => {
    sample().catch(() => undefined);
  }, 100);
  return {
    lastGrowthMs: () => Math.round(grewAt - since),
    stop: () => {
      clearInterval(timer);
    },
  };
}

/** Milliseconds from `since` until `wait` resolves; `null` (and the reason) when it does not. */
async function timeUntil(since: number, wait: Promise<unknown>): Promise<number | null> {
  try {
    await wait;
    return Math.round(performance.now() - since);
  } catch (error) {
    console.error(`bench:replay: ${(error as Error).message.split('\n')[0] ?? ''}`);
    return null;
  }
}

async function measure(browser: Browser, format: AgentFormat, dir: string): Promise<Record<string, unknown>> {
  const loadBefore = load();
  const generated = await writeSession(path.join(dir, `${format}.jsonl`), format, { targetMb, screenshots });
  if (generated.itemsBeforeLastLine === generated.items) console.error('bench:replay: the last line adds no item; the whole-log signal may come early');
  const floorMs = await readAndParse(generated.path);

  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await page.context().newCDPSession(page);
  const started = performance.now();
  const server = await startReplay([generated.path]);
  const ready = performance.now();
  const copy = watchSpooledCopy(server.pid, path.basename(generated.path), started);
  try {
    const rssAtReady = (await processUsage(server.pid)).rss;
    const opened = page.goto(server.url);
    const live = new RegExp(`^Live: ${String(generated.items)} events`);
    const [firstRowMs, firstImageMs, wholeLogMs] = await Promise.all([
      timeUntil(ready, page.locator('.tc-replay__item').first().waitFor({ timeout: 120_000 })),
      timeUntil(ready, page.locator('.tc-gallery__tile[data-status="ready"] img').first().waitFor({ timeout: 120_000 })),
      timeUntil(
        started,
        opened.then(() => page.getByTestId('replay-status').filter({ hasText: live }).waitFor({ timeout: WHOLE_LOG_TIMEOUT_MS })),
      ),
    ]);
    const rowsBuiltMs = await timeUntil(
      started,
      page.waitForFunction(() => document.querySelector('.tc-replay[aria-busy]') === null, undefined, { timeout: 120_000, polling: 100 }),
    );
    const status = await page.getByTestId('replay-status').textContent();
    const heap = await heaps(page, cdp);
    const server_ = await processUsage(server.pid);
    const firstScreenMs = firstRowMs === null || firstImageMs === null ? null : Math.max(firstRowMs, firstImageMs);
    const wholeLogToFloor = wholeLogMs === null ? null : +(wholeLogMs / floorMs).toFixed(2);
    const pageHeapMiB = mib(heap.page);
    const serverRssPeakMiB = mib(server_.peak);
    return {
      format,
      date: new Date().toISOString(),
      load: { before: loadBefore, after: load(), cpus: os.cpus().length },
      file: {
        MiB: mib(generated.bytes),
        lines: generated.lines,
        screenshots,
        imageBase64KiB: +(generated.imageBase64Bytes / 1024).toFixed(0),
        copiesPerImage: generated.copiesPerImage,
        items: generated.items,
        generateMs: Math.round(generated.ms),
      },
      floorMs: Math.round(floorMs),
      serverReadyMs: Math.round(ready - started),
      /** From the server's start until its spooled copy last grew: the server's share of the whole log. */
      spoolDoneMs: copy.lastGrowthMs(),
      spoolToFloor: +(copy.lastGrowthMs() / floorMs).toFixed(2),
      /** After the server printed its URL. */
      firstRowMs,
      firstImageMs,
      /** From the server's start until the status reads "Live: <every item> events". */
      wholeLogMs,
      wholeLogToFloor,
      rowsBuiltMs,
      status,
      pageHeapMiB,
      workerHeapMiB: heap.worker === null ? null : mib(heap.worker),
      serverRssAtReadyMiB: mib(rssAtReady),
      serverRssEndMiB: mib(server_.rss),
      serverRssPeakMiB,
      serverCpuS: server_.cpuS,
      pageErrors: errors,
      targets: {
        wholeLogToFloor: `≤ ${String(TARGETS.wholeLogToFloor)}`,
        pageHeapMiB: `≤ ${String(TARGETS.pageHeapMiB)}`,
        serverRssMiB: `≤ ${String(TARGETS.serverRssMiB)}`,
        firstScreenMs: `≤ ${String(TARGETS.firstScreenMs)} after the server is ready`,
      },
      met: {
        wholeLogToFloor: wholeLogToFloor !== null && wholeLogToFloor <= TARGETS.wholeLogToFloor,
        pageHeapMiB: pageHeapMiB <= TARGETS.pageHeapMiB,
        serverRssMiB: serverRssPeakMiB <= TARGETS.serverRssMiB,
        firstScreenMs: firstScreenMs !== null && firstScreenMs <= TARGETS.firstScreenMs,
      },
    };
  } finally {
    copy.stop();
    await page.close();
    await server.stop();
    await rm(generated.path, { force: true });
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-replay-bench-'));
// The generated files are hundreds of MB: gone on Ctrl-C too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
}
try {
  await ensureViewerBuilt();
  const browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
  try {
    for (const format of FORMATS) console.log(JSON.stringify(await measure(browser, format, dir), null, 2));
  } finally {
    await browser.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
