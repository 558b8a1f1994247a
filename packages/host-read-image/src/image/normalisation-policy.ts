import type { ImageLimits, ImageMediaType } from '../seams/attachment-store.ts';
import type { EncodedMediaType } from './frame-encoder.ts';
import type { ImageHeader } from './image-header.ts';

/**
 * A source is stored byte-identical (so its id is the source file's sha256) only when
 * normalising could not change anything a model sees: plain (one frame, 8-bit sRGB or grey,
 * no metadata), within the stored size limits, and not a GIF.
 */
export function canPassThrough(header: ImageHeader, sourceBytes: number, limits: ImageLimits): boolean {
  return (
    header.isPlain &&
    header.mediaType !== 'image/gif' &&
    Math.max(header.width, header.height) <= limits.normalizedImageMaxDimension &&
    sourceBytes <= limits.normalizedImageMaxBytes
  );
}

/**
 * Re-encoding keeps the format family, except GIF: its first frame becomes a PNG, which is
 * lossless for a palette image and accepted by every vision model, where GIF support varies.
 */
export function storedMediaType(source: ImageMediaType): EncodedMediaType {
  return source === 'image/gif' ? 'image/png' : source;
}
