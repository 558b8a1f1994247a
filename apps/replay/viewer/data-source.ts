import type { LoadImage, ReplayFilter } from '@toolcard/ui-tool-image';
import { createContext, useContext } from 'react';

import type { SessionInfo, WorkbenchInfo } from '../wire/workbench';
import type { Side } from './compare/compare-protocol';
import type { FollowStatus } from './follow-log';
import { httpDataSource } from './http-data-source';
import type { ReviewClient } from './review/review-client';
import type { ViewerLog } from './viewer-log';

export interface ExportedSubset {
  readonly filter: string;
  readonly calls: number;
  readonly of: number;
}

export interface SessionLogCallbacks {
  readonly signal: AbortSignal;
  /** A snapshot; call `shown` once it is on screen, and the next one comes. */
  readonly onLog: (log: ViewerLog, shown: () => void) => void;
  readonly onStatus: (status: FollowStatus) => void;
}

/**
 * Where the viewer reads everything it shows: the replay server's routes (`httpDataSource`), or the
 * sessions an exported HTML file carries (`embeddedDataSource`). The page's components read only
 * through this, so one production build serves both.
 */
export interface ViewerDataSource {
  /** What the page opens on (one session, or the workbench's index). */
  readonly info: (signal: AbortSignal) => Promise<WorkbenchInfo>;
  /** A session's file, or `missing` when there is no such session. */
  readonly sessionInfo: (sessionId: string, signal: AbortSignal) => Promise<SessionInfo | 'missing'>;
  /** Delivers the session's log, and keeps delivering it as it grows when the source is live. */
  readonly followLog: (sessionId: string, callbacks: SessionLogCallbacks) => void;
  readonly loadImage: (sessionId: string) => LoadImage;
  readonly reviews: (sessionId: string) => ReviewClient;
  /** Where the Export button downloads the session (with `filter`) as one HTML file; `null` when the page is itself such a file. */
  readonly exportHref: (sessionId: string, filter: ReplayFilter) => string | null;
  /** Where the compare page's Export link downloads the comparison of A with B as one HTML file; `null` when the page is itself such a file. */
  readonly comparisonExportHref: (a: string, b: string) => string | null;
  /** The find bar's filter (a query string) the page opens with when its own URL names none. */
  readonly openingFilter: string;
  /** The two sessions (A, B) the page opens on compared, when its own URL names no session; `null` for none. */
  readonly openingComparison: { readonly a: string; readonly b: string } | null;
  /**
   * Starts the compare worker (compare/compare-worker.ts) on two sessions: it follows both logs on
   * the server as they grow, or reads an exported file's two logs, and aligns them off the page's
   * thread. Undefined, or throwing, where no worker can start: the comparison then runs on the page
   * (compare/page-comparison.ts).
   */
  readonly startCompareWorker: ((ids: Readonly<Record<Side, string>>) => Worker) | undefined;
  /** Starts the comparison's image difference worker; undefined where none can start (the difference then runs on the page). */
  readonly createDiffWorker: (() => Worker) | undefined;
  /** Whether a session's log may grow while the page shows it (the server's); an exported file's never does, so the page offers no "Follow the end of the log". */
  readonly logsGrow: boolean;
  /** An exported file cut down to a filter: that filter (a query string) and the calls it kept of the log's; `null` for a whole session. */
  readonly exportedSubset: (sessionId: string) => ExportedSubset | null;
}

export const DataSourceContext = createContext<ViewerDataSource>(httpDataSource);

export function useDataSource(): ViewerDataSource {
  return useContext(DataSourceContext);
}
