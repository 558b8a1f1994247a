import type { OtherEventCount } from '../toolcard/session-log';

/** Counts the records a reader does not show, per type; the counts list is the same array until a count changes. */
export class OtherEventCounter {
  private readonly counts = new Map<string, number>();
  private list: readonly OtherEventCount[] | null = [];

  count(type: string): void {
    this.counts.set(type, (this.counts.get(type) ?? 0) + 1);
    this.list = null;
  }

  /** Sets a count kept elsewhere (0 leaves the type out). */
  set(type: string, count: number): void {
    if ((this.counts.get(type) ?? 0) === count) return;
    if (count === 0) this.counts.delete(type);
    else this.counts.set(type, count);
    this.list = null;
  }

  /** Most frequent first, then by type. */
  snapshot(): readonly OtherEventCount[] {
    this.list ??= [...this.counts]
      .map(([type, count]) => ({ type, count }))
      .sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
    return this.list;
  }
}
