import { describe, expect, it } from 'vitest';

import { ReferencedIdsCache } from '../../src/http/referenced-ids-cache.ts';

const line = (attachmentId: string) => `${JSON.stringify({ type: 'image', attachment: { attachmentId } })}\n`;

describe('ReferencedIdsCache', () => {
  it('reuses the walk for unchanged text and walks again when the log grew', () => {
    const cache = new ReferencedIdsCache(4);
    const first = cache.idsFor('s', line('a'));

    expect(cache.idsFor('s', line('a'))).toBe(first);
    expect(cache.idsFor('s', line('a') + line('b'))).toEqual(new Set(['a', 'b']));
  });

  it('keeps sessions apart', () => {
    const cache = new ReferencedIdsCache(4);
    cache.idsFor('s', line('a'));
    expect(cache.idsFor('t', line('b'))).toEqual(new Set(['b']));
  });

  it('drops the least recently used session beyond its capacity', () => {
    const cache = new ReferencedIdsCache(2);
    const a = cache.idsFor('a', line('x'));
    const b = cache.idsFor('b', line('x'));
    cache.idsFor('a', line('x'));
    cache.idsFor('c', line('x'));

    expect(cache.idsFor('a', line('x'))).toBe(a);
    expect(cache.idsFor('b', line('x'))).not.toBe(b);
  });
});
