/** A record's ISO-8601 `timestamp` as epoch milliseconds; `undefined` when it is absent or not a date. */
export function recordTime(value: unknown): number | undefined {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? at : undefined;
}
