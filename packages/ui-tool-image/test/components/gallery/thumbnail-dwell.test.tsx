import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageGallery } from '../../../src/components';
import { NEAR_DWELL_MS } from '../../../src/components/image-loading/use-near-viewport';
import { ToolCardProvider } from '../../../src/plugins';
import { deferredLoader, imageRef, mockIntersectionObserver } from '../image-loading/support';

let viewport: ReturnType<typeof mockIntersectionObserver>;
beforeEach(() => {
  vi.useFakeTimers();
  viewport = mockIntersectionObserver();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderGallery(load: ReturnType<typeof deferredLoader>['load']) {
  return render(
    <ToolCardProvider loadImage={load} locale="en" imageCache={{ retries: 0 }}>
      <ImageGallery images={[{ attachment: imageRef('shot', 800, 600, 'shot.png') }]} loadImage={load} align="start" />
    </ToolCardProvider>,
  );
}

const tileStatus = () => screen.getByRole('button', { name: 'shot.png' }).closest('.tc-gallery__tile')?.getAttribute('data-status');

async function wait(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('a gallery thumbnail flung past', () => {
  it('starts no load when it leaves the near margin before the dwell', async () => {
    const { load } = deferredLoader();
    renderGallery(load);
    viewport.bringNear();
    await wait(NEAR_DWELL_MS - 1);
    viewport.sendAway();
    await wait(10 * NEAR_DWELL_MS);
    expect(load).not.toHaveBeenCalled();
    expect(tileStatus()).toBe('idle');
  });

  it('starts no load when the list unmounts it before the dwell', async () => {
    const { load } = deferredLoader();
    const view = renderGallery(load);
    viewport.bringNear();
    await wait(NEAR_DWELL_MS - 1);
    view.unmount();
    await wait(10 * NEAR_DWELL_MS);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads exactly once when it stays near for the dwell, and keeps that load when it leaves and comes back', async () => {
    const { load, pending } = deferredLoader();
    renderGallery(load);
    viewport.bringNear();
    await wait(NEAR_DWELL_MS);
    expect(load).toHaveBeenCalledTimes(1);
    expect(tileStatus()).toBe('loading');
    viewport.sendAway();
    viewport.bringNear();
    await wait(10 * NEAR_DWELL_MS);
    expect(load).toHaveBeenCalledTimes(1);
    expect(pending[0]?.signal.aborted).toBe(false);
    await act(async () => {
      pending[0]?.resolve('https://images.test/shot');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(tileStatus()).toBe('ready');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
