import type { Clock, IdSource } from '../../src/log/session-log-writer.ts';

export const FIXED_CLOCK: Clock = { now: () => 1_783_951_000_000 };

/** `${prefix}-1`, `${prefix}-2`, … — a fresh counter per call. */
export function countingIds(prefix = 'id'): IdSource {
  let next = 0;
  return { nextId: () => `${prefix}-${++next}` };
}

/** Exactly these ids, in order; running out is a test bug. */
export function scriptedIds(...ids: string[]): IdSource {
  const remaining = [...ids];
  return {
    nextId: () => {
      const id = remaining.shift();
      if (id === undefined) throw new Error('scriptedIds: no ids left');
      return id;
    },
  };
}
