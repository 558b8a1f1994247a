/**
 * pnpm bench:ui:profile <mount|fling|search> [repeat] — runs one bench step (`renderAll` of the
 * replay, `flingLongestTask` or `searchOnce`) on the long session repeated `repeat` times (default 100: 30 000 calls) under a
 * Chromium trace and V8's CPU profiler, both through Playwright's CDP session, and prints where
 * the time goes inside the step's timed window (between its `uibench:*` user-timing marks): the
 * longest main-thread tasks with their self time by trace event (script, style, layout, paint, GC)
 * and the JS functions with the most self time. The trace and profile land in
 * `.bench-results/profiles/` (open the trace in chrome://tracing or Perfetto, the profile in DevTools).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { eventsWithin, outermost, type TraceEvent } from '../../scripts/chromium-trace';
import { launchChromium, REPO_ROOT, startBenchServer } from './launch';
import { SEARCH_QUERY } from './measure';
import { callPage, jsHeapAfterGc } from './page-calls';

const STEPS = ['mount', 'fling', 'search'] as const;
type Step = (typeof STEPS)[number];
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8', 'v8.execute'];
const OUT_DIR = path.join(REPO_ROOT, '.bench-results/profiles');
const TOP = Number(process.env.PROFILE_TOP ?? 15);
const MOUNT_ATTEMPTS = 8;

interface CpuProfile {
  readonly nodes: readonly { readonly id: number; readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number } }[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve) => {
    cdp.once('Tracing.tracingComplete', (event) => {
      if (event.stream === undefined) throw new Error('The trace came back without a stream.');
      resolve(event.stream);
    });
  });
  await cdp.send('Tracing.end');
  const handle = await complete;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded === true ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(text) as { readonly traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The renderer main thread: the thread the user-timing marks were made on. */
function markWindow(events: readonly TraceEvent[], step: Step): { readonly pid: number; readonly tid: number; readonly start: number; readonly end: number } {
  // The last pair: a mount step mounts the floor first.
  const mark = (suffix: string) => events.findLast((event) => event.name === `uibench:${step}:${suffix}`);
  const start = mark('start');
  const end = mark('end');
  if (start === undefined || end === undefined) throw new Error(`The trace has no uibench:${step} marks.`);
  return { pid: start.pid, tid: start.tid, start: start.ts, end: end.ts };
}

/** Self time (µs) per event name inside `task`: each complete event's duration minus its children's. */
function selfTimes(events: readonly TraceEvent[], task: TraceEvent): Map<string, number> {
  const inside = eventsWithin(task, events).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { readonly name: string; readonly end: number; childTime: number; readonly dur: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop();
      if (done === undefined) break;
      self.set(done.name, (self.get(done.name) ?? 0) + done.dur - done.childTime);
    }
  };
  let covered = 0;
  for (const event of inside) {
    close(event.ts);
    const dur = event.dur ?? 0;
    const parent = stack.at(-1);
    if (parent === undefined) covered += dur;
    else parent.childTime += dur;
    stack.push({ name: event.name, end: event.ts + dur, childTime: 0, dur });
  }
  close(Number.POSITIVE_INFINITY);
  self.set('(task, untraced)', (task.dur ?? 0) - covered);
  return self;
}

