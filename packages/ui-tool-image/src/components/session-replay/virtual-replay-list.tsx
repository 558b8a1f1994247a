import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { itemTransform, ScrollAnchor } from './scroll-anchor';
import { windowScrollAfterAttach } from './window-scroll';

/**
 * Estimated height of an item not measured yet: a collapsed row (2.25rem) and the gap under it.
 * Only the scrollbar's first guess; every mounted item is measured.
 */
const ESTIMATED_ITEM_SIZE = 44;
/** Items mounted beyond each edge of the viewport: Tab and `j` land on a mounted row. */
const OVERSCAN = 4;
/**
 * The viewport assumed before the window is measured: a server render (and so the hydrating first
 * render) shows the log's first screen of items, not an empty list.
 */
const INITIAL_VIEWPORT = { width: 1280, height: 900 };

export interface ReplayListHandle {
  /** Scrolls item `index` into view (mounted from the next render on) and, with `focus`, focuses it. */
  readonly show: (index: number, options?: { readonly focus?: boolean }) => void;
  /** The mounted element of item `index`, if it is mounted. */
  readonly elementOf: (index: number) => HTMLElement | null;
  /** The first item whose box reaches into the viewport. */
  readonly firstInView: () => number;
}

export interface VirtualReplayListProps {
  readonly count: number;
  readonly keyOf: (index: number) => string;
  readonly renderItem: (index: number) => ReactNode;
  readonly label: string;
  /** The height assumed for an item not measured yet (px); a collapsed row's by default. */
  readonly estimatedSize?: number;
  /** The item of the find bar's current match, marked `data-current-match` and kept mounted wherever the viewport is. */
  readonly current?: number | null;
  /** The height of what stays in view above the list (a sticky find bar): an item shown is scrolled below it. */
  readonly stickyTop?: number;
  /** The item that holds focus, or `null` when focus leaves the list. */
  readonly onFocusItem?: (index: number | null) => void;
  readonly handle?: Ref<ReplayListHandle>;
}

/**
 * A replay whose DOM holds only the items near the viewport (the page scrolls; the list keeps its
 * full height). Items are measured from their ResizeObserver entries, after the browser's own
 * layout, as they mount and when they resize (a row opens, an image decodes, the window narrows);
 * nothing in a render or commit reads layout. A size change above the pointer moves the scroll
 * position by the same amount, so what is under the pointer stays there (`ScrollAnchor`). It
 * renders again only when its props change: typing in the find bar re-renders the bar, not the list.
 *
 * For assistive technology it is a feed: every item an article with its position and the list's
 * size. The focused item stays mounted while it is scrolled away, so focus survives.
 */
