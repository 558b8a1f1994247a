import type { ImageDimensions, ImageLimits, ImageMediaType } from '../seams/attachment-store.ts';
import { encodeWithinByteBudget } from './byte-budget.ts';
import type { ImageHeader } from './image-header.ts';
import { canPassThrough, storedMediaType } from './normalisation-policy.ts';
import { decodeFirstFrame } from './source-pipeline.ts';

/** The bytes to store and what they are. */
export interface NormalisedImage {
  readonly data: Uint8Array;
  readonly mediaType: ImageMediaType;
  readonly width: number;
  readonly height: number;
  /** The oriented source size, present only when the stored size differs from it. */
  readonly originalDimensions?: ImageDimensions;
}

/**
 * Either keeps the source bytes (after a full decode of the first frame proves they are not
 * truncated: the header alone does not tell) or stores an oriented, 8-bit sRGB,
 * metadata-free, size-bounded re-encoding, which decodes fully too. The header must already
 * have passed the source limits.
 */
export async function normaliseImage(data: Uint8Array, header: ImageHeader, limits: ImageLimits): Promise<NormalisedImage> {
  if (canPassThrough(header, data.length, limits)) {
    await decodeFirstFrame(data, limits);
    return { data, mediaType: header.mediaType, width: header.width, height: header.height };
  }
  const mediaType = storedMediaType(header.mediaType);
  const encoded = await encodeWithinByteBudget(data, mediaType, limits);
  const resized = encoded.width !== header.oriented.width || encoded.height !== header.oriented.height;
  return {
    data: encoded.data,
    mediaType,
    width: encoded.width,
    height: encoded.height,
    ...(resized ? { originalDimensions: header.oriented } : {}),
  };
}
