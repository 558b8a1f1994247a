import { eventsWithin, outermost, type StackFrame, type TraceEvent } from '../../../../scripts/chromium-trace.ts';

export interface LongTask {
  /** Milliseconds, wall time. */
  readonly ms: number;
  /**
   * Milliseconds the main thread was on the CPU during the task: on a machine shared with other
   * work, the difference is time the task waited (preempted, or on another process, as a font
   * lookup waits on the browser's).
   */
  readonly cpuMs: number;
  /** Its top-level parts, longest first: `name (function or url) ms`. */
  readonly parts: readonly string[];
}

export interface MainThreadTasks {
  readonly count: number;
  /** Milliseconds, all tasks together: wall time, and on the CPU. */
  readonly totalMs: number;
  readonly totalCpuMs: number;
  /** Each task over 50 ms (wall time), in the order they ran. */
  readonly over50ms: readonly LongTask[];
  readonly longest: LongTask | null;
  /** The task longest on the CPU. */
  readonly longestOnCpu: LongTask | null;
}

const ms = (microseconds: number): number => Math.round(microseconds / 100) / 10;

/**
 * The tasks of the page's main thread (`CrRendererMain`) in a trace recorded with the
 * `devtools.timeline` categories, from the first request whose URL contains `fromUrl` on: each
 * `RunTask`, and what the longest one spent its time on.
 */
export function mainThreadTasks(trace: { readonly traceEvents: readonly TraceEvent[] }, fromUrl: string): MainThreadTasks {
  const events = trace.traceEvents;
  const main = rendererMain(events);
  const start = events.find((event) => event.name === 'ResourceSendRequest' && event.args?.data?.url?.includes(fromUrl) === true)?.ts;
  if (start === undefined) throw new Error(`the trace has no request for ${fromUrl}`);
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.ts >= start);
  const tasks = onMain.filter((event) => event.name === 'RunTask');
  const longestBy = (time: (event: TraceEvent) => number | undefined): TraceEvent | null =>
    tasks.reduce<TraceEvent | null>((found, task) => ((time(task) ?? 0) > (found === null ? 0 : (time(found) ?? 0)) ? task : found), null);
  const longest = longestBy((task) => task.dur);
  const longestOnCpu = longestBy((task) => task.tdur);
  return {
    count: tasks.length,
    totalMs: ms(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0)),
    totalCpuMs: ms(tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0)),
    over50ms: tasks.filter((task) => (task.dur ?? 0) > 50_000).map((task) => describe(task, onMain)),
    longest: longest === null ? null : describe(longest, onMain),
    longestOnCpu: longestOnCpu === null ? null : describe(longestOnCpu, onMain),
  };
}

function describe(task: TraceEvent, onMain: readonly TraceEvent[]): LongTask {
  const parts = outermost(eventsWithin(task, onMain));
  const label = (event: TraceEvent): string => {
    const detail = event.args?.data?.functionName ?? event.args?.data?.url;
    return `${event.name}${detail === undefined || detail === '' ? '' : ` (${detail})`} ${ms(event.dur ?? 0)} ms`;
  };
  return {
    ms: ms(task.dur ?? 0),
    cpuMs: ms(task.tdur ?? 0),
    parts: [...parts]
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 4)
      .map(label),
  };
}

/**
 * The page's layouts that script forced (read a size or position before the browser's own layout
 * ran), each as the stack that forced it, innermost frame first: the trace must have been recorded
 * with `disabled-by-default-devtools.timeline.stack` as well.
 */
export function forcedLayouts(trace: { readonly traceEvents: readonly TraceEvent[] }): (readonly StackFrame[])[] {
  const main = rendererMain(trace.traceEvents);
  return trace.traceEvents.flatMap((event) => {
    const stack = event.args?.beginData?.stackTrace;
    return event.pid === main.pid && event.tid === main.tid && event.name === 'Layout' && stack !== undefined && stack.length > 0 ? [stack] : [];
  });
}

/** The page's main thread's name event; a trace without one cannot say anything of the page (throws, rather than finding nothing). */
function rendererMain(events: readonly TraceEvent[]): TraceEvent {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (main === undefined) throw new Error('the trace has no renderer main thread');
  return main;
}
