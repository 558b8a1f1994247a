import { ToolCardProvider, type Locale, type ReplayFilter, type ReplayView } from '@toolcard/ui-tool-image';
import { startTransition, useEffect, useId, useMemo, useState, type ReactNode } from 'react';

import type { SessionInfo } from '../wire/workbench';
import { useDataSource } from './data-source';
import { ExportLink } from './export-link';
import type { FollowStatus } from './follow-log';
import { REVIEW_PLUGINS } from './review/review-plugin';
import { ViewerReplay } from './step-control';
import { filterFromSearch, searchWithFilter, searchWithView, viewFromSearch } from './url-filter';
import type { ViewerLabels } from './viewer-labels';
import { eventsRead, type ViewerLog } from './viewer-log';

/**
 * The log as the data source delivers it (the server's, through the follow worker). A snapshot renders as a transition, so React renders its rows in
 * slices between which the page stays responsive; the source is told a snapshot is shown once it is
 * committed and painted (the task after the next frame), so the next never interrupts it.
 */
function useLiveLog(sessionId: string): { readonly log: ViewerLog | null; readonly status: FollowStatus | null } {
  const source = useDataSource();
  const [delivered, setDelivered] = useState<{ readonly log: ViewerLog; readonly shown: () => void } | null>(null);
  const [status, setStatus] = useState<FollowStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    source.followLog(sessionId, {
      signal: controller.signal,
      onLog: (log, shown) => {
        startTransition(() => {
          setDelivered({ log, shown });
        });
      },
      onStatus: setStatus,
    });
    return () => {
      controller.abort();
    };
  }, [source, sessionId]);
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

/** The session's file, or `missing` when the source has no such session. */
export function useSessionInfo(sessionId: string): SessionInfo | 'missing' | null {
  const source = useDataSource();
  const [info, setInfo] = useState<SessionInfo | 'missing' | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    source
      .sessionInfo(sessionId, controller.signal)
      .then(setInfo)
      .catch(() => undefined);
    return () => {
      controller.abort();
    };
  }, [source, sessionId]);
  return info;
}

/** The find bar's filter, kept in the query string: a QA link opens the same view. */
function useUrlFilter(): readonly [ReplayFilter, (filter: ReplayFilter) => void] {
  const { openingFilter } = useDataSource();
  const [filter, setFilter] = useState(() => filterFromSearch(hasFilter(window.location.search) ? window.location.search : openingFilter));
  const change = (next: ReplayFilter): void => {
    setFilter(next);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${searchWithFilter(search, next)}${hash}`);
  };
  return [filter, change] as const;
}

/** The replay's view (`view=images`), kept in the query string: a link opens on the session's images. */
function useUrlView(): readonly [ReplayView, (view: ReplayView) => void] {
  const [view, setView] = useState(() => viewFromSearch(window.location.search));
  const change = (next: ReplayView): void => {
    setView(next);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${searchWithView(search, next)}${hash}`);
  };
  return [view, change] as const;
}

/** A filter's query string as `--filter` is written, decoded: `tool=read_image state=failed,refused q=login`. */
function filterText(filter: string): string {
  return [...new URLSearchParams(filter)].map(([name, value]) => `${name}=${value}`).join(' ');
}

function hasFilter(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('tool') || params.has('state') || params.has('q');
}

function statusText(labels: ViewerLabels, status: FollowStatus | null, log: ViewerLog | null): string {
  if (status?.kind === 'disconnected') return labels.disconnected;
  if (status?.kind === 'unreadable') return labels.unreadable;
  if (status?.kind === 'reading') return labels.reading(status.bytes, status.total);
  if (log === null) return labels.loading;
  if (status?.kind === 'complete') return labels.complete(eventsRead(log));
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

export interface SessionViewProps {
  readonly sessionId: string;
  readonly labels: ViewerLabels;
  readonly locale: Locale;
  /** False when this page may only look at verdicts, not give them. */
  readonly canReview: boolean;
  /** Told the session's file name once known (the page's title and heading show it). */
  readonly onFile: (file: string) => void;
}

/** One session: its live status, then the stepped replay of its log, its images loaded through its own route. */
export function SessionView({ sessionId, labels, locale, canReview, onFile }: SessionViewProps): ReactNode {
  const info = useSessionInfo(sessionId);
  const file = info !== null && info !== 'missing' ? info.log : null;
  useEffect(() => {
    if (file !== null) onFile(file);
  }, [file, onFile]);
  if (info === 'missing') return <p role="alert">{labels.noSuchSession(sessionId)}</p>;
  if (info === null) {
    return (
      <p role="status" className="replay-app__status" data-testid="replay-status">
        {labels.loading}
      </p>
    );
  }
  return <LiveSessionView info={info} labels={labels} locale={locale} canReview={canReview} />;
}

function LiveSessionView({
  info,
  labels,
  locale,
  canReview,
}: {
  readonly info: SessionInfo;
  readonly labels: ViewerLabels;
  readonly locale: Locale;
  readonly canReview: boolean;
}): ReactNode {
  const source = useDataSource();
  const { log, status } = useLiveLog(info.id);
  const [filter, setFilter] = useUrlFilter();
  const [view, setView] = useUrlView();
  const loadImage = useMemo(() => source.loadImage(info.id), [source, info.id]);
  const exportHref = source.exportHref(info.id, filter);
  const subset = source.exportedSubset(info.id);
  return (
    <>
      <p role="status" className="replay-app__status" data-testid="replay-status">
        {statusText(labels, status, log)}
      </p>
      {subset !== null && (
        <p className="replay-app__note" data-testid="export-subset">
          {labels.exportedWithFilter(filterText(subset.filter), subset.calls, subset.of)}
        </p>
      )}
      {exportHref !== null && <ExportLink href={exportHref} label={labels.exportFile} hint={labels.exportFileHint} />}
      {status?.kind === 'reading' && <ReadingProgress labels={labels} bytes={status.bytes} total={status.total} />}
      {!info.store && <p className="replay-app__note">{labels.noStore}</p>}
      {log !== null && (
        <ToolCardProvider loadImage={loadImage} locale={locale} plugins={REVIEW_PLUGINS}>
          <ViewerReplay
            log={log}
            labels={labels}
            filter={filter}
            onFilterChange={setFilter}
            view={view}
            onViewChange={setView}
            live={status?.kind === 'live'}
            followable={source.logsGrow}
            sessionId={info.id}
            canReview={canReview}
            locale={locale}
          />
        </ToolCardProvider>
      )}
    </>
  );
}
