import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchHaystack } from '../../../src/model/replay/replay-search';

/** What the find bar must find: the items whose own text has the needle, one `includes` each. */
function includesPerItem(texts: readonly string[], needle: string): number[] {
  return texts.flatMap((text, index) => (text.includes(needle) ? [index] : []));
}

// Few letters and the separator, so needles often match, repeat within a text and span two texts.
const letters = fc.string({ unit: fc.constantFrom('a', 'b', '\n') });

describe('SearchHaystack', () => {
  it('finds the items whose text has the needle, in order, each once', () => {
    const haystack = new SearchHaystack(['read a.png', 'a.png and a.png', '', 'b.txt', 'A.PNG', 'x a.png']);
    expect(haystack.itemsWith('a.png')).toEqual([0, 1, 5]);
  });

  it('finds no match running from one text into the next', () => {
    expect(new SearchHaystack(['ab', 'cd']).itemsWith('b\nc')).toEqual([]);
    expect(new SearchHaystack(['ab', 'cd']).itemsWith('bc')).toEqual([]);
    expect(new SearchHaystack(['a\nb', 'c']).itemsWith('a\nb')).toEqual([0]);
  });

  it('finds nothing in no texts', () => {
    expect(new SearchHaystack([]).itemsWith('a')).toEqual([]);
  });

  it('finds exactly what String.includes per item finds, for any texts and needle', () => {
    fc.assert(
      fc.property(
        fc.array(letters, { maxLength: 12 }),
        letters.filter((needle) => needle !== ''),
        (texts, needle) => {
          expect(new SearchHaystack(texts).itemsWith(needle)).toEqual(includesPerItem(texts, needle));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
