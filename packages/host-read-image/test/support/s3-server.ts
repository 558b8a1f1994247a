import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type { S3ClientConfig } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

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
  /** PUTs of object keys (`…/objects/…`) that stored bytes, and those refused by If-None-Match. */
  readonly puts: { readonly written: string[]; preconditionFailed: number };
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1, an ephemeral port, its data in a temp dir.
 * s3rver ignores `If-None-Match` on PUT. With `conditionalWrites`, a first middleware gives it
 * AWS S3's semantics: PUTs of one key commit one at a time, and one with `If-None-Match: *` whose
 * key exists by then is refused with 412 PreconditionFailed. It also holds the first PUT of a key
 * until a second one arrives (at most 2 s), so two concurrent creators reliably race.
 */
export async function startS3Server(options: { bucket?: string; conditionalWrites?: boolean } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'toolcard-test';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'toolcard-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const puts = { written: [] as string[], preconditionFailed: 0 };
  const commits = new Map<string, Promise<void>>();
  const waiting = new Map<string, () => void>();
  server.middleware.unshift(async (ctx, next) => {
    const [, bucketName = '', ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (ctx.method !== 'PUT' || !key.includes('objects/')) return next();
    if (options.conditionalWrites !== true) {
      await next();
      if (ctx.status === 200) puts.written.push(key);
      return;
    }
    const second = waiting.get(key);
    if (second === undefined)
      await new Promise<void>((resolve) => {
        waiting.set(key, resolve);
        setTimeout(resolve, 2000);
      });
    else second();
    const previous = commits.get(key) ?? Promise.resolve();
    const commit = previous.then(async () => {
      if (ctx.headers['if-none-match'] === '*' && existsSync(server.store.getResourcePath(bucketName, key, 'object'))) {
        puts.preconditionFailed++;
        ctx.status = 412;
        ctx.set('Content-Type', 'application/xml');
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>';
        return;
      }
      await next();
      if (ctx.status === 200) puts.written.push(key);
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
      await rm(directory, { recursive: true, force: true });
    },
  };
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
