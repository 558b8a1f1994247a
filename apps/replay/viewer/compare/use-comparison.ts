import { useEffect, useState } from 'react';

import { useDataSource } from '../data-source';
import type { FollowStatus } from '../follow-log';
import type { AlignedRow, ComparedMessage, RowCounts } from './align-calls';
import type { CompareMessage, CompareStart, Side } from './compare-protocol';
import CompareWorker from './compare-worker?worker';
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
  /** How much of the alignment on the page is done, 0 to 1, while it runs in slices (`null` in the worker or before it starts). */
  readonly aligning: number | null;
}

/** Both sessions followed and aligned in the compare worker, the rows gathered here as its slices arrive; on the page for an exported file (see comparesInWorker). */
export function useComparison(a: string, b: string): Comparison {
  const [status, setStatus] = useState<Readonly<Record<Side, FollowStatus | null>>>({ a: null, b: null });
  const [alignment, setAlignment] = useState<Alignment | null>(null);
  const [failed, setFailed] = useState(false);
  const [aligning, setAligning] = useState<number | null>(null);
  const source = useDataSource();
  useEffect(() => {
    if (!source.comparesInWorker) {
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
    const worker = new CompareWorker();
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
    worker.postMessage({ kind: 'start', a, b } satisfies CompareStart);
    return () => {
      worker.terminate();
    };
  }, [source, a, b]);
  return { status, alignment, failed, aligning };
}
