import { formatLabel, type LabelSet } from '../../labels';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A time after the session's start as a clock reading: `+0:07`, `+12:03`, `+1:02:03`. */
export function offsetText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / SECOND));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `+${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `+${minutes}:${seconds}`;
}

/** A span of time in words of the locale, to the precision a person reads: `340 ms`, `2.4 s`, `3 min 5 s`, `1 h 2 min`. */
export function durationText(labels: LabelSet, ms: number): string {
  const span = Math.max(0, ms);
  if (span < SECOND) return formatLabel(labels['time.milliseconds'], { value: Math.round(span) });
  if (span < 10 * SECOND) return formatLabel(labels['time.seconds'], { value: (span / SECOND).toFixed(1) });
  if (span < MINUTE) return formatLabel(labels['time.seconds'], { value: Math.round(span / SECOND) });
  if (span < HOUR) return formatLabel(labels['time.minutes'], { minutes: Math.floor(span / MINUTE), seconds: Math.floor((span % MINUTE) / SECOND) });
  return formatLabel(labels['time.hours'], { hours: Math.floor(span / HOUR), minutes: Math.floor((span % HOUR) / MINUTE) });
}

/**
 * How long from `startedAt` to `endedAt` in words, only where the log records both and time passed:
 * a call and its output written in the same millisecond (a Codex rollout often writes both at once)
 * say nothing about how long it took, so no "0 ms".
 */
export function durationBetween(labels: LabelSet, startedAt: number | undefined, endedAt: number | undefined): string | undefined {
  return startedAt !== undefined && endedAt !== undefined && endedAt > startedAt ? durationText(labels, endedAt - startedAt) : undefined;
}
