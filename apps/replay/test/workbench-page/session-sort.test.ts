import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { firstDirection, SORT_KEYS, sortAfterClick, sortSessions, sortValue, type IndexSort } from '../../viewer/workbench/session-sort.ts';
import { row, sessionRows } from './session-rows.ts';

const sortArbitrary: fc.Arbitrary<IndexSort> = fc.record({ key: fc.constantFrom(...SORT_KEYS), direction: fc.constantFrom('asc' as const, 'desc' as const) });

function compareKnown(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare(String(a), String(b));
}

describe('sorting the index', () => {
  it('orders by the column in its direction, sessions without a value last in both directions', () => {
    fc.assert(
      fc.property(sessionRows, sortArbitrary, (rows, sort) => {
        const sorted = sortSessions(rows, sort);
        expect(sorted.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
        const sign = sort.direction === 'asc' ? 1 : -1;
        for (const [index, current] of sorted.entries()) {
          const previous = sorted[index - 1];
          if (previous === undefined) continue;
          const before = sortValue(previous, sort.key);
          const after = sortValue(current, sort.key);
          if (before === null) expect(after).toBeNull();
          else if (after !== null) expect(sign * compareKnown(before, after)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it('is a total order: the same rows in any order sort the same (a live update never shuffles equal rows)', () => {
    fc.assert(
      fc.property(
        sessionRows.chain((rows) => fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }))),
        sortArbitrary,
        ([rows, shuffled], sort) => {
          expect(sortSessions(shuffled, sort).map((r) => r.id)).toEqual(sortSessions(rows, sort).map((r) => r.id));
        },
      ),
    );
  });

  it('sorts the review column by the share reviewed; nothing to review sorts last', () => {
    const rows = [
      row({ id: 'none' }),
      row({ id: 'half', review: { reviewed: 2, of: 4, failed: 0, notes: 0 } }),
      row({ id: 'quarter', review: { reviewed: 5, of: 20, failed: 0, notes: 0 } }),
      row({ id: 'all', review: { reviewed: 3, of: 3, failed: 1, notes: 0 } }),
      row({ id: 'zero', review: { reviewed: 0, of: 9, failed: 0, notes: 0 } }),
    ];
    expect(sortSessions(rows, { key: 'review', direction: 'desc' }).map((r) => r.id)).toEqual(['all', 'half', 'quarter', 'zero', 'none']);
    expect(sortSessions(rows, { key: 'review', direction: 'asc' }).map((r) => r.id)).toEqual(['zero', 'quarter', 'half', 'all', 'none']);
  });

  it('sorts titles as people read them (case and digits), unknown start times last', () => {
    const rows = [row({ id: 'a', title: 'run 10' }), row({ id: 'b', title: 'Run 9' }), row({ id: 'c', title: 'apple' })];
    expect(sortSessions(rows, { key: 'title', direction: 'asc' }).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    const timed = [row({ id: 'x' }), row({ id: 'y', startedAt: 5 }), row({ id: 'z', startedAt: Number.NaN })];
    expect(sortSessions(timed, { key: 'started', direction: 'asc' }).map((r) => r.id)).toEqual(['y', 'x', 'z']);
  });

  it('a header click flips its own column, or picks a new one in its first direction', () => {
    expect(sortAfterClick({ key: 'calls', direction: 'desc' }, 'calls')).toEqual({ key: 'calls', direction: 'asc' });
    expect(sortAfterClick({ key: 'calls', direction: 'asc' }, 'calls')).toEqual({ key: 'calls', direction: 'desc' });
    expect(sortAfterClick({ key: 'calls', direction: 'asc' }, 'title')).toEqual({ key: 'title', direction: 'asc' });
    expect(sortAfterClick({ key: 'title', direction: 'asc' }, 'failed')).toEqual({ key: 'failed', direction: 'desc' });
    expect(SORT_KEYS.filter((key) => firstDirection(key) === 'asc')).toEqual(['title', 'format']);
  });
});
