import type { LoadImage } from '@toolcard/ui-tool-image';
import { fixtureImageUrl } from './fixture-images';

/** Fails the way an attachment endpoint does; `status: 404` tells the card the image is not in the store. */
function httpError(status: number): Error & { readonly status: number } {
  return Object.assign(new Error(`Fixture image request failed with HTTP ${status}`), { status });
}

/** The stories' default loader: fetches the fixture file and hands the card a Blob. */
export const loadFixtureBlob: LoadImage = async (ref, { signal }) => {
  const url = fixtureImageUrl(ref.attachmentId);
  if (url === undefined) throw httpError(404);
  const response = await fetch(url, { signal });
  if (!response.ok) throw httpError(response.status);
  return response.blob();
};

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
