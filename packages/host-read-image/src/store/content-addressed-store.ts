import { createDecodeLimiter, DEFAULT_DECODE_CONCURRENCY, type DecodeLimiter } from '../image/decode-limiter.ts';
import { readImageHeader } from '../image/image-header.ts';
import { resolveImageLimits } from '../image/image-limits.ts';
import { normaliseImage } from '../image/image-normaliser.ts';
import { sniffImageMediaType } from '../image/sniff-media-type.ts';
import { assertSourceAdmissible, assertSourceBytesWithinLimit } from '../image/source-admission.ts';
import { checkOption, POSITIVE_INTEGER } from '../options/check-option.ts';
import {
  AttachmentError,
  type AttachmentRef,
  type AttachmentStore,
  type ImageLimits,
  type SaveImageInput,
  type StoredImage,
} from '../seams/attachment-store.ts';
import { attachmentIdOf, digestOfAttachmentId, sha256Hex } from './attachment-id.ts';
import { toDisplayName } from './display-name.ts';
import { storedRefOf, type ObjectBackend } from './object-backend.ts';
import { SourceIndex } from './source-index.ts';
import type { StoredRef } from './stored-ref.ts';

/** Options every content-addressed store takes, whatever its backend. */
export interface ContentAddressedStoreOptions {
  /** Overrides of DEFAULT_IMAGE_LIMITS. */
  readonly limits?: Partial<ImageLimits>;
  /** Full decodes allowed at once (each can cost hundreds of MiB); default 2. */
  readonly decodeConcurrency?: number;
}

/** ContentAddressedStoreOptions checked, defaults applied. */
export interface StoreSettings {
  readonly limits: ImageLimits;
  readonly decodeConcurrency: number;
}

/** Checks the options every store takes, for `owner` (the store's class), before its backend is made. */
export function storeSettings(owner: string, options: ContentAddressedStoreOptions): StoreSettings {
  return {
    limits: resolveImageLimits(owner, options.limits),
    decodeConcurrency: checkOption(owner, 'decodeConcurrency', options.decodeConcurrency ?? DEFAULT_DECODE_CONCURRENCY, POSITIVE_INTEGER),
  };
}

/**
 * The one validation and normalisation pipeline of every AttachmentStore here (DESIGN §3):
 * identify, check the limits, decode and normalise, then hand the bytes to a backend that
 * keeps them content-addressed. A subclass only chooses the backend.
 */
export abstract class ContentAddressedStore implements AttachmentStore {
  readonly imageLimits: ImageLimits;
  private readonly sources: SourceIndex;
  private readonly decodeLimiter: DecodeLimiter;
  private readonly disposeListeners = new Set<() => void>();
  private disposed = false;

  /** `settings` from storeSettings, checked before the backend was made. */
  protected constructor(
    private readonly backend: ObjectBackend,
    settings: StoreSettings,
  ) {
    this.imageLimits = settings.limits;
    this.sources = new SourceIndex(backend.sourceRecords, this.imageLimits);
    this.decodeLimiter = createDecodeLimiter(settings.decodeConcurrency);
  }

  async saveImage(input: SaveImageInput, signal?: AbortSignal): Promise<AttachmentRef> {
    this.assertUsable(signal);
    assertSourceBytesWithinLimit(input.data.length, this.imageLimits);
    await this.beforeFirstUse();
    const sourceDigest = sha256Hex(input.data);
    const stored = (await this.storedFromIndex(input, sourceDigest, signal)) ?? (await this.admit(input, sourceDigest, signal));
    const name = input.name === undefined ? undefined : toDisplayName(input.name);
    return name === undefined ? stored : { ...stored, name };
  }

  async readImage(attachmentId: string, signal?: AbortSignal): Promise<StoredImage> {
    this.assertUsable(signal);
    const digest = digestOfAttachmentId(attachmentId);
    await this.beforeFirstUse();
    return this.backend.get(digest, signal);
  }

  onDispose(listener: () => void): () => void {
    if (this.disposed) {
      listener();
      return () => undefined;
    }
    const registration = () => {
      listener();
    };
    this.disposeListeners.add(registration);
    return () => {
      this.disposeListeners.delete(registration);
    };
  }

  /** Refuses every later save and read, and tells the onDispose listeners (once). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const listeners = [...this.disposeListeners];
    this.disposeListeners.clear();
    const failures: unknown[] = [];
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'An onDispose listener failed.');
  }

  /** Housekeeping a backend runs once before its first save or read (never throws). */
  protected beforeFirstUse(): Promise<void> {
    return Promise.resolve();
  }

  /** The warm path: same source bytes admitted before under the same normalisation, object still intact. */
  private async storedFromIndex(input: SaveImageInput, sourceDigest: string, signal: AbortSignal | undefined): Promise<StoredRef | undefined> {
    const entry = await this.sources.lookup(sourceDigest, signal);
    // The lookup reads a cache, so a failed read is a miss; an abort must not turn into one.
    this.assertUsable(signal);
    if (entry === undefined) return undefined;
    // The limits may be lower than when the entry was made (another store instance on this dir).
    assertSourceAdmissible(entry.source, input.mediaType, this.imageLimits);
    // Verified, not just present: a damaged object must be rewritten by the cold path, never handed out.
    // A passthrough object is the source itself, already hashed: comparing costs less than hashing again.
    const passedThrough = entry.ref.attachmentId === attachmentIdOf(sourceDigest);
    return (await this.backend.isIntact(entry.ref, signal, passedThrough ? input.data : undefined)) ? entry.ref : undefined;
  }

  /** The cold path: identify, check the header against the limits, decode and normalise, store. */
  private async admit(input: SaveImageInput, sourceDigest: string, signal: AbortSignal | undefined): Promise<StoredRef> {
    const mediaType = sniffImageMediaType(input.data);
    if (mediaType === undefined) {
      throw new AttachmentError('INVALID_IMAGE', 'The bytes are not a PNG, JPEG, WebP or GIF image.');
    }
    const header = await readImageHeader(input.data, mediaType);
    assertSourceAdmissible(header, input.mediaType, this.imageLimits);
    const image = await this.decodeLimiter(() => {
      this.assertUsable(signal);
      return normaliseImage(input.data, header, this.imageLimits);
    });
    this.assertUsable(signal);
    const stored = storedRefOf(image);
    // The index entry is written beside the object and shown only once the object is stored: an
    // entry never runs ahead of the object it names. Both settle before the save answers.
    const put = this.backend.put(image, stored, signal);
    const recorded = this.sources.record(sourceDigest, { source: header, ref: stored.ref }, put, signal);
    const [outcome] = await Promise.allSettled([put, recorded]);
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  }

  private assertUsable(signal: AbortSignal | undefined): void {
    if (signal?.aborted === true) {
      throw new AttachmentError('ATTACHMENT_ABORTED', 'The attachment operation was cancelled.', {}, { cause: signal.reason });
    }
    if (this.disposed) {
      throw new AttachmentError('ATTACHMENT_STORE_DISPOSED', 'The attachment store has been disposed.');
    }
  }
}
