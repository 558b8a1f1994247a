import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';

import type { ReviewFile } from '../reviews/local-review-file.ts';
import { REVIEW_SUFFIX } from '../reviews/review-file.ts';
import { failureReason, httpStatusOf, openS3Client, type S3ClientOption } from './s3-client.ts';
import { isMirroredKey, keyOfLocalPath, localPathOfKey } from './s3-key-path.ts';
import { objectsUnder } from './s3-listing.ts';
import { formatS3Location, type S3Location } from './s3-location.ts';
import { S3ReviewFile } from './s3-review-file.ts';

export interface S3SessionMirrorOptions {
  /** The bucket folder to mirror (`parseS3Location`). */
  readonly location: S3Location;
  /** The local folder the objects are mirrored into (a folder of the replay's cache dir, for this location alone). */
  readonly folder: string;
  /** A client (left open on close), or the config of one the mirror makes from the SDK's environment (`openS3Client`). */
  readonly client?: S3ClientOption;
  /** Seconds between two listings after the first sync; default 5. */
  readonly relistSeconds?: number;
  /** Keys per ListObjectsV2 page; default 1000 (S3's most). */
  readonly pageSize?: number;
  /** Told what could not be mirrored (a refused key, a failed download or listing while live); the mirror goes on. */
  readonly onError: (error: Error) => void;
}

/** What one pass did, by key. */
export interface MirrorSync {
  readonly downloaded: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
  /** Keys that are never written (see `localPathOfKey`). */
  readonly refused: readonly string[];
  /** Keys whose download failed this time; they are tried again on the next pass. */
  readonly failed: readonly string[];
}

/** An object as the mirror last wrote it locally. */
interface MirroredObject {
  readonly etag: string;
  readonly size: number;
}

interface Manifest {
  readonly version: 1;
  readonly location: string;
  readonly objects: Record<string, MirroredObject>;
}

/** Not a session file's name (no `.json`/`.jsonl` ending), so an index of the folder never takes it for one. */
const MANIFEST_NAME = '.s3-mirror-manifest';
const TEMP_SUFFIX = '.s3-part';
const DOWNLOADS_AT_ONCE = 4;

/**
 * Mirrors the session files under an S3 prefix into a local folder, so a folder index lists them
 * live without knowing about S3. An object is downloaded only when its ETag differs from the one
 * the manifest (in the folder, written atomically) records for the local copy, or that copy is
 * gone or cut short; it streams to a temp file that is renamed, so no file is ever partial under
 * its own name. Local copies of objects no longer listed are deleted; files the mirror did not
 * write are never touched.
 */
export class S3SessionMirror {
  readonly folder: string;
  readonly location: S3Location;
  private readonly client: S3Client;
  private readonly ownsClient: boolean;
  private readonly relistMs: number;
  private readonly pageSize: number;
  private readonly onError: (error: Error) => void;
  private manifest = new Map<string, MirroredObject>();
  private manifestDirty = false;
  private readonly reported = new Set<string>();
  private readonly keyLocks = new Map<string, Promise<void>>();
  private readonly reviewFiles = new Map<string, S3ReviewFile>();
  private passes: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private closed = false;

  constructor(options: S3SessionMirrorOptions) {
    this.folder = path.resolve(options.folder);
    this.location = options.location;
    const { client, owned } = openS3Client(options.client);
    this.client = client;
    this.ownsClient = owned;
    const relistSeconds = options.relistSeconds ?? 5;
    if (!(relistSeconds > 0)) throw new RangeError(`relistSeconds must be a positive number of seconds, not ${String(relistSeconds)}`);
    this.relistMs = relistSeconds * 1000;
    this.pageSize = options.pageSize ?? 1000;
    this.onError = options.onError;
  }

  /** The first full sync (it rejects when the prefix cannot be listed), then a listing every `relistSeconds`. */
  async start(): Promise<MirrorSync> {
    if (this.started) throw new Error('This S3SessionMirror was already started.');
    this.started = true;
    await mkdir(this.folder, { recursive: true });
    this.manifest = await this.readManifest();
    const first = await this.sync();
    this.scheduleRelist();
    return first;
  }

  /** One listing and the downloads and deletions it calls for; passes run one at a time. */
  sync(): Promise<MirrorSync> {
    const pass = this.passes.then(() => this.syncOnce());
    this.passes = pass.catch(() => undefined);
    return pass;
  }

