import { useCallback, useRef, useState } from 'react';

/** How far outside the viewport an element already counts as near: it loads just before it scrolls in. */
const DEFAULT_NEAR_MARGIN = '200px';

/**
 * How long an element must stay near before it counts as near. A fling passes a tile by in a frame
 * or two, and a virtualised list unmounts it right after: a load started for it would be aborted
 * with it (its last viewer went) and started again by the next tile of the same image. A reader
 * who stops does not see a tenth of a second before the image starts loading.
 */
export const NEAR_DWELL_MS = 100;

/**
 * Whether an element has come near the viewport and stayed there for NEAR_DWELL_MS. It stays near
 * once it has been: an image that was loaded stays shown. Without IntersectionObserver (old
 * browsers, SSR) everything is near.
 */
// The element type is part of the published signature (callers name it), though only the ref uses it.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function useNearViewport<T extends Element>(margin = DEFAULT_NEAR_MARGIN): [ref: (el: T | null) => void, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  /** Stops watching the element watched now. Kept here, not returned from the ref: React 18 ignores a ref's cleanup and calls it with null. */
  const stopWatching = useRef<(() => void) | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      stopWatching.current?.();
      stopWatching.current = null;
      if (element === null || near) return;
      let dwell: ReturnType<typeof setTimeout> | undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          // Entries come in order: the last one says where the element is now.
          if (entries.at(-1)?.isIntersecting === true) {
            dwell ??= setTimeout(() => {
              setNear(true);
            }, NEAR_DWELL_MS);
          } else {
            clearTimeout(dwell);
            dwell = undefined;
          }
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      stopWatching.current = () => {
        clearTimeout(dwell);
        observer.disconnect();
      };
    },
    [margin, near],
  );
  return [ref, near];
}
