import { adaptedImageSource } from '../../model/adapted-image-source';
import type { LoadImage } from '../load-image';

/**
 * The app's loader with the built-in one in front: an image a format adapter decoded from inline
 * data (an MCP `image` block, an AI SDK media part) is served from its own bytes, everything else
 * goes to `loadImage`. `ToolCardProvider` applies it, so inline images need no help from the app.
 */
export function withInlineImages(loadImage: LoadImage): LoadImage {
  return (ref, options) => {
    const source = adaptedImageSource(ref);
    if (source?.kind !== 'inline') return loadImage(ref, options);
    // A copy typed for Blob: the adapter's bytes may be a view into a larger buffer.
    return Promise.resolve(new Blob([source.bytes.slice()], { type: ref.mediaType }));
  };
}
