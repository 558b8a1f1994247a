import type { ReplayView } from '@toolcard/ui-tool-image';
// The model entry (no React): the export command reads a filter with these too.
import { NO_FILTER, REPLAY_STATES, type ReplayFilter, type ReplayState } from '@toolcard/ui-tool-image/model';

import { searchWith } from './query-string';

function isReplayState(value: string): value is ReplayState {
  return REPLAY_STATES.some((state) => state === value);
}

/**
 * The find bar's filter as the page's query string says it: `tool=read_image&state=failed,refused&q=login.png`.
 * Unknown states are dropped, so a hand-edited or older link still opens.
 */
export function filterFromSearch(search: string): ReplayFilter {
  const params = new URLSearchParams(search);
  const tool = params.get('tool');
  const states = (params.get('state') ?? '').split(',').filter(isReplayState);
  return { ...NO_FILTER, tool: tool === null || tool === '' ? null : tool, states, text: params.get('q') ?? '' };
}

/** The query string for `filter`, keeping every other parameter of `search`; empty parts are left out. */
export function searchWithFilter(search: string, filter: ReplayFilter): string {
  return searchWith(search, { tool: filter.tool, state: filter.states.join(','), q: filter.text });
}

/** The replay's view as the query string says it: `view=images` shows every image; anything else, the calls. */
export function viewFromSearch(search: string): ReplayView {
  return new URLSearchParams(search).get('view') === 'images' ? 'images' : 'calls';
}

/** The query string for `view`, keeping every other parameter of `search`; the calls, the default, are left out. */
export function searchWithView(search: string, view: ReplayView): string {
  return searchWith(search, { view: view === 'calls' ? null : view });
}
