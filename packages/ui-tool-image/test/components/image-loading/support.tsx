import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { LoadImage } from '../../../src/components';
import type { AttachmentRef } from '../../../src/model';

export function imageRef(attachmentId: string, width = 800, height = 600, name?: string): AttachmentRef {
  return { attachmentId, mediaType: 'image/png', bytes: 1000, width, height, ...(name === undefined ? {} : { name }) };
}

export const pngBlob = (): Blob => new Blob(['png bytes'], { type: 'image/png' });

/** Counts object URLs: every `createObjectURL` must meet exactly one `revokeObjectURL`. */
export function trackObjectUrls() {
  let created = 0;
  const live = new Set<string>();
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    created += 1;
    const url = `blob:test/${created}`;
    live.add(url);
    return url;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    if (!live.delete(url)) throw new Error(`revoked ${url}, which is not live`);
  });
  return { create, revoke, live };
}

/** A loader whose every call waits until the test settles it. */
export function deferredLoader() {
  const pending: { resolve: (value: Blob | string) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = [];
  const load = vi.fn<LoadImage>(
    (_ref, { signal }) =>
      new Promise((resolve, reject) => {
        pending.push({ resolve, reject, signal });
      }),
  );
  return { load, pending };
}

type Intersect = (entries: IntersectionObserverEntry[]) => void;

/** A controllable IntersectionObserver: nothing is near until the test says so. */
export function mockIntersectionObserver() {
  const observed = new Map<Element, Intersect>();
  class MockIntersectionObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds: readonly number[] = [0];
    private readonly callback: Intersect;
    private readonly targets = new Set<Element>();
    constructor(callback: Intersect, options?: IntersectionObserverInit) {
      this.callback = callback;
      this.rootMargin = options?.rootMargin ?? '0px';
    }
    observe(target: Element): void {
      this.targets.add(target);
      observed.set(target, this.callback);
    }
    unobserve(target: Element): void {
      this.targets.delete(target);
      observed.delete(target);
    }
    disconnect(): void {
      for (const target of this.targets) observed.delete(target);
      this.targets.clear();
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', MockIntersectionObserver);
  const intersect = (targets: readonly Element[], isIntersecting: boolean): void => {
    act(() => {
      for (const target of targets) {
        const entry = { target, isIntersecting } as unknown as IntersectionObserverEntry;
        observed.get(target)?.([entry]);
      }
    });
  };
  return {
    observedCount: () => observed.size,
    /** Scrolls every observed element (or the given ones) near the viewport. */
    bringNear(targets: readonly Element[] = [...observed.keys()]): void {
      intersect(targets, true);
    },
    /** Scrolls every observed element (or the given ones) out of the near margin again. */
    sendAway(targets: readonly Element[] = [...observed.keys()]): void {
      intersect(targets, false);
    },
  };
}
