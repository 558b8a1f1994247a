/** One event of a Chromium trace (the Trace Event Format; `ts` and `dur` in microseconds). */
interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly url?: string; readonly functionName?: string } };
}

export interface LongTask {
  /** Milliseconds. */
  readonly ms: number;
  /** Its top-level parts, longest first: `name (function or url) ms`. */
  readonly parts: readonly string[];
}

export interface MainThreadTasks {
  readonly count: number;
  /** Milliseconds, all tasks together. */
  readonly totalMs: number;
  /** Each task over 50 ms, in the order they ran. */
  readonly over50ms: readonly LongTask[];
  readonly longest: LongTask | null;
}

const ms = (microseconds: number): number => Math.round(microseconds / 100) / 10;

/**
 * The tasks of the page's main thread (`CrRendererMain`) in a trace recorded with the
 * `devtools.timeline` categories, from the first request whose URL contains `fromUrl` on: each
 * `RunTask`, and what the longest one spent its time on.
 */
export function mainThreadTasks(trace: { readonly traceEvents: readonly TraceEvent[] }, fromUrl: string): MainThreadTasks {
  const events = trace.traceEvents;
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (main === undefined) throw new Error('the trace has no renderer main thread');
  const start = events.find((event) => event.name === 'ResourceSendRequest' && event.args?.data?.url?.includes(fromUrl) === true)?.ts;
  if (start === undefined) throw new Error(`the trace has no request for ${fromUrl}`);
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.ts >= start);
  const tasks = onMain.filter((event) => event.name === 'RunTask');
  const longest = tasks.reduce<TraceEvent | null>((found, task) => ((task.dur ?? 0) > (found?.dur ?? 0) ? task : found), null);
  const totalMs = ms(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0));
  return { count: tasks.length, totalMs, over50ms: tasks.filter((task) => (task.dur ?? 0) > 50_000).map((task) => describe(task, onMain)), longest: longest === null ? null : describe(longest, onMain) };
}

function describe(task: TraceEvent, onMain: readonly TraceEvent[]): LongTask {
  const end = task.ts + (task.dur ?? 0);
  const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
  // Top-level parts: not inside another part.
  const parts = inside.filter(
    (event) => !inside.some((other) => other !== event && other.ts <= event.ts && other.ts + (other.dur ?? 0) >= event.ts + (event.dur ?? 0) && (other.dur ?? 0) > (event.dur ?? 0)),
  );
  const label = (event: TraceEvent): string => {
    const detail = event.args?.data?.functionName ?? event.args?.data?.url;
    return `${event.name}${detail === undefined || detail === '' ? '' : ` (${detail})`} ${ms(event.dur ?? 0)} ms`;
  };
  return { ms: ms(task.dur ?? 0), parts: [...parts].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 4).map(label) };
}
