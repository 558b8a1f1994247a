import type { LoadImage } from '@toolcard/ui-tool-image';

/** `loader`, answered `ms` later; aborting the load rejects at once with the signal's reason. */
export function delayed(loader: LoadImage, ms: number): LoadImage {
  return (ref, options) =>
    new Promise((resolve, reject) => {
      const { signal } = options;
      const timer = setTimeout(() => {
        loader(ref, options).then(resolve, reject);
      }, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
}

export interface GatedLoader {
  readonly loadImage: LoadImage;
  /** Loads asked for and still held at the gate. */
  readonly held: () => number;
  /** Lets every held and later load through to `loader`. */
  readonly open: () => void;
  /** Holds the loads asked for from now on (a story's next run). */
  readonly close: () => void;
}

/** `loader` behind a gate a play function opens: images arrive when the test says so. */
export function gated(loader: LoadImage): GatedLoader {
  let isOpen = false;
  const waiting = new Set<() => void>();
  return {
    loadImage: (ref, options) => {
      if (isOpen) return loader(ref, options);
      return new Promise((resolve, reject) => {
        const { signal } = options;
        const pass = (): void => {
          signal.removeEventListener('abort', abort);
          loader(ref, options).then(resolve, reject);
        };
        const abort = (): void => {
          waiting.delete(pass);
          reject(signal.reason as Error);
        };
        waiting.add(pass);
        signal.addEventListener('abort', abort, { once: true });
      });
    },
    held: () => waiting.size,
    open: () => {
      isOpen = true;
      for (const pass of waiting) pass();
      waiting.clear();
    },
    close: () => {
      isOpen = false;
    },
  };
}
