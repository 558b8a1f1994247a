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

/** No facts beyond the message. */
type NoDetails = Readonly<Record<string, never>>;

interface SizeOverLimit {
  readonly width: number;
  readonly height: number;
  readonly limit: number;
}

/** The facts each code's error carries: the ones a caller needs to phrase a remedy (e.g. the real format for a rename). */
export interface AttachmentErrorDetailsByCode {
  readonly INVALID_IMAGE: NoDetails;
  readonly IMAGE_TYPE_MISMATCH: { readonly detectedMediaType: ImageMediaType; readonly declaredMediaType: ImageMediaType };
  readonly IMAGE_TOO_LARGE: { readonly bytes: number; readonly limit: number };
  readonly IMAGE_TOO_MANY_PIXELS: SizeOverLimit;
  readonly IMAGE_DIMENSION_TOO_LARGE: SizeOverLimit;
  readonly ATTACHMENT_NOT_FOUND: NoDetails;
  readonly ATTACHMENT_CORRUPT: NoDetails;
  readonly ATTACHMENT_WRITE_FAILED: NoDetails;
  readonly ATTACHMENT_READ_FAILED: NoDetails;
  readonly INVALID_ATTACHMENT_REF: NoDetails;
  readonly ATTACHMENT_ABORTED: NoDetails;
  readonly ATTACHMENT_STORE_DISPOSED: NoDetails;
}

export type AttachmentErrorCode = keyof AttachmentErrorDetailsByCode;

export type AttachmentErrorDetails<Code extends AttachmentErrorCode = AttachmentErrorCode> = AttachmentErrorDetailsByCode[Code];

/** The constructor's arguments for each code: its details may be left out when it has none. */
export type AttachmentErrorArguments = {
  [Code in AttachmentErrorCode]: NoDetails extends AttachmentErrorDetails<Code>
    ? [code: Code, message: string, details?: AttachmentErrorDetails<Code>, options?: ErrorOptions]
    : [code: Code, message: string, details: AttachmentErrorDetails<Code>, options?: ErrorOptions];
}[AttachmentErrorCode];

export class AttachmentError extends Error {
  override readonly name = 'AttachmentError';
  readonly code: AttachmentErrorCode;
  readonly details: AttachmentErrorDetails;

  constructor(...[code, message, details, options]: AttachmentErrorArguments) {
    super(message, options);
    this.code = code;
    this.details = details ?? {};
  }
}

/** An `AttachmentError` whose `details` narrow with its `code` (`switch (error.code)`). */
export type CodedAttachmentError = {
  [Code in AttachmentErrorCode]: Omit<AttachmentError, 'code' | 'details'> & { readonly code: Code; readonly details: AttachmentErrorDetails<Code> };
}[AttachmentErrorCode];

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
