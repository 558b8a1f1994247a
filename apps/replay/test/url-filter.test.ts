import { describe, expect, it } from 'vitest';
import { filterFromSearch, searchWithFilter } from '../viewer/url-filter.ts';

describe('the find bar’s filter in the query string', () => {
  it('reads tool, states and text', () => {
    expect(filterFromSearch('?tool=read_image&state=failed,refused&q=login.png')).toEqual({
      tool: 'read_image',
      states: ['failed', 'refused'],
      text: 'login.png',
    });
  });

  it('opens an empty or hand-edited link: no filter, unknown states dropped', () => {
    expect(filterFromSearch('')).toEqual({ tool: null, states: [], text: '' });
    expect(filterFromSearch('?tool=&state=failed,exploded,&q=')).toEqual({ tool: null, states: ['failed'], text: '' });
  });

  it('writes only what is set, keeps other parameters, and reads back the same filter', () => {
    const filter = { tool: 'bash', states: ['running', 'images'] as const, text: 'a b&c' };
    const search = searchWithFilter('?debug=1&q=old', { ...filter, states: [...filter.states] });
    expect(new URLSearchParams(search).get('debug')).toBe('1');
    expect(filterFromSearch(search)).toEqual({ ...filter, states: [...filter.states] });
    expect(searchWithFilter('?tool=bash', { tool: null, states: [], text: '' })).toBe('');
  });
});
