import sharp, { type Channels, type Sharp } from 'sharp';

import { AttachmentError, type ImageMediaType } from '../seams/attachment-store.ts';

/** Decoded 8-bit pixels of one frame. */
export interface RawFrame {
  readonly pixels: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: Channels;
}

export interface EncodedImage {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

export type EncodedMediaType = Exclude<ImageMediaType, 'image/gif'>;

const JPEG_QUALITY = 90;
const WEBP_QUALITY = 90;
const DOWNSCALE_FACTOR = 0.75;
/** 0.75^8 ≈ 0.1 of the long edge: an image that still does not fit is not worth shrinking further. */
const MAX_DOWNSCALE_STEPS = 8;

/** Encodes the frame, stepping its long edge down until the result fits `maxBytes`; IMAGE_TOO_LARGE if it never does. */
export async function encodeWithinByteBudget(
  frame: RawFrame,
  mediaType: EncodedMediaType,
  maxBytes: number,
): Promise<EncodedImage> {
  let encoded = await encode(frame, mediaType, Math.max(frame.width, frame.height));
  for (let step = 0; encoded.data.length > maxBytes && step < MAX_DOWNSCALE_STEPS; step++) {
    const longEdge = Math.floor(Math.max(encoded.width, encoded.height) * DOWNSCALE_FACTOR);
    if (longEdge < 1) break;
    encoded = await encode(frame, mediaType, longEdge);
  }
  if (encoded.data.length > maxBytes) {
    throw new AttachmentError(
      'IMAGE_TOO_LARGE',
      `The image cannot be stored within ${maxBytes} bytes, even downscaled to ${encoded.width}x${encoded.height} px (${encoded.data.length} bytes).`,
      { bytes: encoded.data.length, limit: maxBytes },
    );
  }
  return encoded;
}

async function encode(frame: RawFrame, mediaType: EncodedMediaType, longEdge: number): Promise<EncodedImage> {
  const { pixels, width, height, channels } = frame;
  const resized = sharp(pixels, { raw: { width, height, channels } }).resize({
    width: longEdge,
    height: longEdge,
    fit: 'inside',
    withoutEnlargement: true,
  });
  try {
    const { data, info } = await inFormat(resized, mediaType).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (cause) {
    throw new AttachmentError('INVALID_IMAGE', `The image could not be re-encoded as ${mediaType}.`, {}, { cause });
  }
}

/** The encoder and its settings for a stored media type (the bench gives its peer pipeline the same ones). */
export function inFormat(pipeline: Sharp, mediaType: EncodedMediaType): Sharp {
  switch (mediaType) {
    case 'image/png':
      return pipeline.png();
    case 'image/jpeg':
      return pipeline.jpeg({ quality: JPEG_QUALITY });
    case 'image/webp':
      return pipeline.webp({ quality: WEBP_QUALITY });
  }
}
