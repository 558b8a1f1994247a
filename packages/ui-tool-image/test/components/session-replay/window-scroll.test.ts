import { observeWindowOffset, observeWindowRect, Virtualizer } from '@tanstack/react-virtual';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { windowScrollAfterAttach } from '../../../src/components/session-replay/window-scroll';

// The real virtualizer on happy-dom's window: it writes its offset back to the window as it attaches.

function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      resolve();
    });
  });
}

function windowVirtualizer(): Virtualizer<Window, HTMLElement> {
  return new Virtualizer<Window, HTMLElement>({
    count: 100,
    getScrollElement: () => window,
    estimateSize: () => 44,
    scrollToFn: windowScrollAfterAttach(),
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    initialOffset: () => window.scrollY,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  window.scrollTo(0, 0);
});

describe('windowScrollAfterAttach', () => {
  it('makes the write the virtualizer attaches with in the next frame, not inside the commit', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const virtualizer = windowVirtualizer();
    const cleanup = virtualizer._didMount();
    virtualizer._willUpdate();
    expect(scrollTo).not.toHaveBeenCalled();
    await nextFrame();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: undefined });
    cleanup();
  });

  it('drops that write when the page scrolled before the frame: the person’s scroll wins', async () => {
    const virtualizer = windowVirtualizer();
    const cleanup = virtualizer._didMount();
    virtualizer._willUpdate();
    window.scrollTo(0, 500);
    window.dispatchEvent(new Event('scroll'));
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await nextFrame();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(500);
    cleanup();
  });

  it('makes every later write at once (a jump to a row, a scroll correction)', async () => {
    const virtualizer = windowVirtualizer();
    const cleanup = virtualizer._didMount();
    virtualizer._willUpdate();
    await nextFrame();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    // happy-dom lays nothing out, so the target is clamped; what matters is that it is written now.
    virtualizer.scrollToOffset(300);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    cleanup();
  });
});
