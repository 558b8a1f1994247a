import { GetObjectCommand, PutObjectCommand, S3ServiceException, type GetObjectCommandOutput, type S3Client } from '@aws-sdk/client-s3';

import type { NormalisedImage } from '../../image/image-normaliser.ts';
import { AttachmentError, type StoredImage } from '../../seams/attachment-store.ts';
import { attachmentIdOf, localDigestOf, sha256Hex } from '../attachment-id.ts';
import { bytesMatch, describesObject, type DigestedRef, type ObjectBackend, type SourceRecordStorage } from '../object-backend.ts';
import { parseJson, parseStoredRef, type StoredRef } from '../stored-ref.ts';

/** The user-metadata key (x-amz-meta-…) that carries an object's reference facts. */
const REF_METADATA_KEY = 'toolcard-ref';

/** An object as fetched: its bytes and the reference facts stored with it (undefined when damaged). */
interface FetchedObject {
  readonly data: Uint8Array;
  readonly ref: StoredRef | undefined;
}

type Failure = (reason: string, cause: unknown) => AttachmentError;

/**
 * Content-addressed objects in an S3 bucket: `<prefix>/objects/<hex>` holds the bytes, with the
 * reference facts in its user metadata, so the two are written and replaced together by one PUT.
 * `<prefix>/sources/<hex>` are the source index's records.
 *
 * Concurrent saves: a create is conditional (`If-None-Match: *`): where the server supports it
 * (AWS S3, MinIO, R2, …) only the first writer's PUT lands and the others verify what it wrote. A
 * server that ignores the condition lets a later PUT overwrite, but every PUT to a key carries
 * bytes whose sha256 is that key (and `x-amz-checksum-sha256` asks the server to check it), so an
 * overwrite can only write identical bytes.
 */
export class S3ObjectBackend implements ObjectBackend {
  readonly sourceRecords: SourceRecordStorage;
  private readonly writeFailed: Failure;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {
    this.writeFailed = (reason, cause) =>
      new AttachmentError('ATTACHMENT_WRITE_FAILED', `The image could not be written to S3 bucket "${bucket}" (${reason}).`, {}, { cause });
    this.sourceRecords = {
      read: async (sourceDigest, signal) => {
        const key = this.sourceKey(sourceDigest);
        const output = await this.getObject(key, signal, (reason, cause) => new AttachmentError('ATTACHMENT_READ_FAILED', reason, {}, { cause }));
        return output && new TextDecoder().decode(await output.Body?.transformToByteArray());
      },
      write: async (sourceDigest, text, objectStored, signal) => {
        await objectStored;
        const command = new PutObjectCommand({ Bucket: bucket, Key: this.sourceKey(sourceDigest), Body: text, ContentType: 'application/json' });
        await this.send(() => this.client.send(command, abortable(signal)), signal, this.writeFailed);
      },
    };
  }

  /** The key of the object with this digest (also what a signed URL points at). */
  objectKey(digest: string): string {
    return `${this.prefix}objects/${digest}`;
  }

  async put(image: NormalisedImage, { digest, ref }: DigestedRef, signal: AbortSignal | undefined): Promise<StoredRef> {
    const existing = await this.fetch(digest, signal, this.writeFailed);
    if (existing !== undefined && isIntactObject(existing, digest, image.data)) return ref;
    // Missing: create only if still absent. Damaged: replace it (same key, the right bytes).
    const created = await this.putObject(digest, image, ref, existing === undefined, signal);
    if (created === 'lost-race') {
      const winner = await this.fetch(digest, signal, this.writeFailed);
      if (winner === undefined || !isIntactObject(winner, digest, image.data)) await this.putObject(digest, image, ref, false, signal);
    }
    return ref;
  }

  async isIntact(ref: StoredRef, signal: AbortSignal | undefined, knownBytes?: Uint8Array): Promise<boolean> {
    const digest = localDigestOf(ref.attachmentId);
    if (digest === undefined) return false;
    try {
      const existing = await this.fetch(digest, signal, this.writeFailed);
      return existing !== undefined && isIntactObject(existing, digest, knownBytes);
    } catch (error) {
      if (error instanceof AttachmentError && error.code === 'ATTACHMENT_ABORTED') throw error;
      return false; // the cold path will report what is wrong with the bucket
    }
  }

