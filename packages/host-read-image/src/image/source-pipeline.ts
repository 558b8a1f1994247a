import sharp, { type Sharp } from 'sharp';

import { AttachmentError, type ImageLimits } from '../seams/attachment-store.ts';
import { encodedBy, fitLongEdge, type EncodedImage, type EncodedMediaType, type RawFrame } from './frame-encoder.ts';

/**
 * Fully decodes the first frame of source bytes (the header alone does not reveal truncation)
 * into raw pixels: oriented, 8-bit sRGB, fitted within the stored side limit.
 */
export async function decodeFirstFrame(data: Uint8Array, limits: ImageLimits): Promise<RawFrame> {
  const { data: pixels, info } = await decoded(sourcePipeline(data, limits, limits.normalizedImageMaxDimension).raw().toBuffer({ resolveWithObject: true }));
  return { pixels, width: info.width, height: info.height, channels: info.channels };
}

/**
 * The same full decode, encoded as it streams out of the decoder (no raw pixels are kept),
 * fitted within `longEdge`.
 */
export function encodeFromSource(data: Uint8Array, limits: ImageLimits, mediaType: EncodedMediaType, longEdge: number): Promise<EncodedImage> {
  return decoded(encodedBy(sourcePipeline(data, limits, longEdge), mediaType));
}

function sourcePipeline(data: Uint8Array, limits: ImageLimits, longEdge: number): Sharp {
  const pipeline = sharp(data, { pages: 1, failOn: 'error', limitInputPixels: limits.maxImagePixels }).autoOrient().toColourspace('srgb');
  return fitLongEdge(pipeline, longEdge);
}

/**
 * Every failure of a pipeline from source bytes is a bad source: the encoders accept any
 * 8-bit sRGB frame, so what fails is the decode.
 */
async function decoded<T>(pipeline: Promise<T>): Promise<T> {
  try {
    return await pipeline;
  } catch (cause) {
    throw new AttachmentError('INVALID_IMAGE', 'The image could not be decoded; it is truncated or corrupt.', {}, { cause });
  }
}
