import { lstat, readFile } from 'node:fs/promises';

import { errnoCode, isMissingPathError } from '../../fs/fs-errors.ts';
import type { NormalisedImage } from '../../image/image-normaliser.ts';
import { AttachmentError, type StoredImage } from '../../seams/attachment-store.ts';
import { attachmentIdOf, localDigestOf, sha256Hex } from '../attachment-id.ts';
import { bytesMatch, describesObject, type DigestedRef, type ObjectBackend, type SourceRecordStorage } from '../object-backend.ts';
import { parseJson, parseStoredRef, type StoredRef } from '../stored-ref.ts';
import { replaceFile } from './durable-write.ts';
import { objectFileContent, objectFileMaxSize, objectFileParts, objectFileSize, type ObjectFileParts } from './object-file.ts';
import { readExpectedLength, readRecordFile } from './store-file-reads.ts';
import type { StoreLayout } from './store-layout.ts';

type FileState = 'intact' | 'missing' | 'damaged';

/** What is at an object's path: nothing, an object file, or a directory of two files (stores written before 2026-12, store-layout.ts). */
type ObjectState =
  | { readonly layout: 'none' }
  | { readonly layout: 'file'; readonly intact: boolean }
  | { readonly layout: 'directory'; readonly image: FileState; readonly ref: FileState };

const NOTHING_STORED: ObjectState = { layout: 'none' };

/** A read that found a directory where a file was expected. */
const DIRECTORY = 'directory';

/**
 * Content-addressed objects in a local directory: each one is a file holding the image bytes
 * and their reference facts (object-file.ts), published at once so neither is ever visible
 * without the other (the facts include originalDimensions, which the bytes alone cannot tell).
 */
export class LocalObjectBackend implements ObjectBackend {
  readonly sourceRecords: SourceRecordStorage;

  constructor(private readonly layout: StoreLayout) {
    this.sourceRecords = {
      read: (sourceDigest) => readRecordFile(layout.sourceEntry(sourceDigest)),
      write: (sourceDigest, text, objectStored) => replaceFile(layout.tempRoot, layout.sourceEntry(sourceDigest), Buffer.from(text), 'no-sync', objectStored),
    };
  }

  async put(image: NormalisedImage, { digest, ref }: DigestedRef): Promise<StoredRef> {
    try {
      const state = (await isAbsent(this.layout.object(digest))) ? NOTHING_STORED : await this.inspect(digest, ref, image.data);
      if (isIntact(state)) return ref;
      // Nothing there, or a damaged object file: replaced whole. A directory (or one that took
      // the path meanwhile) is an earlier version's object, repaired as it is.
      if (state.layout === 'directory' || !(await this.publish(digest, image.data, ref))) await this.repairDirectory(digest, image.data, ref);
      return ref;
    } catch (cause) {
      if (cause instanceof AttachmentError) throw cause;
      throw new AttachmentError(
        'ATTACHMENT_WRITE_FAILED',
        `Attachment ${ref.attachmentId} could not be written to the attachment store (${reasonOf(cause)}).`,
        {},
        { cause },
      );
    }
  }

  async isIntact(ref: StoredRef, _signal: AbortSignal | undefined, knownBytes?: Uint8Array): Promise<boolean> {
    const digest = localDigestOf(ref.attachmentId);
    return digest !== undefined && isIntact(await this.inspect(digest, ref, knownBytes));
  }

  /** The object with this digest, its bytes re-verified against the digest. */
  async get(digest: string, signal: AbortSignal | undefined): Promise<StoredImage> {
    const attachmentId = attachmentIdOf(digest);
    const content = await readObjectFile(this.layout.object(digest), attachmentId, signal, 'ATTACHMENT_NOT_FOUND');
    const parts = content === DIRECTORY ? await this.readDirectoryObject(digest, attachmentId, signal) : objectFileParts(content);
    if (parts !== undefined && sha256Hex(parts.image) !== digest) {
      throw new AttachmentError('ATTACHMENT_CORRUPT', `Attachment ${attachmentId} is corrupt: its bytes no longer match its digest.`);
    }
    if (parts?.ref === undefined || !describesObject(parts.ref, digest, parts.image.length)) {
      throw new AttachmentError('ATTACHMENT_CORRUPT', `Attachment ${attachmentId} is corrupt: its reference record is damaged.`);
    }
    return { ref: parts.ref, data: parts.image };
  }

  /**
   * Durably writes the object file into place, replacing whatever file is there: every writer
   * of a digest writes the same bytes, with facts true of them, and a reader sees the old file
   * or the new one, whole. False when a directory holds the path (see repairDirectory).
   */
  private async publish(digest: string, data: Uint8Array, ref: StoredRef): Promise<boolean> {
    try {
      await replaceFile(this.layout.tempRoot, this.layout.object(digest), objectFileContent(ref, data), 'sync');
      return true;
    } catch (error) {
      if (errnoCode(error) === 'EISDIR') return false;
      throw error;
    }
  }

  /**
   * Repairs an object stored as a directory in that layout: each damaged or missing file
   * replaced, one atomic rename each (a reader sees the old file or the new one, and the new
   * bytes are the ones the digest names), then verifies the result: a path that cannot hold the
   * object fails the save. Moving it to one file would leave the path empty in between.
   */
  private async repairDirectory(digest: string, data: Uint8Array, ref: StoredRef): Promise<void> {
    const before = await this.inspect(digest, ref, data);
    if (before.layout === 'directory') {
      if (before.image !== 'intact') await replaceFile(this.layout.tempRoot, this.layout.directoryObjectImage(digest), data, 'sync');
      if (before.ref !== 'intact') await replaceFile(this.layout.tempRoot, this.layout.directoryObjectRef(digest), refRecord(ref), 'sync');
    }
    if (!isIntact(await this.inspect(digest, ref, data))) {
      throw new AttachmentError('ATTACHMENT_WRITE_FAILED', `Attachment ${attachmentIdOf(digest)} is damaged in the store and could not be replaced.`);
    }
  }

