import type { ViewerDataSource } from '../data-source';
import type { FollowStatus } from '../follow-log';
import type { ViewerLog } from '../viewer-log';
import { alignSessions, type AlignedSessions } from './aligned-sessions';
import type { Side } from './compare-protocol';

export interface PageComparisonCallbacks {
  readonly signal: AbortSignal;
  readonly onStatus: (side: Side, status: FollowStatus) => void;
  readonly onAligned: (aligned: AlignedSessions) => void;
}

/**
 * Both sessions read through the data source and aligned on the page's thread, once both are wholly
 * read: how an exported file compares (no worker starts under its policy, and its logs no longer grow),
 * as its session view parses its log on the page.
 */
export function compareOnPage(source: ViewerDataSource, ids: Readonly<Record<Side, string>>, { signal, onStatus, onAligned }: PageComparisonCallbacks): void {
  const logs: Record<Side, ViewerLog | null> = { a: null, b: null };
  const read: Record<Side, boolean> = { a: false, b: false };
  const alignIfRead = (): void => {
    if (signal.aborted || !read.a || !read.b || logs.a === null || logs.b === null) return;
    onAligned(alignSessions(logs.a, logs.b));
  };
  for (const side of ['a', 'b'] as const) {
    source.followLog(ids[side], {
      signal,
      onLog: (log, shown) => {
        logs[side] = log;
        shown();
      },
      onStatus: (status) => {
        onStatus(side, status);
        if (read[side] || (status.kind !== 'complete' && status.kind !== 'live')) return;
        read[side] = true;
        alignIfRead();
      },
    });
  }
}
