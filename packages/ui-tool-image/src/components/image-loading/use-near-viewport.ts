import { useCallback, useState } from 'react';

/** How far outside the viewport an element already counts as near: it loads just before it scrolls in. */
const DEFAULT_NEAR_MARGIN = '200px';

/**
 * Whether an element has come near the viewport. It stays near once it has been: an image that
 * was loaded stays shown. Without IntersectionObserver (old browsers, SSR) everything is near.
 */
// The element type is part of the published signature (callers name it), though only the ref uses it.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function useNearViewport<T extends Element>(margin = DEFAULT_NEAR_MARGIN): [ref: (el: T | null) => void, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (element === null || near) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      // React 19 calls a callback ref's returned cleanup when the element goes or the ref changes.
      return () => {
        observer.disconnect();
      };
    },
    [margin, near],
  );
  return [ref, near];
}
