import sharp from 'sharp';

import { AttachmentError, type ImageDimensions, type ImageLimits, type ImageMediaType } from '../seams/attachment-store.ts';
import { encodeWithinByteBudget, type RawFrame } from './frame-encoder.ts';
import type { ImageHeader } from './image-header.ts';
import { canPassThrough, storedMediaType } from './normalisation-policy.ts';

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
 * Fully decodes the first frame (the header alone does not reveal truncation), then either
 * keeps the source bytes or stores an oriented, 8-bit sRGB, metadata-free, size-bounded
 * re-encoding. The header must already have passed the source limits.
 */
export async function normaliseImage(data: Uint8Array, header: ImageHeader, limits: ImageLimits): Promise<NormalisedImage> {
  const frame = await decodeFirstFrame(data, limits);
  if (canPassThrough(header, data.length, limits)) {
    return { data, mediaType: header.mediaType, width: header.width, height: header.height };
  }
  const mediaType = storedMediaType(header.mediaType);
  const encoded = await encodeWithinByteBudget(frame, mediaType, limits.normalizedImageMaxBytes);
  const resized = encoded.width !== header.oriented.width || encoded.height !== header.oriented.height;
  return {
    data: encoded.data,
    mediaType,
    width: encoded.width,
    height: encoded.height,
    ...(resized ? { originalDimensions: header.oriented } : {}),
  };
}

async function decodeFirstFrame(data: Uint8Array, limits: ImageLimits): Promise<RawFrame> {
  const maxSide = limits.normalizedImageMaxDimension;
  try {
    const { data: pixels, info } = await sharp(data, {
      pages: 1,
      failOn: 'error',
      limitInputPixels: limits.maxImagePixels,
    })
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { pixels, width: info.width, height: info.height, channels: info.channels };
  } catch (cause) {
    throw new AttachmentError('INVALID_IMAGE', 'The image could not be decoded; it is truncated or corrupt.', {}, { cause });
  }
}