  /** Stops listing, waits for a pass under way, and records what is mirrored. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    await this.passes;
    await Promise.all(this.keyLocks.values());
    await this.saveManifest();
    if (this.ownsClient) this.client.destroy();
  }

  /**
   * The review file of a mirrored session, given the session's local path (as a folder index
   * names it): the `<key>.review.jsonl` object, whose appends also land in the local copy at
   * once. Undefined for a path that is not a session of this mirror.
   */
  reviewFileOf(sessionPath: string): ReviewFile | undefined {
    const key = keyOfLocalPath(this.folder, this.location.prefix, sessionPath);
    if (key === undefined || key.endsWith(REVIEW_SUFFIX) || !this.manifest.has(key)) return undefined;
    const reviewKey = `${key}${REVIEW_SUFFIX}`;
    let file = this.reviewFiles.get(reviewKey);
    if (file === undefined) {
      file = new S3ReviewFile({
        client: this.client,
        bucket: this.location.bucket,
        key: reviewKey,
        localCopy: (bytes, etag) => this.writeLocalCopy(reviewKey, bytes, etag),
      });
      this.reviewFiles.set(reviewKey, file);
    }
    return file;
  }

  private scheduleRelist(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.sync().then(
        () => {
          this.scheduleRelist();
        },
        (error: unknown) => {
          this.onError(error instanceof Error ? error : new Error(String(error)));
          this.scheduleRelist();
        },
      );
    }, this.relistMs);
    this.timer.unref(); // a live mirror does not keep a finished process alive
  }

  private async syncOnce(): Promise<MirrorSync> {
    const before = new Map(this.manifest);
    const { listed, refused } = await this.list();
    const downloaded: string[] = [];
    const failed: string[] = [];
    let unchanged = 0;
    const stale: string[] = [];
    for (const [key, remote] of listed) {
      const local = this.manifest.get(key);
      if (local?.etag === remote.etag && (await this.isIntact(key, local))) unchanged += 1;
      else stale.push(key);
    }
    await eachAtMost(DOWNLOADS_AT_ONCE, stale, async (key) => {
      try {
        if (await this.download(key, listed.get(key)?.etag)) downloaded.push(key);
      } catch (error) {
        failed.push(key);
        this.reportOnce(
          `download ${key} ${listed.get(key)?.etag ?? ''}`,
          `Could not mirror ${this.url(key)} (${failureReason(error)}); trying again on the next listing.`,
          error,
        );
      }
    });
    const removed: string[] = [];
    for (const [key, entry] of before) {
      if (!listed.has(key) && (await this.remove(key, entry))) removed.push(key);
    }
    await this.saveManifest();
    return { downloaded: downloaded.sort(), removed: removed.sort(), unchanged, refused, failed: failed.sort() };
  }

  /** Every mirrored key under the prefix with its ETag and size, page by page; refused keys are reported once. */
  private async list(): Promise<{ listed: Map<string, MirroredObject>; refused: string[] }> {
    const listed = new Map<string, MirroredObject>();
    const refused: string[] = [];
    for await (const { key, etag, size } of objectsUnder(this.client, this.location, this.pageSize)) {
      if (!isMirroredKey(key)) continue;
      const place = localPathOfKey(this.folder, this.location.prefix, key);
      if ('problem' in place) {
        refused.push(key);
        this.reportOnce(`refused ${key}`, `Refused to mirror S3 key ${JSON.stringify(key)}: ${place.problem}.`);
        continue;
      }
      listed.set(key, { etag, size });
    }
    return { listed, refused: refused.sort() };
  }

  /** Downloads `key` unless a review append wrote its listed version meanwhile; whether it did. */
  private download(key: string, listedEtag: string | undefined): Promise<boolean> {
    return this.exclusive(key, async () => {
      const local = this.manifest.get(key);
      if (local !== undefined && local.etag === listedEtag && (await this.isIntact(key, local))) return false;
      let output;
      try {
        output = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: key }));
      } catch (error) {
        if (httpStatusOf(error) === 404) return false; // deleted since the listing: the next one removes it
        throw error;
      }
      const target = this.localPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = tempPathOf(target);
      try {
        await pipeline(output.Body as Readable, createWriteStream(temp, { flags: 'wx' }));
        const { size } = await stat(temp);
        await rename(temp, target);
        this.record(key, { etag: output.ETag ?? '', size });
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return true;
    });
  }

  /** Deletes the local copy of an object no longer listed, unless it was rewritten since the listing began. */
  private remove(key: string, listedEntry: MirroredObject): Promise<boolean> {
    return this.exclusive(key, async () => {
      if (this.manifest.get(key) !== listedEntry) return false;
      const target = this.localPath(key);
      await rm(target, { force: true });
      this.manifest.delete(key);
      this.manifestDirty = true;
      await removeEmptyFolders(path.dirname(target), this.folder);
      return true;
    });
  }

  /** A review append's new content, written at once so the local index shows it; a failure is reported, the next listing repairs it. */
  private async writeLocalCopy(key: string, bytes: Uint8Array, etag: string): Promise<void> {
    try {
      await this.exclusive(key, async () => {
        const local = this.manifest.get(key);
        if (etag !== '' && local?.etag === etag && (await this.isIntact(key, local))) return;
        const target = this.localPath(key);
        await mkdir(path.dirname(target), { recursive: true });
        await writeAtomically(target, bytes);
        this.record(key, { etag, size: bytes.byteLength });
      });
    } catch (error) {
      this.onError(new Error(`Could not update the local copy of ${this.url(key)} (${failureReason(error)}).`, { cause: error }));
    }
  }

  private record(key: string, object: MirroredObject): void {
    this.manifest.set(key, object);
    this.manifestDirty = true;
  }

  /** Whether the local copy is still the size it was written with (not deleted or cut short since). */
  private async isIntact(key: string, local: MirroredObject): Promise<boolean> {
    try {
      return (await stat(this.localPath(key))).size === local.size;
    } catch {
      return false;
    }
  }

  /** Runs `work` when no other work on `key` runs: a download and a review's local copy never interleave. */
  private exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (this.keyLocks.get(key) ?? Promise.resolve()).then(work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.keyLocks.set(key, settled);
    void settled.then(() => {
      if (this.keyLocks.get(key) === settled) this.keyLocks.delete(key);
    });
    return result;
  }

  private localPath(key: string): string {
    const place = localPathOfKey(this.folder, this.location.prefix, key);
    if ('problem' in place) throw new Error(`Refused S3 key ${JSON.stringify(key)}: ${place.problem}.`);
    return place.path;
  }

  private url(key: string): string {
    return `s3://${this.location.bucket}/${key}`;
  }

  private reportOnce(what: string, message: string, cause?: unknown): void {
    if (this.reported.has(what)) return;
    this.reported.add(what);
    this.onError(new Error(message, cause === undefined ? {} : { cause }));
  }

  /** The manifest of an earlier run for this location; anything else (none, unreadable, another location's) is an empty one. */
  private async readManifest(): Promise<Map<string, MirroredObject>> {
    let text: string;
    try {
      text = await readFile(path.join(this.folder, MANIFEST_NAME), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.onError(new Error(`Could not read the S3 mirror manifest (${failureReason(error)}).`));
      return new Map();
    }
    const objects = manifestObjects(text, formatS3Location(this.location));
    if (objects === 'damaged') this.onError(new Error(`The S3 mirror manifest in ${this.folder} is damaged; every object is downloaded again.`));
    return objects === 'damaged' ? new Map() : objects;
  }

  private async saveManifest(): Promise<void> {
    if (!this.manifestDirty) return;
    this.manifestDirty = false;
    const manifest: Manifest = { version: 1, location: formatS3Location(this.location), objects: Object.fromEntries(this.manifest) };
    try {
      await writeAtomically(path.join(this.folder, MANIFEST_NAME), JSON.stringify(manifest));
    } catch (error) {
      this.manifestDirty = true;
      throw error;
    }
  }
}

