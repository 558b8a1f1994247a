import { useLayoutEffect, useState, type RefObject } from 'react';

/** The border-box height of an element, kept current by a ResizeObserver (0 until it is measured). */
export function useElementHeight(element: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const target = element.current;
    if (target === null) return;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize[0]?.blockSize;
      if (size !== undefined) setHeight(Math.ceil(size));
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [element]);
  return height;
}
