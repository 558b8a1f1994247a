import { ToolCardProvider, type Locale, type ReplayFilter } from '@toolcard/ui-tool-image';
import { startTransition, useEffect, useId, useState, type ReactNode } from 'react';

import { loadAttachment } from './attachment-loader';
import { REVIEW_PLUGINS } from './review/review-plugin';
import type { FollowStatus } from './follow-log';
import FollowWorker from './follow-worker?worker';
import { followLogInWorker } from './live-log';
import { isTheme, THEMES, useTheme } from './theme';
import { ViewerReplay } from './step-control';
import { filterFromSearch, searchWithFilter } from './url-filter';
import { VIEWER_LABELS, type ViewerLabels } from './viewer-labels';
import { eventsRead, type ViewerLog } from './viewer-log';

interface ReplayInfo {
  readonly log: string;
  readonly store: boolean;
}

/**
 * The log as the worker delivers it. A snapshot renders as a transition, so React renders its rows in
 * slices between which the page stays responsive; the worker is told a snapshot is shown once it is
 * committed and painted (the task after the next frame), so the next never interrupts it.
 */
function useLiveLog(): { readonly log: ViewerLog | null; readonly status: FollowStatus | null } {
  const [delivered, setDelivered] = useState<{ readonly log: ViewerLog; readonly shown: () => void } | null>(null);
  const [status, setStatus] = useState<FollowStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    followLogInWorker({
      signal: controller.signal,
      onLog: (log, shown) => {
        startTransition(() => {
          setDelivered({ log, shown });
        });
      },
      onStatus: setStatus,
      createWorker: () => new FollowWorker(),
    });
    return () => {
      controller.abort();
    };
  }, []);
  useEffect(() => {
    if (delivered === null) return;
    const frame = requestAnimationFrame(() => {
      setTimeout(delivered.shown);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [delivered]);
  return { log: delivered?.log ?? null, status };
}

function useReplayInfo(): ReplayInfo | null {
  const [info, setInfo] = useState<ReplayInfo | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/info', { signal: controller.signal })
      .then((response) => response.json() as Promise<ReplayInfo>)
      .then(setInfo)
      .catch(() => undefined);
    return () => {
      controller.abort();
    };
  }, []);
  return info;
}

/** The find bar's filter, kept in the query string: a QA link opens the same view. */
function useUrlFilter(): readonly [ReplayFilter, (filter: ReplayFilter) => void] {
  const [filter, setFilter] = useState(() => filterFromSearch(window.location.search));
  const change = (next: ReplayFilter): void => {
    setFilter(next);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${searchWithFilter(search, next)}${hash}`);
  };
  return [filter, change] as const;
}

function statusText(labels: ViewerLabels, status: FollowStatus | null, log: ViewerLog | null): string {
  if (status?.kind === 'disconnected') return labels.disconnected;
  if (status?.kind === 'reading') return labels.reading(status.bytes, status.total);
  if (log === null) return labels.loading;
  // The same count as the step control's "Event N of N": what the replay steps through and shows.
  return labels.live(eventsRead(log));
}

/** How far the first read of a big log has got, as a labelled progress bar (the status line says it in words). */
function ReadingProgress({ labels, bytes, total }: { readonly labels: ViewerLabels; readonly bytes: number; readonly total: number }): ReactNode {
  const id = useId();
  return (
    <p className="replay-app__progress">
      <label htmlFor={id}>{labels.readingProgress}</label>
      <progress id={id} value={bytes} max={total} />
    </p>
  );
}

/** The replay page: which log, live status, language, then the stepped replay of the log. */
export function ReplayApp(): ReactNode {
  const [locale, setLocale] = useState<Locale>('en');
  const languageId = useId();
  const themeId = useId();
  const [theme, setTheme] = useTheme();
  const labels = VIEWER_LABELS[locale];
  const info = useReplayInfo();
  const { log, status } = useLiveLog();
  const [filter, setFilter] = useUrlFilter();

  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = info === null ? labels.title : `${info.log} — ${labels.title}`;
  }, [locale, labels, info]);

  return (
    <main className="replay-app">
      <header className="replay-app__header">
        <h1>
          {labels.title}
          {info !== null && <span className="replay-app__file">{info.log}</span>}
        </h1>
        <p className="replay-app__language">
          <label htmlFor={languageId}>{labels.language}</label>{' '}
          <select
            id={languageId}
            value={locale}
            onChange={(event) => {
              setLocale(event.target.value === 'zh-CN' ? 'zh-CN' : 'en');
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
      </header>
      <p role="status" className="replay-app__status" data-testid="replay-status">
        {statusText(labels, status, log)}
      </p>
      {status?.kind === 'reading' && <ReadingProgress labels={labels} bytes={status.bytes} total={status.total} />}
      {info?.store === false && <p className="replay-app__note">{labels.noStore}</p>}
      {log !== null && (
        <ToolCardProvider loadImage={loadAttachment} locale={locale} plugins={REVIEW_PLUGINS}>
          <ViewerReplay log={log} labels={labels} filter={filter} onFilterChange={setFilter} live={status?.kind === 'live'} locale={locale} />
        </ToolCardProvider>
      )}
    </main>
  );
}