/** The objects a manifest records; none when it is another location's (the folder was reused), 'damaged' when it cannot be read. */
function manifestObjects(text: string, location: string): Map<string, MirroredObject> | 'damaged' {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return 'damaged';
  }
  if (typeof manifest !== 'object' || manifest === null) return 'damaged';
  const { version, location: recorded, objects } = manifest as Partial<Record<keyof Manifest, unknown>>;
  if (version !== 1 || typeof objects !== 'object' || objects === null) return 'damaged';
  if (recorded !== location) return new Map();
  const entries = Object.entries(objects as Record<string, unknown>).filter((entry): entry is [string, MirroredObject] => {
    const object = entry[1] as Partial<Record<keyof MirroredObject, unknown>> | null;
    return typeof object?.etag === 'string' && typeof object.size === 'number';
  });
  return new Map(entries);
}

/** A hidden name beside `target` that no session file has (see MANIFEST_NAME). */
function tempPathOf(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
}

async function writeAtomically(target: string, data: Uint8Array | string): Promise<void> {
  const temp = tempPathOf(target);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Removes `dir` and its parents up to (not including) `root` while they are empty. */
async function removeEmptyFolders(dir: string, root: string): Promise<void> {
  for (let current = dir; current !== root && current.startsWith(root); current = path.dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): its parents are not empty either
    }
  }
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachAtMost<T>(limit: number, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