  async get(digest: string, signal: AbortSignal | undefined): Promise<StoredImage> {
    const attachmentId = attachmentIdOf(digest);
    const readFailed: Failure = (reason, cause) =>
      new AttachmentError('ATTACHMENT_READ_FAILED', `Attachment ${attachmentId} could not be read from S3 bucket "${this.bucket}" (${reason}).`, {}, { cause });
    const object = await this.fetch(digest, signal, readFailed);
    if (object === undefined) throw new AttachmentError('ATTACHMENT_NOT_FOUND', `No attachment ${attachmentId} in S3 bucket "${this.bucket}".`);
    if (sha256Hex(object.data) !== digest) {
      throw new AttachmentError('ATTACHMENT_CORRUPT', `Attachment ${attachmentId} is corrupt: its bytes no longer match its digest.`);
    }
    if (object.ref === undefined || !describesObject(object.ref, digest, object.data.length)) {
      throw new AttachmentError('ATTACHMENT_CORRUPT', `Attachment ${attachmentId} is corrupt: its reference metadata is damaged.`);
    }
    return { ref: object.ref, data: object.data };
  }

  private async fetch(digest: string, signal: AbortSignal | undefined, failure: Failure): Promise<FetchedObject | undefined> {
    const output = await this.getObject(this.objectKey(digest), signal, failure);
    if (output === undefined) return undefined;
    const data = await this.send(async () => (await output.Body?.transformToByteArray()) ?? new Uint8Array(), signal, failure);
    const record = output.Metadata?.[REF_METADATA_KEY];
    return { data, ref: record === undefined ? undefined : parseStoredRef(parseJson(record)) };
  }

  /** The object at `key`, or undefined when there is none. */
  private async getObject(key: string, signal: AbortSignal | undefined, failure: Failure): Promise<GetObjectCommandOutput | undefined> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key });
    try {
      return await this.client.send(command, abortable(signal));
    } catch (error) {
      if (statusOf(error) === 404 && !(signal?.aborted ?? false)) return undefined;
      throw this.failed(error, signal, failure);
    }
  }

  private async putObject(
    digest: string,
    image: NormalisedImage,
    ref: StoredRef,
    onlyIfAbsent: boolean,
    signal: AbortSignal | undefined,
  ): Promise<'written' | 'lost-race'> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(digest),
      Body: image.data,
      ContentType: image.mediaType,
      ChecksumSHA256: Buffer.from(digest, 'hex').toString('base64'),
      Metadata: { [REF_METADATA_KEY]: JSON.stringify(ref) },
      ...(onlyIfAbsent ? { IfNoneMatch: '*' } : {}),
    });
    try {
      await this.client.send(command, abortable(signal));
      return 'written';
    } catch (error) {
      if (onlyIfAbsent && statusOf(error) === 412 && !(signal?.aborted ?? false)) return 'lost-race';
      throw this.failed(error, signal, this.writeFailed);
    }
  }

  private sourceKey(sourceDigest: string): string {
    return `${this.prefix}sources/${sourceDigest}`;
  }

  /** Runs one S3 operation; a failure becomes `failed(…)`. */
  private async send<T>(operation: () => Promise<T>, signal: AbortSignal | undefined, failure: Failure): Promise<T> {
    try {
      return await operation();
    } catch (cause) {
      throw this.failed(cause, signal, failure);
    }
  }

  /** An abort becomes ATTACHMENT_ABORTED, any other failure `failure(reason)`. */
  private failed(cause: unknown, signal: AbortSignal | undefined, failure: Failure): AttachmentError {
    if (cause instanceof AttachmentError) return cause;
    if (signal?.aborted === true) {
      return new AttachmentError('ATTACHMENT_ABORTED', `The S3 request to bucket "${this.bucket}" was cancelled.`, {}, { cause: signal.reason });
    }
    return failure(reasonOf(cause), cause);
  }
}

function isIntactObject(object: FetchedObject, digest: string, knownBytes: Uint8Array | undefined): boolean {
  return bytesMatch(object.data, digest, knownBytes) && describesObject(object.ref, digest, object.data.length);
}

function abortable(signal: AbortSignal | undefined): { abortSignal?: AbortSignal } {
  return signal ? { abortSignal: signal } : {};
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function reasonOf(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = 'code' in cause && typeof cause.code === 'string' ? `${cause.code}: ` : '';
  return `${code}${cause.message || cause.name}`;
}
