import { useEffect, useState } from 'react';

import { useDataSource, type ViewerDataSource } from '../data-source';
import type { FollowStatus } from '../follow-log';
import type { AlignedRow, ComparedMessage, RowCounts } from './align-calls';
import type { CompareMessage, Side } from './compare-protocol';
import { compareOnPage } from './page-comparison';

/** The two sessions aligned, as far as the worker has sent the rows. */
export interface Alignment {
  readonly rows: readonly AlignedRow[];
  /** Rows the whole alignment holds (more than `rows` while slices are arriving). */
  readonly total: number;
  readonly counts: RowCounts;
  readonly trailing: Readonly<Record<Side, readonly ComparedMessage[]>>;
}

export interface Comparison {
  readonly status: Readonly<Record<Side, FollowStatus | null>>;
  /** `null` until both sessions are read and the first slice of rows has arrived. */
  readonly alignment: Alignment | null;
  /** The worker itself failed (its script did not load or threw). */
  readonly failed: boolean;
  /** How much of the alignment on the page is done, 0 to 1, while it runs in slices (`null` in the worker, or before it starts). */
  readonly aligning: number | null;
}

/**
 * Both sessions followed (or an exported file's read) and aligned in the compare worker, the rows
 * gathered here as its slices arrive; on the page, in slices, where no worker can start (see startCompareWorker).
 */
export function useComparison(a: string, b: string): Comparison {
  const [status, setStatus] = useState<Readonly<Record<Side, FollowStatus | null>>>({ a: null, b: null });
  const [alignment, setAlignment] = useState<Alignment | null>(null);
  const [failed, setFailed] = useState(false);
  const [aligning, setAligning] = useState<number | null>(null);
  const source = useDataSource();
  useEffect(() => {
    const worker = startedWorker(source, { a, b });
    if (worker === null) {
      const controller = new AbortController();
      compareOnPage(
        source,
        { a, b },
        {
          signal: controller.signal,
          onStatus: (side, sideStatus) => {
            setStatus((previous) => ({ ...previous, [side]: sideStatus }));
          },
          onAligning: setAligning,
          onAligned: (aligned) => {
            setAligning(null);
            setAlignment({ ...aligned, total: aligned.rows.length });
          },
        },
      );
      return () => {
        controller.abort();
      };
    }
    let rows: AlignedRow[] = [];
    worker.onerror = (event) => {
      console.error('replay: the compare worker failed', event.message);
      setFailed(true);
    };
    worker.onmessage = ({ data }: MessageEvent<CompareMessage>) => {
      if (data.kind === 'status') {
        setStatus((previous) => ({ ...previous, [data.side]: data.status }));
        return;
      }
      // A slice at 0 is a new alignment (a log grew): the rows of the last one go.
      rows = data.start === 0 ? [...data.rows] : rows.concat(data.rows);
      setAlignment({ rows, total: data.total, counts: data.counts, trailing: data.trailing });
    };
    return () => {
      worker.terminate();
    };
  }, [source, a, b]);
  return { status, alignment, failed, aligning };
}

/** The source's compare worker, started on the two sessions; `null` when it has none or it cannot start here. */
function startedWorker(source: ViewerDataSource, ids: Readonly<Record<Side, string>>): Worker | null {
  if (source.startCompareWorker === undefined) return null;
  try {
    return source.startCompareWorker(ids);
  } catch (error) {
    console.warn('replay: the compare worker could not start; comparing on the page', error);
    return null;
  }
}
