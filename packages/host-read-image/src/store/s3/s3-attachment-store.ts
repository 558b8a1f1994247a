import { GetObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

import { checkOption, OPTIONS_OBJECT, rule } from '../../options/check-option.ts';
import { digestOfAttachmentId } from '../attachment-id.ts';
import { ContentAddressedStore, storeSettings, type ContentAddressedStoreOptions } from '../content-addressed-store.ts';
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

const OWNER = 'S3AttachmentStore';
const MAX_EXPIRES_IN = 604_800;
const DEFAULT_EXPIRES_IN = 300;

/** Bucket names as S3 accepts them (3–63 characters: lowercase letters, digits, dots, hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const BUCKET = rule('an S3 bucket name (3-63 of a-z 0-9 . -)', (value): value is string => typeof value === 'string' && BUCKET_NAME.test(value));

const PREFIX = rule(
  'key segments separated by "/" (no leading "/", "//", "." or "..")',
  (value): value is string | undefined => value === undefined || value === '' || (typeof value === 'string' && prefixSegments(value) !== undefined),
);

/** A client of this package's own `@aws-sdk/client-s3` (a second copy's would not be recognised), or a plain config. */
const CLIENT = rule(
  "an S3Client of this package's @aws-sdk/client-s3, or a plain S3ClientConfig object",
  (value): value is S3Client | S3ClientConfig | undefined => value === undefined || value instanceof S3Client || isPlainObject(value),
);

const EXPIRES_IN = rule(
  `a whole number of seconds from 1 to ${String(MAX_EXPIRES_IN)}`,
  (value): value is number => Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= MAX_EXPIRES_IN,
);

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
    checkOption(OWNER, 'options', options, OPTIONS_OBJECT);
    const bucket = checkOption(OWNER, 'bucket', options.bucket, BUCKET);
    const prefix = normalisedPrefix(checkOption(OWNER, 'prefix', options.prefix, PREFIX));
    const given = checkOption(OWNER, 'client', options.client, CLIENT);
    const settings = storeSettings(OWNER, options);
    const client = given instanceof S3Client ? given : new S3Client(given ?? {});
    const objects = new S3ObjectBackend(client, bucket, prefix);
    super(objects, settings);
    this.bucket = bucket;
    this.client = client;
    this.ownsClient = !(given instanceof S3Client);
    this.objects = objects;
  }

  /** A presigned GET of the object an attachment id names (no request is made; the id is not checked for existence). */
  async signedUrl(attachmentId: string, options: SignedUrlOptions = {}): Promise<string> {
    checkOption(`${OWNER}.signedUrl`, 'options', options, OPTIONS_OBJECT);
    const expiresIn = checkOption(`${OWNER}.signedUrl`, 'expiresIn', options.expiresIn ?? DEFAULT_EXPIRES_IN, EXPIRES_IN);
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

/** '' or `segment/…/segment/`, from a prefix PREFIX accepts. */
function normalisedPrefix(prefix: string | undefined): string {
  const segments = prefix === undefined || prefix === '' ? undefined : prefixSegments(prefix);
  return segments === undefined ? '' : `${segments.join('/')}/`;
}

/** The key segments of a prefix (trailing slashes dropped), or undefined when one is empty or a dot segment. */
function prefixSegments(prefix: string): string[] | undefined {
  const segments = prefix.replace(/\/+$/, '').split('/');
  return segments.some((segment) => segment === '' || segment === '.' || segment === '..') ? undefined : segments;
}

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
