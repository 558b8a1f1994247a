import { PutObjectCommand, S3Client, type PutObjectCommandInput } from '@aws-sdk/client-s3';

import { attachmentIdOf, sha256Hex } from '../../../src/store/attachment-id.ts';
import { S3AttachmentStore, type S3AttachmentStoreOptions } from '../../../src/store/s3/s3-attachment-store.ts';
import { recordTopLevel } from '../../http/attachment-server.ts';
import { deadEndpoint, startS3Server, startStallingServer } from '../../support/s3-server.ts';
import { solid } from '../../support/test-images.ts';
import { optionRefused, type BadInputCase, type CaseContext } from '../bad-input-case.ts';
import { exchangeOutcome } from './attachment-route.ts';

/**
 * The S3 store's faults, against real S3-protocol servers on 127.0.0.1: the bad-inputs test's
 * s3rver (`c.s3`), one a case starts and stops itself, or an endpoint that is down or hangs.
 */

let prefixes = 0;

/** Runs `use` with a store on a fresh key prefix of the test bucket (an empty store), then disposes of it. */
async function withS3Store<T>(
  c: CaseContext,
  use: (store: S3AttachmentStore, prefix: string) => Promise<T>,
  options: Partial<S3AttachmentStoreOptions> = {},
): Promise<T> {
  const prefix = `bad-inputs-${++prefixes}`;
  const store = new S3AttachmentStore({ bucket: c.s3.bucket, prefix, client: c.s3.clientConfig(), ...options });
  try {
    return await use(store, prefix);
  } finally {
    store.dispose();
  }
}

/** Saves an image, then replaces its object in the bucket as a bucket admin would, then reads it back. */
function alteredObjectCase(
  name: string,
  says: RegExp,
  replacement: (data: Buffer, metadata: Record<string, string>) => Pick<PutObjectCommandInput, 'Body' | 'Metadata'>,
): BadInputCase {
  return {
    group: 'S3 store',
    name,
    code: 'ATTACHMENT_CORRUPT',
    says,
    run: (c) =>
      withS3Store(c, async (store, prefix) => {
        const data = await solid(8, 8, 'png', '#336699');
        const saved = await store.saveImage({ data });
        const metadata = { 'toolcard-ref': JSON.stringify({ ...saved, name: undefined }) };
        const admin = new S3Client(c.s3.clientConfig());
        try {
          const key = `${prefix}/objects/${saved.attachmentId.slice('sha256:'.length)}`;
          await admin.send(new PutObjectCommand({ Bucket: c.s3.bucket, Key: key, ...replacement(data, metadata) }));
        } finally {
          admin.destroy();
        }
        return c.storeFailure(store.readImage(saved.attachmentId));
      }),
  };
}

/**
 * A server that accepts the connection and never answers: the caller's signal, aborted once the
 * call is under way, ends `operation` with ATTACHMENT_ABORTED.
 */
function hangingServerCase(operation: string, says: RegExp, call: (store: S3AttachmentStore, signal: AbortSignal) => Promise<unknown>): BadInputCase {
  return {
    group: 'S3 store',
    name: `an S3 server that accepts the connection and never answers (the caller’s signal ends the ${operation})`,
    code: 'ATTACHMENT_ABORTED',
    says,
    run: async (c) => {
      const stalling = await startStallingServer();
      try {
        const client = c.s3.clientConfig(stalling.endpoint);
        return await withS3Store(
          c,
          (store) => {
            const caller = new AbortController();
            const pending = call(store, caller.signal);
            setTimeout(() => {
              caller.abort(new Error('the caller gave up'));
            }, 200);
            return c.storeFailure(pending);
          },
          { client },
        );
      } finally {
        await stalling.stop();
      }
    },
  };
}

const NEVER_STORED = attachmentIdOf('0'.repeat(64));

