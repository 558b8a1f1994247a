export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

export interface ImageDimensions {
  readonly width: number;
  readonly height: number;
}

/** The attachment reference carried by an image block (DESIGN §2). Optional keys are omitted, never undefined. */
export interface AttachmentRef {
  readonly attachmentId: string;
  readonly mediaType: ImageMediaType;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  readonly name?: string;
  readonly originalDimensions?: ImageDimensions;
}

export interface ImageLimits {
  /** Largest accepted source file, in bytes. */
  readonly maxImageBytes: number;
  /** Largest accepted source width × height. */
  readonly maxImagePixels: number;
  /** Largest accepted source side, in pixels. */
  readonly maxImageDimension: number;
  /** Longest side of a stored (normalised) image. */
  readonly normalizedImageMaxDimension: number;
  /** Largest stored (normalised) object, in bytes. */
  readonly normalizedImageMaxBytes: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxImageBytes: 20 * 1024 * 1024,
  maxImagePixels: 64_000_000,
  maxImageDimension: 8192,
  normalizedImageMaxDimension: 2048,
  normalizedImageMaxBytes: 4 * 1024 * 1024,
};

export type AttachmentErrorCode =
  | 'INVALID_IMAGE'
  | 'IMAGE_TYPE_MISMATCH'
  | 'IMAGE_TOO_LARGE'
  | 'IMAGE_TOO_MANY_PIXELS'
  | 'IMAGE_DIMENSION_TOO_LARGE'
  | 'ATTACHMENT_NOT_FOUND'
  | 'ATTACHMENT_CORRUPT'
  | 'ATTACHMENT_WRITE_FAILED'
  | 'ATTACHMENT_READ_FAILED'
  | 'INVALID_ATTACHMENT_REF'
  | 'ATTACHMENT_ABORTED'
  | 'ATTACHMENT_STORE_DISPOSED';

/** Facts a caller needs to phrase a remedy (e.g. the real format for a rename). */
export interface AttachmentErrorDetails {
  readonly detectedMediaType?: ImageMediaType;
  readonly declaredMediaType?: ImageMediaType;
  readonly width?: number;
  readonly height?: number;
  readonly bytes?: number;
  readonly limit?: number;
}

export class AttachmentError extends Error {
  override readonly name = 'AttachmentError';
  readonly code: AttachmentErrorCode;
  readonly details: AttachmentErrorDetails;

  constructor(code: AttachmentErrorCode, message: string, details: AttachmentErrorDetails = {}, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}

export interface SaveImageInput {
  readonly data: Uint8Array;
  /** What the caller believes the bytes are; a disagreement is IMAGE_TYPE_MISMATCH. */
  readonly mediaType?: ImageMediaType;
  /** Display name only; never part of the identity. */
  readonly name?: string;
}

export interface StoredImage {
  readonly ref: AttachmentRef;
  readonly data: Uint8Array;
}

export interface AttachmentStore {
  readonly imageLimits: ImageLimits;
  saveImage(input: SaveImageInput, signal?: AbortSignal): Promise<AttachmentRef>;
  /** Bytes re-verified against the id's digest. */
  readImage(attachmentId: string, signal?: AbortSignal): Promise<StoredImage>;
  /** Called once when the store is disposed; returns an unsubscribe function. */
  onDispose(listener: () => void): () => void;
}
