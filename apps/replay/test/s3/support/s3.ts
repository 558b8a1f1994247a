import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';

import { startS3Server, type S3TestServer } from '../../../../../packages/host-read-image/test/support/s3-server.ts';

export type { S3TestServer };

/**
 * One s3rver for a test file (the host's test support, one implementation), with S3's
 * conditional writes and whole-object commits; creators are not held in pairs. `server()` is
 * valid inside tests.
 */
export function useS3Server(): { server(): S3TestServer; admin(): S3Client } {
  let server: S3TestServer | undefined;
  let admin: S3Client | undefined;
  beforeAll(async () => {
    server = await startS3Server({ conditionalWrites: true, pairCreates: false });
    admin = new S3Client(server.clientConfig());
  });
  afterAll(async () => {
    admin?.destroy();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the S3 server is not started');
    return value;
  };
  return { server: () => started(server), admin: () => started(admin) };
}

/** Writes an object as a bucket's user would (with any key, unconditionally). */
export async function putObject(client: S3Client, bucket: string, key: string, body: string | Uint8Array): Promise<void> {
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
}

export async function deleteObject(client: S3Client, bucket: string, key: string): Promise<void> {
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** The GETs of objects whose keys start with `prefix` the server has answered so far. */
export function getsUnder(server: S3TestServer, prefix: string): string[] {
  return server.objectRequests.filter(({ method, key }) => method === 'GET' && key.startsWith(prefix)).map(({ key }) => key);
}