export const S3_STORE_CASES: readonly BadInputCase[] = [
  {
    group: 'S3 store',
    name: 'the S3 server is down when saving',
    code: 'ATTACHMENT_WRITE_FAILED',
    says: /could not be written to S3 bucket "toolcard-test" \(.*ECONNREFUSED/,
    run: async (c) => {
      const client = c.s3.clientConfig(await deadEndpoint());
      return withS3Store(c, async (store) => c.storeFailure(store.saveImage({ data: await solid(2, 2, 'png') })), { client });
    },
  },
  {
    group: 'S3 store',
    name: 'the S3 server is down when reading a stored image',
    code: 'ATTACHMENT_READ_FAILED',
    says: /could not be read from S3 bucket "toolcard-test" \(.*ECONNREFUSED/,
    run: (c) =>
      withS3Store(c, async (store, prefix) => {
        const saved = await store.saveImage({ data: await solid(2, 2, 'png') });
        const client = c.s3.clientConfig(await deadEndpoint());
        return withS3Store(c, (down) => c.storeFailure(down.readImage(saved.attachmentId)), { prefix, client });
      }),
  },
  {
    group: 'S3 store',
    name: 'the attachment route serves a referenced image while the S3 server is stopped',
    code: 'HTTP 503',
    says: /^The attachment store is unavailable; try again shortly$/,
    run: async (c) => {
      const s3 = await startS3Server();
      let running = true;
      const store = new S3AttachmentStore({ bucket: s3.bucket, client: s3.clientConfig() });
      try {
        const server = await c.startServer({ store });
        const { ref } = await server.save('#f00');
        await server.record('top', (recorder) => recordTopLevel(recorder, ref));
        await s3.stop();
        running = false;
        return await exchangeOutcome(server.port, { target: `/sessions/top/attachments/${encodeURIComponent(ref.attachmentId)}` });
      } finally {
        store.dispose();
        if (running) await s3.stop();
      }
    },
  },
  hangingServerCase('save', /^The attachment operation was cancelled\.$/, async (store, signal) => store.saveImage({ data: await solid(2, 2, 'png') }, signal)),
  hangingServerCase('read', /^The S3 request to bucket "toolcard-test" was cancelled\.$/, (store, signal) => store.readImage(NEVER_STORED, signal)),
  {
    group: 'S3 store',
    name: 'a bucket that does not exist',
    code: 'ATTACHMENT_WRITE_FAILED',
    says: /could not be written to S3 bucket "no-such-bucket" \(.*bucket does not exist/,
    run: (c) => withS3Store(c, async (store) => c.storeFailure(store.saveImage({ data: await solid(2, 2, 'png') })), { bucket: 'no-such-bucket' }),
  },
  alteredObjectCase('object bytes altered in the bucket (one bit flipped, metadata kept)', /its bytes no longer match its digest/, (data, metadata) => {
    const altered = Buffer.from(data);
    altered[altered.length >> 1] = (altered[altered.length >> 1] ?? 0) ^ 0x01;
    return { Body: altered, Metadata: metadata };
  }),
  alteredObjectCase('object metadata lost in the bucket (same bytes, no reference metadata)', /its reference metadata is damaged/, (data) => ({
    Body: data,
  })),
  {
    group: 'S3 store',
    name: 'read an id that was never stored',
    code: 'ATTACHMENT_NOT_FOUND',
    says: /^No attachment sha256:<hex> in S3 bucket "toolcard-test"\.$/,
    run: (c) => withS3Store(c, (store) => c.storeFailure(store.readImage(NEVER_STORED))),
  },
  {
    group: 'S3 store',
    name: 'read a path posing as an id (`sha256:../../etc/passwd`)',
    code: 'INVALID_ATTACHMENT_REF',
    says: /expected "sha256:" followed by 64 lowercase hex digits/,
    run: (c) => withS3Store(c, (store) => c.storeFailure(store.readImage('sha256:../../etc/passwd'))),
  },
  {
    group: 'S3 store',
    name: '`signedUrl` for a path posing as an id (`sha256:../x`)',
    code: 'INVALID_ATTACHMENT_REF',
    says: /expected "sha256:" followed by 64 lowercase hex digits/,
    run: (c) => withS3Store(c, (store) => c.storeFailure(store.signedUrl('sha256:../x'))),
  },
  ...[0, 1.5, 604_801].map((expiresIn): BadInputCase => ({
    group: 'S3 store',
    name: `\`signedUrl\` with \`expiresIn: ${String(expiresIn)}\``,
    code: 'INVALID_OPTION',
    says: /^S3AttachmentStore\.signedUrl: option expiresIn must be a whole number of seconds from 1 to 604800, got /,
    run: (c) => withS3Store(c, (store) => optionRefused(() => store.signedUrl(attachmentIdOf(sha256Hex(Buffer.from('x'))), { expiresIn }))),
  })),
  {
    group: 'S3 store',
    name: 'option `bucket` not an S3 bucket name (`bucket_with_underscore`)',
    code: 'INVALID_OPTION',
    says: /^S3AttachmentStore: option bucket must be an S3 bucket name \(3-63 of a-z 0-9 \. -\), got "bucket_with_underscore"\.$/,
    run: (c) => optionRefused(() => new S3AttachmentStore({ bucket: 'bucket_with_underscore', client: c.s3.clientConfig() })),
  },
  {
    group: 'S3 store',
    name: 'option `prefix` that climbs (`a/../b`)',
    code: 'INVALID_OPTION',
    says: /^S3AttachmentStore: option prefix must be key segments separated by "\/".*, got "a\/\.\.\/b"\.$/,
    run: (c) => optionRefused(() => new S3AttachmentStore({ bucket: c.s3.bucket, prefix: 'a/../b', client: c.s3.clientConfig() })),
  },
];
