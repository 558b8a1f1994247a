import type { Locale } from '@toolcard/ui-tool-image';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';

import type { SessionIndexAnswer } from '../../wire/workbench';
import { indexStateFromSearch, searchWithIndexState, type IndexState } from './index-state';
import { IndexFacetsBar } from './index-facets';
import { ServerSearch, type SearchResult } from './server-search';
import { facetOptions, NO_FACETS, visibleSessions } from './session-facets';
import { followSessionIndex } from './session-index-feed';
import { sortAfterClick, sortSessions, type SortKey } from './session-sort';
import { SessionTable } from './session-table';
import { WORKBENCH_LABELS, type WorkbenchLabels } from './workbench-labels';
import './workbench.css';

export interface WorkbenchIndexProps {
  readonly locale: Locale;
  /** Where a session's row links to. */
  readonly sessionHref: (id: string) => string;
  /** Where the comparison of two sessions is (A first). */
  readonly compareHref: (a: string, b: string) => string;
  /** The folders and buckets given, named when none holds a session file. */
  readonly roots?: readonly string[];
}

interface IndexFeedState {
  readonly answer: SessionIndexAnswer | null;
  /** The wait before the next try while the server is unreachable, else `null`. */
  readonly retryMs: number | null;
}

/** The index as the server last answered it, followed live (long polls) for as long as the page shows it. */
function useSessionIndex(): IndexFeedState {
  const [state, setState] = useState<IndexFeedState>({ answer: null, retryMs: null });
  useEffect(() => {
    const controller = new AbortController();
    void followSessionIndex({
      signal: controller.signal,
      onAnswer: (answer) => {
        setState({ answer, retryMs: null });
      },
      onUnreachable: (retryMs) => {
        setState((previous) => ({ ...previous, retryMs }));
      },
      onReachable: () => {
        setState((previous) => ({ ...previous, retryMs: null }));
      },
    });
    return () => {
      controller.abort();
    };
  }, []);
  return state;
}

/** The view (sort, facets, search), kept in the query string: a link or a reload opens the same view. */
function useIndexUrlState(): readonly [IndexState, (state: IndexState) => void] {
  const [state, setState] = useState(() => indexStateFromSearch(window.location.search));
  useEffect(() => {
    const onPopState = (): void => {
      setState(indexStateFromSearch(window.location.search));
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
    };
  }, []);
  const change = useCallback((next: IndexState): void => {
    setState(next);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${searchWithIndexState(search, next)}${hash}`);
  }, []);
  return [state, change] as const;
}

/** The server's answer to the search box, asked again when the index changes. */
function useServerSearch(text: string, version: number | null): { readonly result: SearchResult; readonly pending: boolean } {
  const [result, setResult] = useState<SearchResult>({ kind: 'none' });
  const [pending, setPending] = useState(false);
  const [search] = useState(() => new ServerSearch(setResult, setPending));
  useEffect(() => {
    search.setQuery(text);
  }, [search, text]);
  useEffect(() => {
    if (version !== null) search.indexChanged();
  }, [search, version]);
  useEffect(
    () => () => {
      search.dispose();
    },
    [search],
  );
  return { result, pending };
}

function statusText(labels: WorkbenchLabels, feed: IndexFeedState, roots: readonly string[]): string {
  if (feed.retryMs !== null) return labels.unreachable(Math.round(feed.retryMs / 1000));
  if (feed.answer === null) return labels.loading;
  if (feed.answer.scanning) return labels.scanning(feed.answer.sessions.length);
  if (feed.answer.sessions.length === 0) return labels.empty(roots);
  return '';
}

const NO_ROOTS: readonly string[] = [];

/**
 * The workbench's index page: every session found under the folders given, one row each, sortable,
 * narrowed by facets and a server-side search, live while files appear and grow. Its view is the URL's.
 */
export function WorkbenchIndex({ locale, sessionHref, compareHref, roots = NO_ROOTS }: WorkbenchIndexProps): ReactNode {
  const labels = WORKBENCH_LABELS[locale];
  const headingId = useId();
  const compareHintId = useId();
  const feed = useSessionIndex();
  const [state, setState] = useIndexUrlState();
  const search = useServerSearch(state.search, feed.answer?.version ?? null);

  const sessions = feed.answer?.sessions;
  const searchIds = search.result.kind === 'answered' ? search.result.ids : null;
  const options = useMemo(() => facetOptions(sessions ?? [], state.facets, searchIds), [sessions, state.facets, searchIds]);
  const shown = useMemo(
    () => sortSessions(visibleSessions(sessions ?? [], state.facets, searchIds), state.sort),
    [sessions, state.facets, state.sort, searchIds],
  );
  const onSortClick = useCallback(
    (key: SortKey) => {
      setState({ ...state, sort: sortAfterClick(state.sort, key) });
    },
    [state, setState],
  );
  const total = sessions?.length ?? 0;
  const [selected, setSelected] = useState<readonly string[]>([]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const onSelectedChange = useCallback((id: string, checked: boolean) => {
    // In the order checked: the first is A.
    setSelected((previous) => (checked ? [...previous.filter((each) => each !== id), id] : previous.filter((each) => each !== id)));
  }, []);
  const [first, second] = selected;

  return (
    <section className="wb-index" aria-labelledby={headingId}>
      <h2 id={headingId} className="wb-index__heading">
        {labels.heading}
      </h2>
      <IndexFacetsBar
        facets={state.facets}
        options={options}
        search={state.search}
        labels={labels}
        onFacetsChange={(facets) => {
          setState({ ...state, facets });
        }}
        onSearchChange={(text) => {
          setState({ ...state, search: text });
        }}
      />
      <p role="status" className="wb-index__status" data-testid="workbench-status">
        {statusText(labels, feed, roots)}
      </p>
      <p className="wb-index__count" aria-live="polite" data-testid="workbench-count">
        {feed.answer !== null && labels.count(shown.length, total)}
        {search.pending && <span className="wb-index__searching"> {labels.searching}</span>}
        {search.result.kind === 'failed' && <span className="wb-index__search-failed"> {labels.searchFailed}</span>}
      </p>
      <p className="wb-index__compare">
        <button
          type="button"
          disabled={selected.length !== 2}
          aria-describedby={compareHintId}
          onClick={() => {
            if (first !== undefined && second !== undefined) window.location.assign(compareHref(first, second));
          }}
        >
          {labels.compare}
        </button>{' '}
        <span id={compareHintId} className="wb-index__compare-hint">
          {labels.compareHint(selected.length)}
        </span>
      </p>
      <SessionTable
        rows={shown}
        sort={state.sort}
        onSortClick={onSortClick}
        labels={labels}
        locale={locale}
        sessionHref={sessionHref}
        selected={selectedSet}
        onSelectedChange={onSelectedChange}
      />
      {shown.length === 0 && total > 0 && (
        <p className="wb-index__no-match">
          {labels.noMatch}{' '}
          <button
            type="button"
            onClick={() => {
              setState({ ...state, facets: NO_FACETS, search: '' });
            }}
          >
            {labels.clearFilters}
          </button>
        </p>
      )}
    </section>
  );
}
