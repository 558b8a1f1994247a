import { createHash } from 'node:crypto';

import { AttachmentError, type AttachmentErrorCode, type AttachmentStore } from '@toolcard/host-read-image';
import { refusedImageMarker, storedImageMarker } from '@toolcard/ui-tool-image/model';

/** What replaces an inline image's base64: a marker, and the stored object's id when it was stored. */
export interface SavedImage {
  readonly marker: string;
  readonly attachmentId?: string;
}

/** The store's verdicts on the bytes themselves: the same bytes get the same verdict every time. */
const VERDICTS_ON_BYTES: ReadonlySet<AttachmentErrorCode> = new Set([
  'INVALID_IMAGE',
  'IMAGE_TYPE_MISMATCH',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_DIMENSION_TOO_LARGE',
]);

/** The store is going away (the server is closing): the spool stops rather than mark images refused. */
const STOPPING: ReadonlySet<AttachmentErrorCode> = new Set(['ATTACHMENT_ABORTED', 'ATTACHMENT_STORE_DISPOSED']);

/** Outcomes remembered by source digest; a bound, so a file of endless distinct images cannot grow it. */
const REMEMBERED_IMAGES = 4096;

/** "The image is 30000x30000 px; each side…." → "the image is 30000x30000 px; each side…", as the placeholder reads. */
function refusalReason(error: AttachmentError): string {
  const message = error.message.trim().replace(/\.$/, '');
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/**
 * Moves inline images into the store through its own pipeline (`saveImage`: identify, check the
 * limits, decode, normalise), and answers the marker that replaces each one's base64. A refusal
 * (not an image, a decompression bomb…) is a refused marker naming the store's reason. Bytes seen
 * before are answered from memory, never decoded again.
 */
export class InlineImageSaver {
  readonly #store: AttachmentStore;
  readonly #byDigest = new Map<string, SavedImage>();

  constructor(store: AttachmentStore) {
    this.#store = store;
  }

  async save(base64: string, signal?: AbortSignal): Promise<SavedImage> {
    const data = Buffer.from(base64, 'base64');
    const digest = createHash('sha256').update(data).digest('hex');
    const known = this.#byDigest.get(digest);
    if (known !== undefined) return known;
    let saved: SavedImage;
    try {
      const ref = await this.#store.saveImage({ data }, signal);
      saved = { marker: storedImageMarker(ref), attachmentId: ref.attachmentId };
    } catch (error) {
      if (!(error instanceof AttachmentError) || STOPPING.has(error.code)) throw error;
      const refused = { marker: refusedImageMarker(refusalReason(error)) };
      // A store that failed to write may succeed with the same bytes later: only verdicts are kept.
      if (VERDICTS_ON_BYTES.has(error.code)) this.#remember(digest, refused);
      return refused;
    }
    this.#remember(digest, saved);
    return saved;
  }

  #remember(digest: string, saved: SavedImage): void {
    if (this.#byDigest.size >= REMEMBERED_IMAGES) {
      const [oldest] = this.#byDigest.keys();
      if (oldest !== undefined) this.#byDigest.delete(oldest);
    }
    this.#byDigest.set(digest, saved);
  }
}
