import { useLayoutEffect, useState, type RefObject } from 'react';

/** One side of an element's border box, kept current by a ResizeObserver (0 until it is measured). */
function useElementSize(element: RefObject<HTMLElement | null>, side: 'blockSize' | 'inlineSize'): number {
  const [size, setSize] = useState(0);
  useLayoutEffect(() => {
    const target = element.current;
    if (target === null) return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = entry?.borderBoxSize[0]?.[side];
      if (measured !== undefined) setSize(Math.ceil(measured));
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [element, side]);
  return size;
}

/** The border-box height of an element (0 until it is measured). */
export function useElementHeight(element: RefObject<HTMLElement | null>): number {
  return useElementSize(element, 'blockSize');
}

/** The border-box width of an element (0 until it is measured). */
export function useElementWidth(element: RefObject<HTMLElement | null>): number {
  return useElementSize(element, 'inlineSize');
}
