import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { AttachmentError, type AttachmentRef, type AttachmentStore } from '@toolcard/host-read-image';
import { imageHeaderSize } from '@toolcard/ui-tool-image/model';

import { isVerdictOnBytes } from './store-verdicts.ts';

/** What the store made of held bytes on their first request: the stored object, or its refusal. */
export type Validation = { readonly kind: 'stored'; readonly ref: AttachmentRef } | { readonly kind: 'refused'; readonly error: AttachmentError };

/** Writes of held bytes at once: memory holds a few images, never the file's. */
const WRITES_IN_FLIGHT = 8;

/** Validations remembered by id; a bound, so a file of endless distinct images cannot grow it. */
const REMEMBERED_VALIDATIONS = 4096;

/**
 * The id a held image is sent under: the id the store gives these bytes when it keeps them as they
 * are (every plain screenshot does), so the page sees the ids it saw when images were stored at once.
 */
function heldIdOf(digest: string): string {
  return `sha256:${digest}`;
}

const HELD_ID = /^sha256:([0-9a-f]{64})$/;

/**
 * Inline images held for the store, validated when the page first asks for them. At spool time an
 * image costs what the floor cannot avoid (its base64 decoded and hashed, by the caller) and one
 * write of its bytes into `dir`; its format and size come from its header. The store's full pipeline
 * (`saveImage`: identify, limits, decode, normalise — a decompression bomb or a "PNG" that is not one
 * is refused there) runs on the first request for the image, once however many requests come
 * together, and its outcome is what every later request gets. `dir` is the spool's own temporary
 * folder: nothing here outlives the server.
 */
export class PendingImages {
  private readonly store: AttachmentStore;
  private readonly dir: string;
  private readonly validations = new Map<string, Promise<Validation | undefined>>();
  private readonly closing = new AbortController();
  /** Writes under way, by digest. */
  private readonly writes = new Map<string, Promise<void>>();
  private writeFailure: Error | undefined;

  private constructor(store: AttachmentStore, dir: string) {
    this.store = store;
    this.dir = dir;
  }

  static async create(store: AttachmentStore, dir: string): Promise<PendingImages> {
    await mkdir(dir, { recursive: true });
    return new PendingImages(store, dir);
  }

  /**
   * Holds `data` (whose sha256 is `digest`) for validation on request, and answers the reference the
   * page is sent; undefined when its header names no image format and size (the store then decides at once).
   * The bytes are written in the background, a few images at a time: a write waited for per image
   * left the spool idle on the file system for most of its time. A write that failed is thrown here, once.
   */
  async hold(data: Buffer, digest: string): Promise<AttachmentRef | undefined> {
    const failure = this.writeFailure;
    this.writeFailure = undefined;
    if (failure !== undefined) throw failure;
    const header = imageHeaderSize(data);
    if (header === null) return undefined;
    if (!this.writes.has(digest)) {
      while (this.writes.size >= WRITES_IN_FLIGHT) await Promise.race(this.writes.values());
      this.writes.set(digest, this.write(digest, data));
    }
    return { attachmentId: heldIdOf(digest), mediaType: header.mediaType, bytes: data.length, width: header.width, height: header.height };
  }

  /** The store's verdict on the image held under `attachmentId`; undefined for an id of no image held here. */
  validated(attachmentId: string): Promise<Validation | undefined> {
    const known = this.validations.get(attachmentId);
    if (known !== undefined) return known;
    const digest = HELD_ID.exec(attachmentId)?.[1];
    if (digest === undefined) return Promise.resolve(undefined);
    const validation = this.validate(attachmentId, digest);
    this.remember(attachmentId, validation);
    return validation;
  }

  /** Stops the saves under way and waits for them and the writes, so none writes into a folder being removed. */
  async close(): Promise<void> {
    this.closing.abort();
    await Promise.allSettled([...this.validations.values(), ...this.writes.values()]);
  }

  /** Never rejects: a failure is kept for the next hold to throw. */
  private async write(digest: string, data: Buffer): Promise<void> {
    try {
      // Content-addressed: bytes held before are never written again.
      await writeFile(this.pathOf(digest), data, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') this.writeFailure ??= error as Error;
    } finally {
      this.writes.delete(digest);
    }
  }

  private async validate(attachmentId: string, digest: string): Promise<Validation | undefined> {
    await this.writes.get(digest);
    let data: Buffer;
    try {
      data = await readFile(this.pathOf(digest));
    } catch (error) {
      // Not held (yet): the store may hold it, the spool may hold it later.
      this.validations.delete(attachmentId);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      return { kind: 'stored', ref: await this.store.saveImage({ data }, this.closing.signal) };
    } catch (error) {
      if (error instanceof AttachmentError && isVerdictOnBytes(error)) return { kind: 'refused', error };
      // A store that failed to write may succeed with the same bytes later: only verdicts are kept.
      this.validations.delete(attachmentId);
      throw error;
    }
  }

  private remember(attachmentId: string, validation: Promise<Validation | undefined>): void {
    if (this.validations.size >= REMEMBERED_VALIDATIONS) {
      const [oldest] = this.validations.keys();
      if (oldest !== undefined) this.validations.delete(oldest);
    }
    this.validations.set(attachmentId, validation);
  }

  private pathOf(digest: string): string {
    return path.join(this.dir, digest);
  }
}
