import { useEffect, useRef, useState } from 'react';
import type { ImageDifference } from '../../model/image-diff';
import { useLatestCallback } from '../use-latest-callback';
import { diffImages, DiffWorkers } from './diff-images';

export type DifferenceState =
  | { readonly status: 'waiting' }
  | { readonly status: 'computing' }
  | { readonly status: 'done'; readonly difference: ImageDifference }
  | { readonly status: 'failed'; readonly error: unknown };

/** The bytes behind an image URL the cache made (an object URL: read locally, not loaded again). */
async function bytesOf(url: string, signal: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`The image could not be read back (${String(response.status)}).`);
  return response.blob();
}

/**
 * The difference of two loaded images, computed once both URLs are known; `undefined` URLs (an
 * image still loading, or a pair with the same digest) compute nothing. A new pair or an unmount
 * aborts the computation (and ends its worker). The worker starts at once, while the images load.
 */
export function useImageDifference(beforeUrl: string | undefined, afterUrl: string | undefined, createWorker: (() => Worker) | undefined): DifferenceState {
  // The outcome is kept with the pair it is for: a new pair reads as computing until its own arrives.
  const [outcome, setOutcome] = useState<{ readonly pair: string; readonly state: DifferenceState }>();
  const makeWorker = useLatestCallback(() => createWorker?.());
  const hasWorker = createWorker !== undefined;
  const pair = beforeUrl === undefined || afterUrl === undefined ? undefined : `${beforeUrl}\n${afterUrl}`;
  const workersRef = useRef<DiffWorkers>(undefined);

  // Declared before the comparison's effect: on mount, the workers exist when it runs.
  useEffect(() => {
    if (!hasWorker) return undefined;
    const workers = new DiffWorkers(makeWorker as () => Worker);
    workersRef.current = workers;
    return () => {
      workers.close();
      workersRef.current = undefined;
    };
  }, [hasWorker, makeWorker]);

  useEffect(() => {
    if (beforeUrl === undefined || afterUrl === undefined) return undefined;
    const key = `${beforeUrl}\n${afterUrl}`;
    const controller = new AbortController();
    const { signal } = controller;
    let shown: ImageDifference | undefined;
    Promise.all([bytesOf(beforeUrl, signal), bytesOf(afterUrl, signal)])
      .then(([before, after]) => diffImages(before, after, { workers: workersRef.current, signal }))
      .then(
        (difference) => {
          if (signal.aborted) {
            difference.mask.close();
            return;
          }
          shown = difference;
          setOutcome({ pair: key, state: { status: 'done', difference } });
        },
        (error: unknown) => {
          if (!signal.aborted) setOutcome({ pair: key, state: { status: 'failed', error } });
        },
      );
    return () => {
      controller.abort();
      shown?.mask.close();
    };
  }, [beforeUrl, afterUrl, hasWorker]);

  if (pair === undefined) return { status: 'waiting' };
  return outcome?.pair === pair ? outcome.state : { status: 'computing' };
}
