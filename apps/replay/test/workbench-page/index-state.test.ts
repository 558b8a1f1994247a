import fc from 'fast-check';
import { AGENT_LOG_FORMATS } from '@toolcard/ui-tool-image/model';
import { describe, expect, it } from 'vitest';

import { DEFAULT_INDEX_STATE, indexStateFromSearch, searchWithIndexState, type IndexState } from '../../viewer/workbench/index-state.ts';
import { REVIEW_STATES } from '../../viewer/workbench/session-facets.ts';
import { SORT_KEYS } from '../../viewer/workbench/session-sort.ts';
import { filterFromSearch } from '../../viewer/url-filter.ts';

const stateArbitrary: fc.Arbitrary<IndexState> = fc.record({
  sort: fc.record({ key: fc.constantFrom(...SORT_KEYS), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
  facets: fc.record({
    format: fc.option(fc.constantFrom(...AGENT_LOG_FORMATS, 'unknown' as const)),
    images: fc.option(fc.boolean()),
    failures: fc.option(fc.boolean()),
    tool: fc.option(fc.string({ minLength: 1, unit: 'grapheme' })),
    review: fc.option(fc.constantFrom(...REVIEW_STATES)),
  }),
  search: fc.string({ unit: 'grapheme' }),
});

describe('the index’s view in the query string', () => {
  it('reads back every view it writes, keeping the other parameters (the session’s, the find bar’s)', () => {
    fc.assert(
      fc.property(stateArbitrary, fc.constantFrom('', '?session=a%2Fb.jsonl', '?tool=bash&q=x&state=failed', '?search=old&sort=calls'), (state, other) => {
        const search = searchWithIndexState(other, state);
        expect(indexStateFromSearch(search)).toEqual(state);
        const kept = new URLSearchParams(other);
        const written = new URLSearchParams(search);
        for (const name of ['session', 'tool', 'q', 'state']) expect(written.get(name)).toBe(kept.get(name));
      }),
    );
  });

  it('writes a concrete link and leaves defaults out', () => {
    const state: IndexState = {
      sort: { key: 'failed', direction: 'asc' },
      facets: { format: 'codex', images: true, failures: false, tool: 'read_image', review: 'partly' },
      search: 'login page',
    };
    expect(searchWithIndexState('?session=x', state)).toBe(
      '?session=x&sort=failed&dir=asc&format=codex&images=yes&failures=no&uses-tool=read_image&reviewed=partly&search=login+page',
    );
    expect(searchWithIndexState('?sort=calls&dir=asc&format=codex&search=a', DEFAULT_INDEX_STATE)).toBe('');
  });

  it('opens an old or hand-edited link: unknown values are the default', () => {
    expect(indexStateFromSearch('?sort=colour&dir=sideways&format=xml&images=maybe&failures=&uses-tool=&reviewed=done')).toEqual(DEFAULT_INDEX_STATE);
    expect(indexStateFromSearch('?sort=title').sort).toEqual({ key: 'title', direction: 'desc' });
    expect(indexStateFromSearch('?dir=asc').sort).toEqual({ key: 'started', direction: 'asc' });
  });

  it('shares no parameter with the find bar: an index link opens a session unfiltered', () => {
    const search = searchWithIndexState('', { ...DEFAULT_INDEX_STATE, facets: { ...DEFAULT_INDEX_STATE.facets, tool: 'bash' }, search: 'login' });
    expect(filterFromSearch(search)).toEqual({ tool: null, states: [], text: '' });
  });
});