  /** What is at the object's path, for an object described by `ref`; `knownBytes` as in ObjectBackend.isIntact. */
  private async inspect(digest: string, ref: StoredRef, knownBytes: Uint8Array | undefined): Promise<ObjectState> {
    const { bytes } = ref;
    const content = await readIfPresent(() => readExpectedLength(this.layout.object(digest), objectFileSize(ref), objectFileMaxSize(bytes)));
    if (content === 'missing') return NOTHING_STORED;
    if (content !== DIRECTORY) {
      const parts = content === 'unreadable' ? undefined : objectFileParts(content);
      return { layout: 'file', intact: parts !== undefined && holdsObject(parts, digest, bytes, knownBytes) };
    }
    const [image, record] = await Promise.all([
      readIfPresent(() => readExpectedLength(this.layout.directoryObjectImage(digest), bytes)),
      readIfPresent(() => readRecordFile(this.layout.directoryObjectRef(digest))),
    ]);
    return {
      layout: 'directory',
      image: stateOf(image, (content) => content.length === bytes && bytesMatch(content, digest, knownBytes)),
      ref: stateOf(record, (content) => describesObject(parseStoredRef(parseJson(content)), digest, bytes)),
    };
  }

  /** An object stored as a directory: its image, missing → ATTACHMENT_NOT_FOUND, then its record, missing → ATTACHMENT_CORRUPT. */
  private async readDirectoryObject(digest: string, attachmentId: string, signal: AbortSignal | undefined): Promise<ObjectFileParts> {
    const image = fileIn(await readObjectFile(this.layout.directoryObjectImage(digest), attachmentId, signal, 'ATTACHMENT_NOT_FOUND'), attachmentId);
    const record = fileIn(await readObjectFile(this.layout.directoryObjectRef(digest), attachmentId, signal, 'ATTACHMENT_CORRUPT'), attachmentId);
    return { ref: parseStoredRef(parseJson(record.toString('utf8'))), image };
  }
}

function isIntact(state: ObjectState): boolean {
  if (state.layout === 'directory') return state.image === 'intact' && state.ref === 'intact';
  return state.layout === 'file' && state.intact;
}

function holdsObject(parts: ObjectFileParts, digest: string, bytes: number, knownBytes: Uint8Array | undefined): boolean {
  return parts.image.length === bytes && describesObject(parts.ref, digest, bytes) && bytesMatch(parts.image, digest, knownBytes);
}

function refRecord(ref: StoredRef): Buffer {
  return Buffer.from(JSON.stringify(ref));
}

/**
 * Whether nothing is at the object's path: one call for a new object, where reading it would
 * take two (open, then a read). Something there is inspected.
 */
async function isAbsent(objectPath: string): Promise<boolean> {
  try {
    await lstat(objectPath);
    return false;
  } catch (error) {
    return isMissingPathError(error);
  }
}

/** The file's content, 'missing', DIRECTORY, or 'unreadable' (a permission problem, a file too large, …). */
async function readIfPresent<T>(read: () => Promise<T>): Promise<T | 'missing' | typeof DIRECTORY | 'unreadable'> {
  try {
    return await read();
  } catch (error) {
    if (isMissingPathError(error)) return 'missing';
    return errnoCode(error) === 'EISDIR' ? DIRECTORY : 'unreadable';
  }
}

function stateOf<T>(content: T | 'missing' | typeof DIRECTORY | 'unreadable', verifies: (content: T) => boolean): FileState {
  if (content === 'missing') return 'missing';
  return content !== 'unreadable' && content !== DIRECTORY && verifies(content) ? 'intact' : 'damaged';
}

/** A file of a directory object: a directory in its place is damage. */
function fileIn(content: Buffer | typeof DIRECTORY, attachmentId: string): Buffer {
  if (content !== DIRECTORY) return content;
  throw new AttachmentError('ATTACHMENT_CORRUPT', `Attachment ${attachmentId} is corrupt: a directory is where its files belong.`);
}

async function readObjectFile(
  filePath: string,
  attachmentId: string,
  signal: AbortSignal | undefined,
  codeWhenMissing: 'ATTACHMENT_NOT_FOUND' | 'ATTACHMENT_CORRUPT',
): Promise<Buffer | typeof DIRECTORY> {
  try {
    return await readFile(filePath, signal ? { signal } : {});
  } catch (cause) {
    if (signal?.aborted === true) {
      throw new AttachmentError('ATTACHMENT_ABORTED', `Reading attachment ${attachmentId} was cancelled.`, {}, { cause });
    }
    if (errnoCode(cause) === 'EISDIR') return DIRECTORY;
    const code = isMissingPathError(cause) ? codeWhenMissing : 'ATTACHMENT_CORRUPT';
    const message =
      code === 'ATTACHMENT_NOT_FOUND' ? `No attachment ${attachmentId} in the store.` : `Attachment ${attachmentId} could not be read (${reasonOf(cause)}).`;
    throw new AttachmentError(code, message, {}, { cause });
  }
}

function reasonOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
