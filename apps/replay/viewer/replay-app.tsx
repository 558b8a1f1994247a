import type { Locale } from '@toolcard/ui-tool-image';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';

import type { WorkbenchInfo } from '../wire/workbench';
import { ComparePage } from './compare/compare-page';
import { useDataSource } from './data-source';
import { ONE_SESSION_ID } from './session-api';
import { SessionView } from './session-view';
import { isTheme, THEMES, useTheme } from './theme';
import { VIEWER_LABELS, type ViewerLabels } from './viewer-labels';
import { WorkbenchIndex } from './workbench/workbench-index';

/** What the server serves: one session, or the workbench's index (retried until the server answers). */
function useWorkbenchInfo(): WorkbenchInfo | 'unreachable' | null {
  const source = useDataSource();
  const [info, setInfo] = useState<WorkbenchInfo | 'unreachable' | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const ask = (): void => {
      source
        .info(controller.signal)
        .then(setInfo)
        .catch(() => {
          if (controller.signal.aborted) return;
          setInfo('unreachable');
          setTimeout(ask, 2000);
        });
    };
    ask();
    return () => {
      controller.abort();
    };
  }, [source]);
  return info;
}

/** `?session=<id>`: the session a workbench page shows (none: the index). */
function sessionInUrl(): string | null {
  const id = new URLSearchParams(window.location.search).get('session');
  return id === null || id === '' ? null : id;
}

/** Where the index's view (sort, facets, search) is kept while a session of it is open, so "All sessions" returns to it. */
const INDEX_VIEW_KEY = 'toolcard-replay:index-view';

/** The index's query string as the page leaves it for a session (its own links carry none of it). */
function useRememberIndexView(shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    const remember = (): void => {
      sessionStorage.setItem(INDEX_VIEW_KEY, window.location.search);
    };
    window.addEventListener('pagehide', remember);
    return () => {
      window.removeEventListener('pagehide', remember);
    };
  }, [shown]);
}

/** `?compare=<id>&with=<id>`: the two sessions a comparison page shows (else none). */
function comparisonInUrl(): { readonly a: string; readonly b: string } | null {
  const params = new URLSearchParams(window.location.search);
  const a = params.get('compare');
  const b = params.get('with');
  return a === null || b === null || a === '' || b === '' ? null : { a, b };
}

/** The index as it was left: `/` and its query (a query naming a session is not an index view). */
function indexHref(): string {
  const search = sessionStorage.getItem(INDEX_VIEW_KEY) ?? '';
  return new URLSearchParams(search).has('session') ? '/' : `/${search}`;
}

/** The URL of the comparison of two sessions of the index (A, B). */
function compareHref(a: string, b: string): string {
  return `?compare=${encodeURIComponent(a)}&with=${encodeURIComponent(b)}`;
}

/** The URL of a session of the index: the page opens on it, and reopens it after a reload or a server restart. */
function sessionHref(id: string): string {
  return `?session=${encodeURIComponent(id)}`;
}

/** The URL of a session opened from the comparison of A and B: the comparison's own parameters stay beside `session`, so the session's view links back to it, also after a reload. */
function comparedSessionHref(a: string, b: string): (id: string) => string {
  return (id) => `${sessionHref(id)}&compare=${encodeURIComponent(a)}&with=${encodeURIComponent(b)}`;
}

/**
 * Where a session's view goes back to the comparison it was opened from: the compare page's URL kept
 * in its own (live), or the exported comparison's file without a query; `null` for a session opened otherwise.
 */
function comparisonBackHref(workbench: boolean, exported: { readonly a: string; readonly b: string } | null): string | null {
  if (sessionInUrl() === null) return null;
  if (!workbench) return exported === null ? null : window.location.pathname;
  const compared = comparisonInUrl();
  return compared === null ? null : compareHref(compared.a, compared.b);
}

function Settings({
  labels,
  locale,
  onLocale,
}: {
  readonly labels: ViewerLabels;
  readonly locale: Locale;
  readonly onLocale: (locale: Locale) => void;
}): ReactNode {
  const languageId = useId();
  const themeId = useId();
  const [theme, setTheme] = useTheme();
  return (
    <p className="replay-app__language">
      <label htmlFor={languageId}>{labels.language}</label>{' '}
      <select
        id={languageId}
        value={locale}
        onChange={(event) => {
          onLocale(event.target.value === 'zh-CN' ? 'zh-CN' : 'en');
        }}
      >
        <option value="en">English</option>
        <option value="zh-CN">简体中文</option>
      </select>{' '}
      <label htmlFor={themeId}>{labels.theme}</label>{' '}
      <select
        id={themeId}
        value={theme}
        onChange={(event) => {
          if (isTheme(event.target.value)) setTheme(event.target.value);
        }}
      >
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {labels.themes[option]}
          </option>
        ))}
      </select>
    </p>
  );
}

/** The replay page: what is shown (a session, or the index of many), language and theme, then that view. */
export function ReplayApp(): ReactNode {
  const [locale, setLocale] = useState<Locale>('en');
  const labels = VIEWER_LABELS[locale];
  const info = useWorkbenchInfo();
  const [file, setFile] = useState<string | null>(null);
  const onFile = useCallback((shown: string) => {
    setFile(shown);
  }, []);
  const { openingComparison } = useDataSource();
  const workbench = info !== null && info !== 'unreachable' && info.mode === 'workbench';
  // A comparison's exported file opens on the comparison; its links to either session add `?session=` (the live page's keep its own parameters beside it).
  const comparison = info === null || sessionInUrl() !== null ? null : workbench ? comparisonInUrl() : openingComparison;
  const backToComparison = info === null ? null : comparisonBackHref(workbench, openingComparison);
  const sessionId =
    info === null || info === 'unreachable' || comparison !== null ? null : workbench || openingComparison !== null ? sessionInUrl() : ONE_SESSION_ID;
  const indexShown = workbench && sessionId === null && comparison === null;
  useRememberIndexView(indexShown);

  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = file === null ? labels.title : `${file} — ${labels.title}`;
  }, [locale, labels, file]);

  return (
    <main className="replay-app">
      <header className="replay-app__header">
        <h1>
          {labels.title}
          {file !== null && <span className="replay-app__file">{file}</span>}
        </h1>
        <Settings labels={labels} locale={locale} onLocale={setLocale} />
      </header>
      {((workbench && !indexShown) || backToComparison !== null) && (
        <p className="replay-app__back">
          {workbench && !indexShown && <a href={indexHref()}>{labels.allSessions}</a>}
          {workbench && !indexShown && backToComparison !== null && ' · '}
          {backToComparison !== null && <a href={backToComparison}>{labels.backToComparison}</a>}
        </p>
      )}
      {info === 'unreachable' && <p role="alert">{labels.serverUnreachable}</p>}
      {sessionId !== null && (
        <SessionView
          sessionId={sessionId}
          labels={labels}
          locale={locale}
          canReview={info !== null && info !== 'unreachable' && info.canReview}
          onFile={onFile}
        />
      )}
      {comparison !== null && (
        <ComparePage
          a={comparison.a}
          b={comparison.b}
          locale={locale}
          sessionHref={workbench ? comparedSessionHref(comparison.a, comparison.b) : sessionHref}
          canReview={info !== null && info !== 'unreachable' && info.canReview}
        />
      )}
      {info !== null && info !== 'unreachable' && indexShown && (
        <WorkbenchIndex locale={locale} sessionHref={sessionHref} compareHref={compareHref} roots={info.roots} />
      )}
    </main>
  );
}
