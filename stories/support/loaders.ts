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
