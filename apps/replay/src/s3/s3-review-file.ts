import { setTimeout as sleep } from 'node:timers/promises';

import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

import { ReviewNotSavedError, type ReviewFile } from '../reviews/local-review-file.ts';
import { parseReview, reviewLineText, type SessionReview } from '../reviews/review-file.ts';
import type { ReviewLine } from '../reviews/review-line.ts';
import { failureReason, httpStatusOf } from './s3-client.ts';

export interface S3ReviewFileOptions {
  readonly client: S3Client;
  readonly bucket: string;
  /** The review object's key: the session's key and `.review.jsonl`. */
  readonly key: string;
  /** Told the object's bytes and ETag after every read and append (the mirror's local copy); it must not throw. */
  readonly localCopy?: (bytes: Uint8Array, etag: string) => Promise<void>;
  /** Tries of one append when other writers keep changing the object first; default 12. */
  readonly maxAttempts?: number;
}

/** A review object as read: its bytes and ETag (undefined when there is none yet). */
interface RemoteReview {
  readonly bytes: Uint8Array;
  readonly etag: string | undefined;
}

const BACKOFF_BASE_MS = 10;
const BACKOFF_CAP_MS = 500;

/**
 * The review file of a session in S3 (`<key>.review.jsonl`). S3 has no append: an append reads
 * the object and writes it back with the new line, on condition that nobody wrote it in between
 * (`If-Match` its ETag, or `If-None-Match: *` when there was none). A writer that lost re-reads
 * and tries again after a jittered, growing pause, so concurrent reviewers on any number of
 * servers lose no line. Appends through one instance are made one at a time.
 */
export class S3ReviewFile implements ReviewFile {
  private readonly maxAttempts: number;
  private appends: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: S3ReviewFileOptions) {
    this.maxAttempts = options.maxAttempts ?? 12;
  }

  async read(): Promise<SessionReview> {
    const remote = await this.fetch();
    if (remote.etag !== undefined) await this.options.localCopy?.(remote.bytes, remote.etag);
    return parseReview(new TextDecoder().decode(remote.bytes));
  }

  append(line: ReviewLine): Promise<void> {
    const appended = this.appends.then(() => this.appendNow(line));
    this.appends = appended.catch(() => undefined);
    return appended;
  }

  private async appendNow(line: ReviewLine): Promise<void> {
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      const { bytes, etag } = await this.fetch();
      const torn = bytes.byteLength > 0 && bytes[bytes.byteLength - 1] !== 0x0a;
      const next = Buffer.concat([bytes, Buffer.from(reviewLineText(line, torn))]);
      const written = await this.put(next, etag);
      if (written !== undefined) {
        await this.options.localCopy?.(next, written);
        return;
      }
      await sleep(Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));
    }
    throw new ReviewNotSavedError(
      `The verdict was not saved to ${this.url()}: other reviewers changed the review file first ${String(this.maxAttempts)} times in a row. Try again.`,
    );
  }

  /** The object's bytes and ETag; none yet is empty. Bytes are kept as they are (not decoded), so a rewrite loses none. */
  private async fetch(): Promise<RemoteReview> {
    try {
      const output = await this.options.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.options.key }));
      const bytes = (await output.Body?.transformToByteArray()) ?? new Uint8Array();
      return { bytes, etag: output.ETag ?? '' };
    } catch (error) {
      if (httpStatusOf(error) === 404) return { bytes: new Uint8Array(), etag: undefined };
      throw new Error(`Could not read the review file ${this.url()} (${failureReason(error)}).`, { cause: error });
    }
  }

  /** Writes `bytes` if the object is still the one read; the new ETag, or undefined when another writer came first. */
  private async put(bytes: Uint8Array, readEtag: string | undefined): Promise<string | undefined> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: this.options.key,
      Body: bytes,
      ContentType: 'application/x-ndjson',
      ...(readEtag === undefined ? { IfNoneMatch: '*' } : { IfMatch: readEtag }),
    });
    try {
      return (await this.options.client.send(command)).ETag ?? '';
    } catch (error) {
      if (lostRace(error, readEtag !== undefined)) return undefined;
      throw new Error(`Could not write the review file ${this.url()} (${failureReason(error)}).`, { cause: error });
    }
  }

  private url(): string {
    return `s3://${this.options.bucket}/${this.options.key}`;
  }
}

/** Whether a conditional PUT lost to another writer: the condition failed (412), a write at the same time (409), or the object it was to replace was deleted (404). */
function lostRace(error: unknown, replacing: boolean): boolean {
  const status = httpStatusOf(error);
  return status === 412 || status === 409 || (status === 404 && replacing && (error as Error).name === 'NoSuchKey');
}
