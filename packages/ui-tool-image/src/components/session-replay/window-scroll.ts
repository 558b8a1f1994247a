import { windowScroll, type VirtualizerOptions } from '@tanstack/react-virtual';

type WindowScrollTo = VirtualizerOptions<Window, HTMLElement>['scrollToFn'];

/**
 * The virtualizer's `scrollToFn` for the window, but for its first write: the one it makes as it
 * attaches to the window, back to the offset it read from the window while rendering. Any scroll
 * write makes the browser lay the page out first, and that one runs inside the commit that mounts
 * the list and its first screen of rows: a forced layout of all of them in the commit's task. It is
 * made in the next animation frame instead, where the frame lays the page out anyway, and only if
 * the page has not scrolled since (a scroll there is the person's, and wins).
 */
export function windowScrollAfterAttach(): WindowScrollTo {
  let attached = false;
  return (offset, options, instance) => {
    if (attached) {
      windowScroll(offset, options, instance);
      return;
    }
    attached = true;
    const target = offset + (options.adjustments ?? 0);
    instance.targetWindow?.requestAnimationFrame(() => {
      if (instance.scrollOffset === target) windowScroll(offset, options, instance);
    });
  };
}
