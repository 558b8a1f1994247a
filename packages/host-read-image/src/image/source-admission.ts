import { AttachmentError, type ImageLimits, type ImageMediaType } from '../seams/attachment-store.ts';

/** What a source image is, as far as admission cares; width and height are the raw (unoriented) sides. */
export interface SourceFacts {
  readonly mediaType: ImageMediaType;
  readonly width: number;
  readonly height: number;
}

export function assertSourceBytesWithinLimit(bytes: number, limits: ImageLimits): void {
  if (bytes > limits.maxImageBytes) {
    throw new AttachmentError('IMAGE_TOO_LARGE', `The image is ${bytes} bytes, over the limit of ${limits.maxImageBytes} bytes.`, {
      bytes,
      limit: limits.maxImageBytes,
    });
  }
}

/** The declared-type and size checks, shared by a fresh save and a save served from the source index. */
export function assertSourceAdmissible(source: SourceFacts, declaredMediaType: ImageMediaType | undefined, limits: ImageLimits): void {
  if (declaredMediaType !== undefined && declaredMediaType !== source.mediaType) {
    throw new AttachmentError('IMAGE_TYPE_MISMATCH', `The bytes are ${source.mediaType}, not the declared ${declaredMediaType}.`, {
      detectedMediaType: source.mediaType,
      declaredMediaType,
    });
  }
  const { width, height } = source;
  if (Math.max(width, height) > limits.maxImageDimension) {
    throw new AttachmentError('IMAGE_DIMENSION_TOO_LARGE', `The image is ${width}x${height} px; each side may be at most ${limits.maxImageDimension} px.`, {
      width,
      height,
      limit: limits.maxImageDimension,
    });
  }
  if (width * height > limits.maxImagePixels) {
    throw new AttachmentError(
      'IMAGE_TOO_MANY_PIXELS',
      `The image is ${width}x${height} px (${width * height} pixels), over the limit of ${limits.maxImagePixels} pixels.`,
      { width, height, limit: limits.maxImagePixels },
    );
  }
}
