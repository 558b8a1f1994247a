import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

import type { AlignedRow } from './align-calls';
import { CompareRow, type CompareRowProps } from './compare-row';

/** The height assumed for a row until it is measured (rows differ: a changed one shows its differences). */
const ESTIMATED_ROW_HEIGHT = 96;
const OVERSCAN = 4;

/**
 * A row's height from its ResizeObserver entry only, read after the browser's own layout. The
 * virtualizer also measures each row as it mounts, with no entry: reading the height there forces
 * a layout inside the commit that mounts the first screen (half of that commit's time). Such a row
 * keeps the height it had, or the estimate, until its first entry arrives, in the same frame; so
 * does a row not laid out (height 0).
 */
function observedHeight(element: HTMLElement, entry: ResizeObserverEntry | undefined, list: Virtualizer<Window, HTMLElement>): number {
  const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
  if (height > 0) return Math.round(height);
  return list.itemSizeCache.get(list.options.getItemKey(list.indexFromElement(element))) ?? ESTIMATED_ROW_HEIGHT;
}

export interface ShownRow {
  readonly row: AlignedRow;
  /** Its place among all aligned rows, whatever the filter. */
  readonly number: number;
}

export interface CompareListProps extends Omit<CompareRowProps, 'row' | 'number'> {
  readonly rows: readonly ShownRow[];
  /** The index (in `rows`) to scroll to and focus, set by the difference keys; its `seq` makes the same index a new request. */
  readonly target: { readonly index: number; readonly seq: number } | null;
  /** A row received focus (a click or Tab): the difference keys move on from it. */
  readonly onCurrent: (index: number) => void;
  readonly rowName: (number: number, kind: AlignedRow['kind']) => string;
}

/**
 * The aligned rows as one virtualised list, A's call and B's in two columns of each row: the two
 * sides scroll together because they are one list. The page scrolls; only rows near the viewport are mounted.
 */
export function CompareList({ rows, target, onCurrent, rowName, ...rowProps }: CompareListProps): ReactNode {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN,
    measureElement: observedHeight,
    scrollMargin,
    getItemKey: (index) => rows[index]?.number ?? index,
  });

  // Where the list starts in the page changes with what is above it (status lines wrapping): read after layout.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    const measure = (): void => {
      setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      observer.disconnect();
    };
  }, []);

  // The row a difference key moved to is focused once it is mounted: at once when it is in view, else after the scroll renders it.
  const pendingFocus = useRef<number | null>(null);
  const focusPending = useCallback(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${String(index)}"]`);
    if (element === null || element === undefined) return;
    pendingFocus.current = null;
    element.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    if (target === null) return;
    pendingFocus.current = target.index;
    virtualizer.scrollToIndex(target.index, { align: 'start' });
    focusPending();
  }, [target, virtualizer, focusPending]);
  useLayoutEffect(focusPending);

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} role="list" className="cmp-list" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const shown = rows[item.index];
        if (shown === undefined) return null;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            role="listitem"
            aria-setsize={rows.length}
            aria-posinset={item.index + 1}
            aria-label={rowName(shown.number + 1, shown.row.kind)}
            tabIndex={-1}
            data-index={item.index}
            data-kind={shown.row.kind}
            className={`cmp-row cmp-row--${shown.row.kind}`}
            style={{ transform: `translateY(${String(item.start - scrollMargin)}px)` }}
            onFocus={() => {
              onCurrent(item.index);
            }}
          >
            <CompareRow row={shown.row} number={shown.number} {...rowProps} />
          </div>
        );
      })}
    </div>
  );
}
