/** A duration in whole hours, minutes and seconds (rounded to the second); `null` for no or a nonsensical duration. */
export interface DurationParts {
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

export function durationParts(ms: number | null): DurationParts | null {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return null;
  const total = Math.round(ms / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** The moment `ms` (epoch milliseconds) names, `null` when it names none a Date can hold. */
export function instantOf(ms: number | null): Date | null {
  if (ms === null) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}
