import type { ParsedSessionLog, SessionEvent } from './session-log';

/** How many events have seq ≤ `step`. A log's events are in log order, so their seqs ascend: a binary search. */
function countUpTo(events: readonly SessionEvent[], step: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((events[middle]?.seq ?? 0) <= step) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The log as it stood at event `step`: only events with seq ≤ step (none for a negative step);
 * the header, problems and other-type counts are kept, so a replay stepped back still says what
 * is wrong with the log. `undefined`, or a step at or past the last event, is the log itself.
 * Logarithmic in the number of events, so a live view can call it on every snapshot.
 */
export function logUpTo(log: ParsedSessionLog, step: number | undefined): ParsedSessionLog {
  if (step === undefined) return log;
  const count = countUpTo(log.events, step);
  return count === log.events.length ? log : { ...log, events: log.events.slice(0, count) };
}

/** The highest event seq in a log (-1 when it has no events): the step that shows all of it. */
export function lastSeq(log: ParsedSessionLog): number {
  return log.events.at(-1)?.seq ?? -1;
}

/** How many of a log's events have seq ≤ `seq`: the position a step control shows for that seq. */
export function eventsUpTo(log: ParsedSessionLog, seq: number): number {
  return countUpTo(log.events, seq);
}

/**
 * The log as it stood after its first `count` events (clamped to 0…all): step 0 is the header, the
 * problems and the other-type counts alone; the last step, or more, is the log itself.
 */
export function logAtEvent(log: ParsedSessionLog, count: number): ParsedSessionLog {
  const clamped = Math.max(0, Math.min(Math.trunc(count), log.events.length));
  return clamped === log.events.length ? log : { ...log, events: log.events.slice(0, clamped) };
}
