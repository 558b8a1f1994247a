import { withAdaptedImageSource } from './adapted-image-source';
import { isNonEmptyString, isPositiveInteger, isRecord } from './narrow';

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

export interface ImageDimensions {
  readonly width: number;
  readonly height: number;
}

/** An image block's attachment reference (DESIGN §2). Optional keys are omitted, never `undefined`. */
export interface AttachmentRef {
  /** Opaque: checked for existence only, never parsed. */
  readonly attachmentId: string;
  readonly mediaType: ImageMediaType;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  readonly name?: string;
  readonly originalDimensions?: ImageDimensions;
}

/** A recorded content block, narrowed: `invalid-image` is an image block whose reference is malformed. */
export type ContentBlockView =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'image'; readonly attachment: AttachmentRef }
  | { readonly kind: 'invalid-image' }
  | { readonly kind: 'other' };

export function isImageMediaType(value: unknown): value is ImageMediaType {
  return IMAGE_MEDIA_TYPES.some((mediaType) => mediaType === value);
}

function narrowDimensions(value: unknown): ImageDimensions | null {
  if (!isRecord(value)) return null;
  const { width, height } = value;
  return isPositiveInteger(width) && isPositiveInteger(height) ? { width, height } : null;
}

/** A fresh reference holding only the known keys, or `null` when any of them is malformed. */
export function narrowAttachmentRef(value: unknown): AttachmentRef | null {
  if (!isRecord(value)) return null;
  const { attachmentId, mediaType, bytes, width, height, name, originalDimensions } = value;
  if (!isNonEmptyString(attachmentId) || !isImageMediaType(mediaType)) return null;
  if (!isPositiveInteger(bytes) || !isPositiveInteger(width) || !isPositiveInteger(height)) return null;
  if (name !== undefined && typeof name !== 'string') return null;
  const original = originalDimensions === undefined ? undefined : narrowDimensions(originalDimensions);
  if (original === null) return null;
  const ref: AttachmentRef = {
    attachmentId,
    mediaType,
    bytes,
    width,
    height,
    ...(name === undefined ? {} : { name }),
    ...(original === undefined ? {} : { originalDimensions: original }),
  };
  return withAdaptedImageSource(ref, value);
}

export function viewContentBlock(block: unknown): ContentBlockView {
  if (!isRecord(block)) return { kind: 'other' };
  const { type, text, attachment } = block;
  if (type === 'text' && typeof text === 'string') return { kind: 'text', text };
  if (type !== 'image') return { kind: 'other' };
  const narrowed = narrowAttachmentRef(attachment);
  return narrowed === null ? { kind: 'invalid-image' } : { kind: 'image', attachment: narrowed };
}
