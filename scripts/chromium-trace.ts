/**
 * Reading a Chromium trace (the Trace Event Format; microseconds), shared by the replay viewer's
 * long-log e2e and `bench:ui:profile`.
 */

/** One trace event: `dur` is its wall time, `tdur` the time its thread spent on the CPU meanwhile. */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: {
    readonly name?: string;
    readonly data?: { readonly url?: string; readonly functionName?: string };
    /** A layout's: where script forced it, when traced with `disabled-by-default-devtools.timeline.stack`. */
    readonly beginData?: { readonly stackTrace?: readonly StackFrame[] };
  };
}

export interface StackFrame {
  readonly functionName: string;
  readonly url: string;
}

const end = (event: TraceEvent): number => event.ts + (event.dur ?? 0);

/** The complete events of `events` that run within `outer` (itself left out). */
export function eventsWithin(outer: TraceEvent, events: readonly TraceEvent[]): TraceEvent[] {
  return events.filter((event) => event !== outer && event.ph === 'X' && event.ts >= outer.ts && end(event) <= end(outer));
}

/** Those of `events` that are not within a longer one of them: the top-level parts of what they cover. */
export function outermost(events: readonly TraceEvent[]): TraceEvent[] {
  return events.filter(
    (event) => !events.some((other) => other !== event && other.ts <= event.ts && end(other) >= end(event) && (other.dur ?? 0) > (event.dur ?? 0)),
  );
}
