import { measureElement as measuredSize, type Virtualizer, type VirtualItem } from '@tanstack/react-virtual';

export type ReplayVirtualizer = Virtualizer<Window, HTMLElement>;

/**
 * What virtual-core keeps private and one correction per batch needs: its own scroll correction
 * (it also moves a running `scrollToIndex` along, retries once the page is tall enough, holds
 * during iOS momentum), and whether a command's scroll is still to be read back (it corrects
 * nothing then). Pinned version; the Chromium anchoring story fails if either goes away.
 */
interface ScrollCorrection {
  applyScrollAdjustment(delta: number): boolean;
  _awaitingCommandReadBack(): boolean;
}

function scrollCorrection(instance: ReplayVirtualizer): ScrollCorrection {
  return instance as unknown as ScrollCorrection;
}

/** An item's place in the list, as the list renders it. */
export function itemTransform(start: number, scrollMargin: number): string {
  return `translateY(${String(start - scrollMargin)}px)`;
}

/**
 * Keeps what is under the pointer (else the viewport's top) where it is while items change size:
 * an item wholly above that point moves the scroll position by its change; one at or below it
 * grows in place.
 *
 * The virtualizer would correct the scroll item by item, and after each correction it recomputes
 * every item's offset before reading the next size: O(items) per measured item, 30 000 items × a
 * screenful of new rows per frame in a fling. Here the changes of one batch (one ResizeObserver
 * delivery: every size comes from one, see `measure`) are judged against the positions and scroll
 * offset from before the batch, summed, and applied as one correction after it.
 *
 * After a delivery the mounted items are moved to their new offsets at once, so the frame is
 * painted with every item where it now belongs; the list's own render (its height, items coming
 * into range) follows in the next task, as the virtualizer schedules it. Rendering inside the
 * delivery would change the page's height there, which the list's page observer could only be
 * told a frame later, with a "ResizeObserver loop" error.
 */
export class ScrollAnchor {
  private pending = 0;
  /** Inside a ResizeObserver delivery, where sizes change. */
  private delivering = false;

  constructor(private readonly pointerY: { readonly current: number | null }) {}

  /** The virtualizer's `shouldAdjustScrollPositionOnItemSizeChange`: notes the change, lets it correct nothing itself. */
  readonly noteResize = (item: VirtualItem, delta: number, instance: ReplayVirtualizer): boolean => {
    if (item.end <= (instance.scrollOffset ?? 0) + (this.pointerY.current ?? 0)) this.pending += delta;
    return false;
  };

  /**
   * The virtualizer's `measureElement`. Sizes come only from ResizeObserver entries (border box),
   * read after the browser's own layout: the virtualizer also measures every item as it mounts,
   * without an entry, and reading a size there would force a layout inside the commit that mounts
   * it (most of the first screen's commit). Such an item keeps what it had, or the estimate, until
   * its first entry arrives in the same frame, before paint.
   *
   * A measured size of 0 means the item is not laid out (the replay sits in a `display: none` tab,
   * or a DOM without layout): keep what the item had, or the estimate. Taking the 0 would stack
   * every item at one offset and mount the whole log at once.
   */
  readonly measure = (element: HTMLElement, entry: ResizeObserverEntry | undefined, instance: ReplayVirtualizer): number => {
    if (entry !== undefined && !this.delivering) {
      this.delivering = true;
      // The delivery's own work is synchronous; anything after it is another task's.
      queueMicrotask(() => {
        this.delivering = false;
      });
    }
    const size = entry === undefined ? 0 : measuredSize(element, entry, instance);
    if (size > 0) return size;
    const index = instance.indexFromElement(element);
    return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
  };

  /** The virtualizer's `onChange`: after a ResizeObserver delivery that changed sizes, the correction and the items moved. */
  readonly onChange = (instance: ReplayVirtualizer): void => {
    if (!this.delivering) return;
    this.correct(instance);
    const { measurementsCache, options } = instance;
    instance.getVirtualItems();
    for (const element of instance.elementsCache.values()) {
      const item = measurementsCache[instance.indexFromElement(element)];
      if (item !== undefined) element.style.transform = itemTransform(item.start, options.scrollMargin);
    }
  };

  private correct(instance: ReplayVirtualizer): void {
    const delta = this.pending;
    this.pending = 0;
    const correction = scrollCorrection(instance);
    if (delta === 0 || instance.scrollElement === null || correction._awaitingCommandReadBack()) return;
    correction.applyScrollAdjustment(delta);
  }
}
