import { createHash } from 'node:crypto';

import { AttachmentError, type AttachmentRef, type AttachmentStore } from '@toolcard/host-read-image';
import { refusedImageMarker, storedImageMarker } from '@toolcard/ui-tool-image/model';

import type { PendingImages } from './pending-images.ts';
import { isStopping, isVerdictOnBytes, refusalReason } from './store-verdicts.ts';

/** What replaces an inline image's base64: a marker, and the id the page loads it by when it has one. */
export interface SavedImage {
  readonly marker: string;
  readonly attachmentId?: string;
}

/** Outcomes remembered by source digest; a bound, so a file of endless distinct images cannot grow it. */
const REMEMBERED_IMAGES = 4096;

/**
 * Answers the marker that replaces each inline image's base64. With `pending`, an image whose header
 * names its format and size is only held there (written once, validated by the store on its first
 * request: see PendingImages), so the spool pays no decode; without it, or for bytes whose header
 * says nothing, the store's own pipeline runs at once (`saveImage`: identify, limits, decode,
 * normalise), and a refusal (not an image, a decompression bomb…) is a refused marker naming the
 * store's reason. Bytes seen before are answered from memory, never decoded or written again.
 */
export class InlineImageSaver {
  private readonly store: AttachmentStore;
  private readonly pending: PendingImages | undefined;
  private readonly byDigest = new Map<string, SavedImage>();
  private last: { readonly base64: string; readonly saved: SavedImage } | undefined;

  constructor(store: AttachmentStore, pending?: PendingImages) {
    this.store = store;
    this.pending = pending;
  }

  async save(base64: string, signal?: AbortSignal): Promise<SavedImage> {
    // Claude Code writes a Read's image twice in one line: the second costs a comparison, not a decode and a hash.
    if (this.last?.base64 === base64) return this.last.saved;
    const data = Buffer.from(base64, 'base64');
    const digest = createHash('sha256').update(data).digest('hex');
    const known = this.byDigest.get(digest);
    if (known !== undefined) return known;
    signal?.throwIfAborted();
    let held: AttachmentRef | undefined;
    try {
      held = await this.pending?.hold(data, digest);
    } catch (error) {
      // An earlier image's bytes were not written: the spool copies the file again, and holds every image again.
      this.byDigest.clear();
      this.last = undefined;
      throw error;
    }
    if (held !== undefined) return this.remember(digest, base64, { marker: storedImageMarker(held), attachmentId: held.attachmentId });
    return this.saveNow(data, digest, base64, signal);
  }

  private async saveNow(data: Buffer, digest: string, base64: string, signal: AbortSignal | undefined): Promise<SavedImage> {
    let ref: AttachmentRef;
    try {
      ref = await this.store.saveImage({ data }, signal);
    } catch (error) {
      if (!(error instanceof AttachmentError) || isStopping(error)) throw error;
      const refused = { marker: refusedImageMarker(refusalReason(error)) };
      // A store that failed to write may succeed with the same bytes later: only verdicts are kept.
      return isVerdictOnBytes(error) ? this.remember(digest, base64, refused) : refused;
    }
    return this.remember(digest, base64, { marker: storedImageMarker(ref), attachmentId: ref.attachmentId });
  }

  private remember(digest: string, base64: string, saved: SavedImage): SavedImage {
    this.last = { base64, saved };
    if (this.byDigest.size >= REMEMBERED_IMAGES) {
      const [oldest] = this.byDigest.keys();
      if (oldest !== undefined) this.byDigest.delete(oldest);
    }
    this.byDigest.set(digest, saved);
    return saved;
  }
}
