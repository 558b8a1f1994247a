import { readFile, stat } from 'node:fs/promises';

import { isMissingPathError } from '../fs/fs-errors.ts';
import { AttachmentError, type StoredImage } from '../seams/attachment-store.ts';
import { attachmentIdOf, localDigestOf, sha256Hex } from './attachment-id.ts';
import { publishDirectoryOnce } from './durable-write.ts';
import type { NormalisedImage } from './image-normaliser.ts';
import { OBJECT_IMAGE_FILE, OBJECT_REF_FILE, type StoreLayout } from './store-layout.ts';
import { parseJson, parseStoredRef, type StoredRef } from './stored-ref.ts';

/**
 * Content-addressed objects: each one is a directory holding the image bytes and their
 * reference facts, published together so neither is ever visible without the other (the
 * facts include originalDimensions, which the bytes alone cannot tell).
 */
export class ObjectStore {
  constructor(private readonly layout: StoreLayout) {}

  /** Stores the image (idempotent: the same bytes are one object) and returns its reference. */
  async put(image: NormalisedImage): Promise<StoredRef> {
    const digest = sha256Hex(image.data);
    const ref: StoredRef = {
      attachmentId: attachmentIdOf(digest),
      mediaType: image.mediaType,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      ...(image.originalDimensions ? { originalDimensions: image.originalDimensions } : {}),
    };
    try {
      await publishDirectoryOnce(this.layout.tempRoot, this.layout.objectDir(digest), [
        { name: OBJECT_IMAGE_FILE, data: image.data },
        { name: OBJECT_REF_FILE, data: Buffer.from(JSON.stringify(ref)) },
      ]);
    } catch (cause) {
      throw new AttachmentError(
        'ATTACHMENT_WRITE_FAILED',
        `The image could not be written to the attachment store (${reasonOf(cause)}).`,
        {},
        { cause },
      );
    }
    return ref;
  }

  /** Whether the object a reference names is (still) on disk at its recorded size. */
  async has(ref: StoredRef): Promise<boolean> {
    const digest = localDigestOf(ref.attachmentId);
    if (digest === undefined) return false;
    try {
      const stats = await stat(this.layout.objectImage(digest));
      return stats.isFile() && stats.size === ref.bytes;
    } catch {
      return false;
    }
  }

  /** The object with this digest, its bytes re-verified against the digest. */
  async get(digest: string, signal: AbortSignal | undefined): Promise<StoredImage> {
    const attachmentId = attachmentIdOf(digest);
    const data = await readObjectFile(this.layout.objectImage(digest), attachmentId, signal, 'ATTACHMENT_NOT_FOUND');
    if (sha256Hex(data) !== digest) {
      throw new AttachmentError('ATTACHMENT_CORRUPT', `Attachment ${attachmentId} is corrupt: its bytes no longer match its digest.`);
    }
    const refRecord = await readObjectFile(this.layout.objectRef(digest), attachmentId, signal, 'ATTACHMENT_CORRUPT');
    const ref = parseStoredRef(parseJson(refRecord.toString('utf8')));
    if (ref?.attachmentId !== attachmentId || ref.bytes !== data.length) {
      throw new AttachmentError('ATTACHMENT_CORRUPT', `Attachment ${attachmentId} is corrupt: its reference record is damaged.`);
    }
    return { ref, data };
  }
}

async function readObjectFile(
  filePath: string,
  attachmentId: string,
  signal: AbortSignal | undefined,
  codeWhenMissing: 'ATTACHMENT_NOT_FOUND' | 'ATTACHMENT_CORRUPT',
): Promise<Buffer> {
  try {
    return await readFile(filePath, signal ? { signal } : {});
  } catch (cause) {
    if (signal?.aborted === true) {
      throw new AttachmentError('ATTACHMENT_ABORTED', `Reading attachment ${attachmentId} was cancelled.`, {}, { cause });
    }
    const code = isMissingPathError(cause) ? codeWhenMissing : 'ATTACHMENT_CORRUPT';
    const message =
      code === 'ATTACHMENT_NOT_FOUND'
        ? `No attachment ${attachmentId} in the store.`
        : `Attachment ${attachmentId} could not be read (${reasonOf(cause)}).`;
    throw new AttachmentError(code, message, {}, { cause });
  }
}

function reasonOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
