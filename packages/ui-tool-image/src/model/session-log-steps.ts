import type { ParsedSessionLog } from './session-log';

/**
 * The log as it stood at event `step`: only events with seq ≤ step (none for a negative step);
 * the header, problems and other-type counts are kept, so a replay stepped back still says what
 * is wrong with the log. `undefined` is the whole log.
 */
export function logUpTo(log: ParsedSessionLog, step: number | undefined): ParsedSessionLog {
  if (step === undefined) return log;
  return { ...log, events: log.events.filter((event) => event.seq <= step) };
}

/** The highest event seq in a log (-1 when it has no events): the step that shows all of it. */
export function lastSeq(log: ParsedSessionLog): number {
  return log.events.reduce((last, event) => Math.max(last, event.seq), -1);
}
