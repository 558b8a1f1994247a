import type { AttachmentRef, ImageDimensions, ImageMediaType } from '../content-blocks';

const FORMATS: Readonly<Record<ImageMediaType, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};

/** What a card says first about a stored image, from its reference (never from the envelope's text). */
export interface ImageFacts {
  /** `PNG`, `JPEG`, `WebP` or `GIF`. */
  readonly format: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  /** The source's size, when the store downscaled it. */
  readonly original?: ImageDimensions;
  /**
   * Factors that take a point in the stored image to the original file, formatted as the envelope
   * formats them (DESIGN §2: `(ow / width).toFixed(2)`); `uniform` when both read the same.
   */
  readonly scale?: { readonly uniform: true; readonly factor: string } | { readonly uniform: false; readonly x: string; readonly y: string };
}

/** The original dimensions when the store downscaled the image; `undefined` when it kept them. */
export function downscaledFrom({ width, height, originalDimensions }: AttachmentRef): ImageDimensions | undefined {
  if (originalDimensions === undefined) return undefined;
  return originalDimensions.width === width && originalDimensions.height === height ? undefined : originalDimensions;
}

export function imageFacts(attachment: AttachmentRef): ImageFacts {
  const { mediaType, width, height, bytes } = attachment;
  const facts = { format: FORMATS[mediaType], width, height, bytes };
  const original = downscaledFrom(attachment);
  if (original === undefined) return facts;
  const x = (original.width / width).toFixed(2);
  const y = (original.height / height).toFixed(2);
  return { ...facts, original, scale: x === y ? { uniform: true, factor: x } : { uniform: false, x, y } };
}
