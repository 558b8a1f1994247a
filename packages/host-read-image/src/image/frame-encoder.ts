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

/** Fits the long edge within `longEdge` (never enlarging). */
export function fitLongEdge(pipeline: Sharp, longEdge: number): Sharp {
  return pipeline.resize({ width: longEdge, height: longEdge, fit: 'inside', withoutEnlargement: true });
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

/** Runs the pipeline's encoder and returns the bytes with the size they encode. */
export async function encodedBy(pipeline: Sharp, mediaType: EncodedMediaType): Promise<EncodedImage> {
  const { data, info } = await inFormat(pipeline, mediaType).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Encodes decoded pixels with their long edge fitted within `longEdge`. */
export async function encodeFrame(frame: RawFrame, mediaType: EncodedMediaType, longEdge: number): Promise<EncodedImage> {
  const { pixels, width, height, channels } = frame;
  try {
    return await encodedBy(fitLongEdge(sharp(pixels, { raw: { width, height, channels } }), longEdge), mediaType);
  } catch (cause) {
    throw new AttachmentError('INVALID_IMAGE', `The image could not be re-encoded as ${mediaType}.`, {}, { cause });
  }
}
