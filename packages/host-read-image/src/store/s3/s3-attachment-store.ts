import { GetObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

import { digestOfAttachmentId } from '../attachment-id.ts';
import { ContentAddressedStore, type ContentAddressedStoreOptions } from '../content-addressed-store.ts';
import { S3ObjectBackend } from './s3-object-backend.ts';

export interface S3AttachmentStoreOptions extends ContentAddressedStoreOptions {
  /** The bucket; it must exist. */
  readonly bucket: string;
  /** Key prefix shared by the store's keys (`<prefix>/objects/…`, `<prefix>/sources/…`); default none. */
  readonly prefix?: string;
  /** A client to use (the store leaves it open on dispose), or the config of one the store creates and owns. */
  readonly client?: S3Client | S3ClientConfig;
}

export interface SignedUrlOptions {
  /** Seconds the URL stays valid: a positive integer, at most 604800 (a week, S3's limit); default 300. */
  readonly expiresIn?: number;
}

/** Bucket names as S3 accepts them (3–63 characters: lowercase letters, digits, dots, hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const MAX_EXPIRES_IN = 604_800;
const DEFAULT_EXPIRES_IN = 300;

/**
 * The AttachmentStore on S3-compatible object storage (DESIGN §8): the same validation and
 * normalisation as LocalAttachmentStore, content-addressed objects verified on every read, so
 * several hosts can share one bucket. `signedUrl` hands a browser a short-lived URL instead of bytes.
 */
export class S3AttachmentStore extends ContentAddressedStore {
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly ownsClient: boolean;
  private readonly objects: S3ObjectBackend;

  constructor(options: S3AttachmentStoreOptions) {
    const bucket = validBucket(options.bucket);
    const client = options.client instanceof S3Client ? options.client : new S3Client(options.client ?? {});
    const objects = new S3ObjectBackend(client, bucket, normalisedPrefix(options.prefix));
    super(objects, options);
    this.bucket = bucket;
    this.client = client;
    this.ownsClient = !(options.client instanceof S3Client);
    this.objects = objects;
  }

  /** A presigned GET of the object an attachment id names (no request is made; the id is not checked for existence). */
  async signedUrl(attachmentId: string, options: SignedUrlOptions = {}): Promise<string> {
    const expiresIn = validExpiresIn(options.expiresIn ?? DEFAULT_EXPIRES_IN);
    const key = this.objects.objectKey(digestOfAttachmentId(attachmentId));
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn });
  }

  /** Also closes the client's connections when the store created the client. */
  override dispose(): void {
    try {
      super.dispose();
    } finally {
      if (this.ownsClient) this.client.destroy();
    }
  }
}

function validBucket(bucket: unknown): string {
  if (typeof bucket !== 'string' || !BUCKET_NAME.test(bucket)) {
    throw new TypeError(`S3AttachmentStore option bucket must be an S3 bucket name (3-63 of a-z 0-9 . -), got ${JSON.stringify(bucket)}.`);
  }
  return bucket;
}

/** '' or `segment/…/segment/`: no leading slash, no empty or dot segments. */
function normalisedPrefix(prefix: unknown): string {
  if (prefix === undefined || prefix === '') return '';
  const segments = typeof prefix === 'string' ? prefix.replace(/\/+$/, '').split('/') : [];
  if (segments.length === 0 || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new TypeError(
      `S3AttachmentStore option prefix must be key segments separated by "/" (no leading "/", "//", "." or ".."), got ${JSON.stringify(prefix)}.`,
    );
  }
  return `${segments.join('/')}/`;
}

function validExpiresIn(expiresIn: number): number {
  if (!Number.isSafeInteger(expiresIn) || expiresIn <= 0 || expiresIn > MAX_EXPIRES_IN) {
    throw new RangeError(`signedUrl option expiresIn must be a whole number of seconds from 1 to ${MAX_EXPIRES_IN}, got ${String(expiresIn)}.`);
  }
  return expiresIn;
}