export const VirtualReplayList = memo(function VirtualReplayList({
  count,
  keyOf,
  renderItem,
  label,
  estimatedSize = ESTIMATED_ITEM_SIZE,
  current = null,
  stickyTop = 0,
  onFocusItem,
  handle,
}: VirtualReplayListProps): ReactNode {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);
  const pendingFocus = useRef<number | null>(null);

  // Kept mounted wherever the viewport is: the current match, and the focused item (where `j`/`k` moved to).
  const keep = [current, focused].filter((index) => index !== null && index >= 0 && index < count);
  const keepKey = keep.join(',');
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const index of keepKey === '' ? [] : keepKey.split(',').map(Number)) indexes.add(index);
      // Log order in the DOM too, so Tab and a screen reader's reading order follow the log.
      return [...indexes].sort((a, b) => a - b);
    },
    [keepKey],
  );

  const pointerY = usePointerY();
  const [anchor] = useState(() => new ScrollAnchor(pointerY));
  const [scrollToFn] = useState(windowScrollAfterAttach);
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count,
    estimateSize: () => estimatedSize,
    overscan: OVERSCAN,
    getItemKey: keyOf,
    rangeExtractor,
    scrollMargin,
    scrollPaddingStart: stickyTop,
    initialRect: INITIAL_VIEWPORT,
    // The default reads `document` and `window`, which a server render must not touch; in a
    // browser `globalThis` is the window (its offset is not reported again until it scrolls).
    initialOffset: () => (globalThis as { readonly scrollY?: number }).scrollY ?? 0,
    scrollToFn,
    measureElement: anchor.measure,
    onChange: anchor.onChange,
  });
  useLayoutEffect(() => {
    // The virtualizer's documented way to set this is assigning the instance property, which the
    // React Compiler's lint reads as mutating a hook's result; it is set once, outside render.
    Reflect.set(virtualizer, 'shouldAdjustScrollPositionOnItemSizeChange', anchor.noteResize);
  }, [virtualizer, anchor]);

  // The list's offset in the page changes when what is above it does (problems, the find bar
  // wrapping, the app's header). When the list starts above the viewport, the page scrolls by the
  // same amount, so the items in view stay where they were.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    let margin: number | null = null;
    const measure = (): void => {
      const next = Math.round(list.getBoundingClientRect().top + window.scrollY);
      if (margin !== null && next !== margin && margin < window.scrollY) window.scrollBy(0, next - margin);
      margin = next;
      setScrollMargin(next);
    };
    // Measured first in the observer's initial delivery, after the frame's own layout: measuring
    // here would force a layout of the first screen of rows inside the commit that mounts them.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      observer.disconnect();
    };
  }, []);

  const elementOf = useCallback((index: number) => listRef.current?.querySelector<HTMLElement>(`:scope > [data-index="${String(index)}"]`) ?? null, []);

  useImperativeHandle(
    handle,
    () => ({
      show: (index, options = {}) => {
        if (index < 0 || index >= count) return;
        virtualizer.scrollToIndex(index, { align: 'auto' });
        if (options.focus === true) {
          pendingFocus.current = index;
          setFocused(index);
        }
      },
      elementOf,
      firstInView: () => {
        const top = virtualizer.scrollOffset ?? 0;
        return virtualizer.getVirtualItems().find((item) => item.end > top)?.index ?? 0;
      },
    }),
    [virtualizer, count, elementOf],
  );

  useLayoutEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const element = elementOf(index);
    if (element === null) return;
    pendingFocus.current = null;
    element.focus({ preventScroll: true });
  });

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={listRef}
      // An empty feed is no feed (a feed's children are articles): a replay stepped back to 0, an empty log.
      {...(count === 0 ? {} : { role: 'feed', 'aria-label': label })}
      className="tc-replay__list"
      style={{ height: virtualizer.getTotalSize() - scrollMargin }}
      onFocus={(event) => {
        const index = itemIndexOf(event.target, event.currentTarget);
        if (index !== null && index !== focused) setFocused(index);
        onFocusItem?.(index);
      }}
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
        setFocused(null);
        onFocusItem?.(null);
      }}
    >
      {items.map((item) => (
        <article
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="tc-replay__item"
          aria-posinset={item.index + 1}
          aria-setsize={count}
          tabIndex={-1}
          data-last={item.index === count - 1 ? '' : undefined}
          data-current-match={item.index === current ? '' : undefined}
          style={{ transform: itemTransform(item.start, scrollMargin) }}
        >
          <ItemContent index={item.index} renderItem={renderItem} />
        </article>
      ))}
    </div>
  );
});

/**
 * An item's content, rendered again only when its item or `renderItem` changes: a scroll frame
 * re-renders the list (positions move) but not the rows already mounted.
 */
const ItemContent = memo(function ItemContent({ index, renderItem }: { readonly index: number; readonly renderItem: (index: number) => ReactNode }): ReactNode {
  return renderItem(index);
});

/** The pointer's last height in the viewport, `null` until it moves or once it leaves the page. */
function usePointerY(): { readonly current: number | null } {
  const pointer = useRef<number | null>(null);
  useEffect(() => {
    const onMove = (event: PointerEvent): void => {
      pointer.current = event.clientY;
    };
    const onLeave = (): void => {
      pointer.current = null;
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    document.documentElement.addEventListener('pointerleave', onLeave);
    return () => {
      window.removeEventListener('pointermove', onMove);
      document.documentElement.removeEventListener('pointerleave', onLeave);
    };
  }, []);
  return pointer;
}

/** The item index of the article holding `target`, inside `list`. */
function itemIndexOf(target: EventTarget, list: HTMLElement): number | null {
  if (!(target instanceof Element)) return null;
  const article = target.closest('[data-index]');
  if (article?.parentElement !== list) return null;
  const index = Number(article.getAttribute('data-index'));
  return Number.isInteger(index) ? index : null;
}
