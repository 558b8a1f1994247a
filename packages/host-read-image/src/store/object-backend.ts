import type { NormalisedImage } from '../image/image-normaliser.ts';
import type { StoredImage } from '../seams/attachment-store.ts';
import { attachmentIdOf, sha256Hex } from './attachment-id.ts';
import type { StoredRef } from './stored-ref.ts';

/**
 * Where a content-addressed store keeps its objects and its source index: a local directory or
 * an S3 bucket. Everything above it (validation, normalisation, the index's rules) is shared.
 */
export interface ObjectBackend {
  /**
   * Stores the image under the sha256 of its bytes (`stored`, from storedRefOf) and returns its
   * reference. An object already there is verified first and reused only when intact; a damaged
   * one is replaced or the call fails (ATTACHMENT_WRITE_FAILED): it never returns a reference
   * that cannot be read back.
   */
  put(image: NormalisedImage, stored: DigestedRef, signal: AbortSignal | undefined): Promise<StoredRef>;
  /** The object with this digest, its bytes re-verified (ATTACHMENT_NOT_FOUND / ATTACHMENT_CORRUPT). */
  get(digest: string, signal: AbortSignal | undefined): Promise<StoredImage>;
  /**
   * Whether the object a reference names is present and its bytes still match its digest.
   * `knownBytes` (bytes already hashed to that digest, e.g. a passthrough source) turns the
   * check into a comparison instead of a second hash.
   */
  isIntact(ref: StoredRef, signal: AbortSignal | undefined, knownBytes?: Uint8Array): Promise<boolean>;
  /** The source index's records, one text per admitted source digest. */
  readonly sourceRecords: SourceRecordStorage;
}

/** A cache's storage: a failed read is a miss, a failed write is ignored by the caller. */
export interface SourceRecordStorage {
  read(sourceDigest: string, signal: AbortSignal | undefined): Promise<string | undefined>;
  /**
   * Writes (or replaces) a record, visible only once `objectStored` (the save of the object it
   * names) has resolved and never when it rejects; a backend may prepare it meanwhile.
   */
  write(sourceDigest: string, text: string, objectStored: Promise<unknown>, signal: AbortSignal | undefined): Promise<void>;
}

/** A normalised image's reference facts and the sha256 of its bytes, which keys it. */
export interface DigestedRef {
  readonly digest: string;
  readonly ref: StoredRef;
}

/** The reference facts of a normalised image, keyed by the sha256 of its bytes. */
export function storedRefOf(image: NormalisedImage): DigestedRef {
  const digest = sha256Hex(image.data);
  return {
    digest,
    ref: {
      attachmentId: attachmentIdOf(digest),
      mediaType: image.mediaType,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      ...(image.originalDimensions ? { originalDimensions: image.originalDimensions } : {}),
    },
  };
}

/** Whether `data` are the bytes `digest` names; `knownBytes` must already hash to `digest`. */
export function bytesMatch(data: Uint8Array, digest: string, knownBytes: Uint8Array | undefined): boolean {
  return knownBytes === undefined ? sha256Hex(data) === digest : Buffer.compare(data, knownBytes) === 0;
}

/** Whether a reference record read back from storage describes the object with this digest and size. */
export function describesObject(ref: StoredRef | undefined, digest: string, bytes: number): boolean {
  return ref?.attachmentId === attachmentIdOf(digest) && ref.bytes === bytes;
}
