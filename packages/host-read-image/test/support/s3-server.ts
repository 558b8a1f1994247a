import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { S3ClientConfig } from '@aws-sdk/client-s3';
import S3rver, { type KoaContext, type S3rverObject, type S3rverStore } from 's3rver';

// The pinned SDK supports Node 20; it warns that later versions will not. Not news in a test log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  readonly bucket: string;
  /** Where s3rver keeps the bucket's files (tests alter objects there, as a bucket admin would). */
  readonly directory: string;
  readonly endpoint: string;
  /** A client config for this server; one attempt, so a failure shows at once. */
  clientConfig(endpoint?: string): S3ClientConfig;
  /** PUTs of object keys (`…/objects/…`) that stored bytes, and the PUTs refused by a condition. */
  readonly puts: { readonly written: string[]; preconditionFailed: number };
  /** Every request naming an object (method and key), in the order they arrived. */
  readonly objectRequests: { readonly method: string; readonly key: string }[];
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1, an ephemeral port, its data in a temp dir.
 * s3rver writes an object in place and answers before its bytes are on disk (a reader can get
 * part of it, or the old bytes under the new ETag): here an object is replaced whole, as on S3
 * (`putObjectWhole`). s3rver ignores `If-None-Match` and `If-Match` on PUT. With
 * `conditionalWrites`, a first middleware gives it AWS S3's semantics: PUTs of one key commit
 * one at a time; a PUT with `If-None-Match: *` whose key exists by then, or with `If-Match`
 * naming another ETag, is refused with 412 PreconditionFailed (`If-Match` on a missing key: 404
 * NoSuchKey). Unless `pairCreates` is false, it holds the first `If-None-Match: *` PUT of a key
 * until a second one arrives (at most 2 s), so two concurrent creators reliably race.
 */
export async function startS3Server(options: { bucket?: string; conditionalWrites?: boolean; pairCreates?: boolean } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'toolcard-test';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'toolcard-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const puts = { written: [] as string[], preconditionFailed: 0 };
  const objectRequests: { method: string; key: string }[] = [];
  const commits = new Map<string, Promise<void>>();
  const waiting = new Map<string, () => void>();
  const staging = `${directory}-staging`;
  await mkdir(staging);
  const { store } = server;
  store.putObject = (object) => putObjectWhole(store, staging, object);
  server.middleware.unshift(async (ctx, next) => {
    const [, bucketName = '', ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (key !== '') objectRequests.push({ method: ctx.method, key });
    if (ctx.method !== 'PUT' || key === '') return next();
    const storeObject = key.includes('objects/');
    if (options.conditionalWrites !== true) {
      await next();
      if (ctx.status === 200 && storeObject) puts.written.push(key);
      return;
    }
    const creating = ctx.headers['if-none-match'] === '*';
    const second = waiting.get(key);
    if (creating && options.pairCreates !== false && second === undefined)
      await new Promise<void>((resolve) => {
        waiting.set(key, resolve);
        setTimeout(resolve, 2000);
      });
    else if (creating) second?.();
    const previous = commits.get(key) ?? Promise.resolve();
    const commit = previous.then(async () => {
      const etag = await server.store.getMetadata(bucketName, key).then(
        (metadata) => metadata.etag,
        () => undefined,
      );
      const ifMatch = ctx.headers['if-match'];
      if ((creating && etag !== undefined) || (ifMatch !== undefined && etag !== undefined && ifMatch !== '*' && ifMatch !== etag)) {
        puts.preconditionFailed++;
        refuse(ctx, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
        return;
      }
      if (ifMatch !== undefined && etag === undefined) {
        refuse(ctx, 404, 'NoSuchKey', 'The specified key does not exist.');
        return;
      }
      await next();
      if (ctx.status === 200 && storeObject) puts.written.push(key);
    });
    commits.set(
      key,
      commit.catch(() => undefined),
    );
    await commit;
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    directory,
    endpoint,
    puts,
    objectRequests,
    clientConfig: (at = endpoint) => ({
      endpoint: at,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
      maxAttempts: 1,
    }),
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      // maxRetries: a request a failed test left running may still be writing.
      await Promise.all([directory, staging].map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })));
    },
  };
}

function refuse(ctx: KoaContext, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.set('Content-Type', 'application/xml');
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/**
 * s3rver's `putObject`, but each file (the bytes, their MD5, the metadata) is written in a staging
 * folder beside s3rver's (never listed) and renamed into place once whole, so no reader, GET or
 * listing, meets one half written.
 */
async function putObjectWhole(store: S3rverStore, staging: string, object: S3rverObject): Promise<{ md5: string; size: number }> {
  const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(path.dirname(objectPath), { recursive: true });
  const stagingStore = new (store.constructor as new (root: string) => S3rverStore)(path.join(staging, randomUUID()));
  const staged = (resource: string) => stagingStore.getResourcePath(object.bucket, object.key, resource);
  const temp = staged('object');
  await mkdir(path.dirname(temp), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(content, count, createWriteStream(temp));
  const digest = md5.digest('hex');
  await stagingStore.putMetadata(object.bucket, object.key, object.metadata, digest);
  // The ETag changes after the bytes: a reader may get new bytes with the old ETag (a conditional write on it then fails), never the reverse.
  for (const resource of ['object', 'object.md5', 'metadata.json']) await rename(staged(resource), store.getResourcePath(object.bucket, object.key, resource));
  await rm(stagingStore.rootDirectory, { recursive: true });
  return { md5: digest, size };
}

/** An endpoint nothing listens on (a port just released): an S3 server that is down. */
export async function deadEndpoint(): Promise<string> {
  const stalling = await startStallingServer();
  await stalling.stop();
  return stalling.endpoint;
}

/** A TCP endpoint that accepts connections and never answers: a server that hangs. */
export async function startStallingServer(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume(); // read and drop the request
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}
