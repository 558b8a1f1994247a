import { AGENT_LOG_FORMATS } from '@toolcard/ui-tool-image/model';

import { searchWith } from '../query-string';
import { isReviewState, NO_FACETS, type IndexFacets, type SessionFormat } from './session-facets';
import { DEFAULT_SORT, isSortKey, type IndexSort } from './session-sort';

/** Everything that makes one view of the index: a link to it reopens it. */
export interface IndexState {
  readonly sort: IndexSort;
  readonly facets: IndexFacets;
  /** The search box's text as typed (the server is asked for it trimmed). */
  readonly search: string;
}

export const DEFAULT_INDEX_STATE: IndexState = { sort: DEFAULT_SORT, facets: NO_FACETS, search: '' };

/**
 * The query string's names. None is one the session view's find bar uses (`tool`, `state`, `q`)
 * or the session's own (`session`), so both can share a URL.
 */
const PARAMS = {
  sort: 'sort',
  direction: 'dir',
  format: 'format',
  images: 'images',
  failures: 'failures',
  tool: 'uses-tool',
  review: 'reviewed',
  search: 'search',
} as const;

function isFormat(value: string): value is SessionFormat {
  return value === 'unknown' || AGENT_LOG_FORMATS.some((format) => format === value);
}

function yesNo(value: string | null): boolean | null {
  return value === 'yes' ? true : value === 'no' ? false : null;
}

/**
 * The index's view as the query string says it: `sort=failed&dir=asc&format=codex&images=yes&uses-tool=read_image&reviewed=partly&search=login`.
 * Missing or unknown values are the default, so a hand-edited or older link still opens.
 */
export function indexStateFromSearch(search: string): IndexState {
  const params = new URLSearchParams(search);
  const sortKey = params.get(PARAMS.sort) ?? '';
  const direction = params.get(PARAMS.direction);
  const format = params.get(PARAMS.format) ?? '';
  const tool = params.get(PARAMS.tool) ?? '';
  const review = params.get(PARAMS.review) ?? '';
  // A missing direction is the default one, which is how it is written (left out).
  const sort: IndexSort = {
    key: isSortKey(sortKey) ? sortKey : DEFAULT_SORT.key,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_SORT.direction,
  };
  return {
    sort,
    facets: {
      format: isFormat(format) ? format : null,
      images: yesNo(params.get(PARAMS.images)),
      failures: yesNo(params.get(PARAMS.failures)),
      tool: tool === '' ? null : tool,
      review: isReviewState(review) ? review : null,
    },
    search: params.get(PARAMS.search) ?? '',
  };
}

/** The query string for `state`, keeping every other parameter of `search`; defaults are left out. */
export function searchWithIndexState(search: string, state: IndexState): string {
  const yesNoText = (value: boolean | null): string | null => (value === null ? null : value ? 'yes' : 'no');
  return searchWith(search, {
    [PARAMS.sort]: state.sort.key === DEFAULT_SORT.key ? null : state.sort.key,
    [PARAMS.direction]: state.sort.direction === DEFAULT_SORT.direction ? null : state.sort.direction,
    [PARAMS.format]: state.facets.format,
    [PARAMS.images]: yesNoText(state.facets.images),
    [PARAMS.failures]: yesNoText(state.facets.failures),
    [PARAMS.tool]: state.facets.tool,
    [PARAMS.review]: state.facets.review,
    [PARAMS.search]: state.search,
  });
}