function jsSelfTimes(profile: CpuProfile, from: number, to: number): Map<string, number> {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, at) => {
    const delta = profile.timeDeltas[at] ?? 0;
    time += delta;
    if (time < from || time > to) return;
    const frame = frames.get(id);
    if (frame === undefined) return;
    const where = frame.url === '' ? '' : ` ${frame.url.replace(/^.*\/(node_modules\/\.vite|@fs)\//, '').replace(/\?.*$/, '')}:${String(frame.lineNumber + 1)}`;
    const name = `${frame.functionName === '' ? '(anonymous)' : frame.functionName}${where}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[at + 1] ?? delta));
  });
  return self;
}

function printTop(title: string, times: ReadonlyMap<string, number>, total?: number): void {
  const rows = [...times].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  console.log(`\n${title}${total === undefined ? '' : ` (${(total / 1000).toFixed(1)} ms)`}`);
  for (const [name, micros] of rows) console.log(`  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`);
}

const step = (process.argv[2] ?? 'fling') as Step;
if (!STEPS.includes(step)) throw new Error(`Usage: profile.ts <${STEPS.join('|')}> [repeat]`);
const repeat = Number(process.argv[3] ?? 100);

const { server, url } = await startBenchServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(url);
  await page.waitForFunction(() => window.uiBench !== undefined);
  const cdp = await page.context().newCDPSession(page);
  const runStep = async (): Promise<unknown> => {
    if (step === 'fling') return callPage(page, 'flingLongestTask');
    if (step === 'search') return callPage(page, 'searchOnce', SEARCH_QUERY);
    // As a bench sample comes: after a floor sample and a forced GC.
    await callPage(page, 'renderAll', 'floor');
    await callPage(page, 'unmount');
    await jsHeapAfterGc(cdp);
    const mounted = await callPage(page, 'renderAll', 'replay');
    await callPage(page, 'unmount');
    return mounted;
  };
  /** A mount without a long task is traced again (a few times at most): a long one is the one worth reading. */
  const worthReading = (result: unknown, attempt: number): boolean =>
    step !== 'mount' || attempt === MOUNT_ATTEMPTS || (result as { readonly longestTaskMs: number }).longestTaskMs > 0;
  const session = await callPage(page, 'prepare', repeat);
  console.log(`${String(session.toolCalls)} calls; warming up …`);
  // One untraced run first: JIT and caches as in the bench, where this step follows the samples.
  await runStep();

  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  let traced: { readonly result: unknown; readonly profile: CpuProfile; readonly events: TraceEvent[] } | undefined;
  for (let attempt = 1; traced === undefined; attempt++) {
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReturnAsStream' });
    await cdp.send('Profiler.start');
    const result = await runStep();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { readonly profile: CpuProfile };
    const events = await readTrace(cdp);
    console.log(`${step}: ${JSON.stringify(result)}`);
    if (worthReading(result, attempt)) traced = { result, profile, events };
  }
  const { profile, events } = traced;

  const timed = markWindow(events, step);
  const tasks = events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === timed.pid && event.tid === timed.tid)
    .filter((event) => event.ts + (event.dur ?? 0) >= timed.start && event.ts <= timed.end)
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
  const thread = events.filter((event) => event.pid === timed.pid && event.tid === timed.tid);
  console.log(`window ${((timed.end - timed.start) / 1000).toFixed(1)} ms, ${String(tasks.length)} tasks`);
  for (const task of tasks.slice(0, 3)) {
    const cpu = task.tdur === undefined ? '' : `, ${(task.tdur / 1000).toFixed(1)} ms on the CPU`;
    printTop(`task at +${((task.ts - timed.start) / 1000).toFixed(1)} ms${cpu}, self time by trace event`, selfTimes(thread, task), task.dur);
    printTop('  JS self time in it', jsSelfTimes(profile, task.ts, task.ts + (task.dur ?? 0)));
  }
  const inWindow = thread.filter((event) => event.ph === 'X' && event.ts >= timed.start && event.ts + (event.dur ?? 0) <= timed.end);
  console.log('\noutermost trace events inside the window (wall ms / CPU ms)');
  for (const event of outermost(inWindow).filter((e) => (e.dur ?? 0) >= 50))
    console.log(`  ${((event.dur ?? 0) / 1000).toFixed(2).padStart(8)} / ${((event.tdur ?? 0) / 1000).toFixed(2)}  ${event.name}`);
  printTop('whole window, JS self time', jsSelfTimes(profile, timed.start, timed.end));

  await mkdir(OUT_DIR, { recursive: true });
  const stamp = new Date().toISOString().replaceAll(':', '-');
  await writeFile(path.join(OUT_DIR, `ui-${step}-${stamp}.trace.json`), JSON.stringify({ traceEvents: events }));
  await writeFile(path.join(OUT_DIR, `ui-${step}-${stamp}.cpuprofile`), JSON.stringify(profile));
  console.log(`\ntrace and profile: ${OUT_DIR}/ui-${step}-${stamp}.*`);
} finally {
  await browser.close();
  await server.close();
}
