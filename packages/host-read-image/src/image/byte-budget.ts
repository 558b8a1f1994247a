import { AttachmentError, type ImageLimits } from '../seams/attachment-store.ts';
import { encodeFrame, type EncodedImage, type EncodedMediaType, type RawFrame } from './frame-encoder.ts';
import { decodeFirstFrame, encodeFromSource } from './source-pipeline.ts';

const DOWNSCALE_FACTOR = 0.75;
/** 0.75^8 ≈ 0.1 of the long edge: an image that still does not fit is not worth shrinking further. */
const MAX_DOWNSCALE_STEPS = 8;
/**
 * The predicted size aims this far under the budget: downscaling a sharp-edged image (text,
 * UI) raises its bytes per pixel, and a miss costs a fallback decode and more encodes.
 */
const PREDICTION_HEADROOM = 0.9;

/**
 * Encodes the source's first frame within the stored size limits, or fails with
 * IMAGE_TOO_LARGE. One encode straight from the decoder when it fits; otherwise a second at
 * the long edge its bytes predict (bytes grow about with pixel count); only if that misses
 * too, the pixels are decoded once and stepped down by 0.75 as far as 0.1 of the long edge.
 */
export async function encodeWithinByteBudget(data: Uint8Array, mediaType: EncodedMediaType, limits: ImageLimits): Promise<EncodedImage> {
  const maxBytes = limits.normalizedImageMaxBytes;
  const first = await encodeFromSource(data, limits, mediaType, limits.normalizedImageMaxDimension);
  if (first.data.length <= maxBytes) return first;
  const fullEdge = longEdgeOf(first);
  const smallestEdge = smallestLongEdge(fullEdge);
  if (smallestEdge === fullEdge) throw tooLarge(first, maxBytes);
  const predicted = await encodeFromSource(data, limits, mediaType, predictedLongEdge(first, maxBytes, smallestEdge));
  if (predicted.data.length <= maxBytes) return predicted;
  return stepDown(predicted, smallestEdge, await decodeFirstFrame(data, limits), mediaType, maxBytes);
}

/** The fallback: shrink from the missed attempt by 0.75 at a time, down to (and including) the smallest edge. */
async function stepDown(missed: EncodedImage, smallestEdge: number, frame: RawFrame, mediaType: EncodedMediaType, maxBytes: number): Promise<EncodedImage> {
  let encoded = missed;
  while (encoded.data.length > maxBytes && longEdgeOf(encoded) > smallestEdge) {
    const longEdge = Math.max(smallestEdge, Math.floor(longEdgeOf(encoded) * DOWNSCALE_FACTOR));
    encoded = await encodeFrame(frame, mediaType, longEdge);
  }
  if (encoded.data.length > maxBytes) throw tooLarge(encoded, maxBytes);
  return encoded;
}

/** Where the 0.75 steps of the original search ended: prediction and fallback never go below it. */
function smallestLongEdge(fullEdge: number): number {
  let edge = fullEdge;
  for (let step = 0; step < MAX_DOWNSCALE_STEPS; step++) {
    const next = Math.floor(edge * DOWNSCALE_FACTOR);
    if (next < 1) break;
    edge = next;
  }
  return edge;
}

function predictedLongEdge(missed: EncodedImage, maxBytes: number, smallestEdge: number): number {
  const scale = Math.sqrt((PREDICTION_HEADROOM * maxBytes) / missed.data.length);
  const longEdge = longEdgeOf(missed);
  return Math.min(longEdge - 1, Math.max(smallestEdge, Math.floor(longEdge * scale)));
}

function longEdgeOf(image: EncodedImage): number {
  return Math.max(image.width, image.height);
}

function tooLarge(encoded: EncodedImage, maxBytes: number): AttachmentError {
  return new AttachmentError(
    'IMAGE_TOO_LARGE',
    `The image cannot be stored within ${maxBytes} bytes, even downscaled to ${encoded.width}x${encoded.height} px (${encoded.data.length} bytes).`,
    { bytes: encoded.data.length, limit: maxBytes },
  );
}
