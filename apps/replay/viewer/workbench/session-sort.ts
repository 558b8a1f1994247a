import type { SessionRow } from '../../wire/workbench';

/** The index's columns, as the query string names them (`sort=image-calls`). */
export const SORT_KEYS = ['title', 'format', 'started', 'duration', 'calls', 'image-calls', 'images', 'failed', 'problems', 'review'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface IndexSort {
  readonly key: SortKey;
  readonly direction: SortDirection;
}

/** The night's newest runs first. */
export const DEFAULT_SORT: IndexSort = { key: 'started', direction: 'desc' };

export function isSortKey(value: string): value is SortKey {
  return SORT_KEYS.some((key) => key === value);
}

/** A column's first direction when it is chosen: names A to Z, counts and times biggest (newest) first. */
export function firstDirection(key: SortKey): SortDirection {
  return key === 'title' || key === 'format' ? 'asc' : 'desc';
}

/** The sort after a click on `key`'s header: the other direction if it is the sorted column, else the column in its first direction. */
export function sortAfterClick(sort: IndexSort, key: SortKey): IndexSort {
  if (sort.key !== key) return { key, direction: firstDirection(key) };
  return { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' };
}

/** What a column sorts by; `null` (no time recorded, nothing to review) sorts last in both directions. */
export function sortValue(row: SessionRow, key: SortKey): string | number | null {
  switch (key) {
    case 'title':
      return row.title;
    case 'format':
      return row.format;
    case 'started':
      return finiteOrNull(row.startedAt);
    case 'duration':
      return finiteOrNull(row.durationMs);
    case 'calls':
      return row.calls;
    case 'image-calls':
      return row.imageCalls;
    case 'images':
      return row.images;
    case 'failed':
      return row.failedCalls;
    case 'problems':
      return row.problems;
    case 'review':
      return row.review.of === 0 ? null : row.review.reviewed / row.review.of;
  }
}

function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows in `sort`'s order, a new array. Ties fall back to the file, then the id, in ascending
 * order whatever the direction: the order is total, so a live update never shuffles equal rows.
 */
export function sortSessions(rows: readonly SessionRow[], sort: IndexSort): SessionRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: sortValue(row, sort.key) }));
  keyed.sort((a, b) => {
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      const order = compareValues(a.value, b.value);
      if (order !== 0) return sign * order;
    }
    return collator.compare(a.row.file, b.row.file) || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);
  });
  return keyed.map(({ row }) => row);
}
