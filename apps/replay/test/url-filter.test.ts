import { describe, expect, it } from 'vitest';
import { filterFromSearch, searchWithFilter, searchWithView, viewFromSearch } from '../viewer/url-filter.ts';

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

describe('the replay’s view in the query string', () => {
  it('reads view=images, and the calls for anything else', () => {
    expect(viewFromSearch('?view=images&q=a')).toBe('images');
    expect(viewFromSearch('')).toBe('calls');
    expect(viewFromSearch('?view=calls')).toBe('calls');
    expect(viewFromSearch('?view=IMAGES')).toBe('calls');
  });

  it('writes view=images and leaves the default out, keeping every other parameter', () => {
    const search = searchWithView('?q=login.png&call=c1', 'images');
    expect(new URLSearchParams(search).get('q')).toBe('login.png');
    expect(new URLSearchParams(search).get('call')).toBe('c1');
    expect(viewFromSearch(search)).toBe('images');
    expect(searchWithView('?view=images', 'calls')).toBe('');
  });
});
