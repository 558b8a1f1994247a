import { IMAGE_MEDIA_TYPES, type AttachmentRef, type ImageDimensions, type ImageMediaType } from '../seams/attachment-store.ts';

/** A reference as the store keeps it: every fact but the display name, which belongs to each save. */
export type StoredRef = Omit<AttachmentRef, 'name'>;

/** `value` as a StoredRef when it has exactly the expected shape (it was read back from disk). */
export function parseStoredRef(value: unknown): StoredRef | undefined {
  if (!isRecord(value)) return undefined;
  const { attachmentId, mediaType, bytes, width, height, originalDimensions } = value;
  if (typeof attachmentId !== 'string' || !isImageMediaType(mediaType)) return undefined;
  if (!isCount(bytes) || !isCount(width) || !isCount(height)) return undefined;
  const ref = { attachmentId, mediaType, bytes, width, height };
  if (originalDimensions === undefined) return ref;
  const original = parseDimensions(originalDimensions);
  return original && { ...ref, originalDimensions: original };
}

export function parseDimensions(value: unknown): ImageDimensions | undefined {
  if (!isRecord(value)) return undefined;
  const { width, height } = value;
  return isCount(width) && isCount(height) ? { width, height } : undefined;
}

export function isImageMediaType(value: unknown): value is ImageMediaType {
  return IMAGE_MEDIA_TYPES.some((mediaType) => mediaType === value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** The JSON value of `text`, or undefined when it does not parse (a damaged record). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
