import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { LocalFileSystem } from '../../../src/fs/local-file-system.ts';
import type * as DecodeLimiterModule from '../../../src/image/decode-limiter.ts';
import { ConfigModelResolver } from '../../../src/model-routes/config-model-resolver.ts';
import type { AttachmentRef } from '../../../src/seams/attachment-store.ts';
import { S3AttachmentStore, type S3AttachmentStoreOptions } from '../../../src/store/s3/s3-attachment-store.ts';
import { createReadImageTool } from '../../../src/tool/read-image-tool.ts';
import { bundleChildScript, runChild } from '../../support/child-processes.ts';
import { decodeProbe } from '../../support/decode-probe.ts';
import { deadEndpoint, startS3Server, startStallingServer, type S3TestServer } from '../../support/s3-server.ts';
import { attachmentFailure, hexOf, sha256Id } from '../../support/store-test-support.ts';
import { useTempDirs } from '../../support/temp-workspace.ts';
import { noise, solid } from '../../support/test-images.ts';

vi.mock('../../../src/image/decode-limiter.ts', async (importOriginal) =>
  (await import('../../support/decode-probe.ts')).probed(await importOriginal<typeof DecodeLimiterModule>()),
);

const tempDir = useTempDirs();
let s3: S3TestServer;
let admin: S3Client;
let prefixCount = 0;
const opened: S3AttachmentStore[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  admin = new S3Client(s3.clientConfig());
});

afterAll(async () => {
  admin.destroy();
  await s3.stop();
});

beforeEach(() => {
  decodeProbe.reset();
  for (const store of opened.splice(0)) store.dispose();
});

/** A store on a fresh key prefix of the shared test bucket (each test sees an empty store). */
function newStore(overrides: Partial<S3AttachmentStoreOptions> = {}) {
  const prefix = `t${++prefixCount}`;
  const open = () => {
    const store = new S3AttachmentStore({ bucket: s3.bucket, prefix, client: s3.clientConfig(), ...overrides });
    opened.push(store);
    return store;
  };
  return { prefix, store: open(), reopen: open };
}

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await admin.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${prefix}/` }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('S3 store: save, read, dedupe', () => {
  it('S3 store: saves, reads back and keeps the same bytes once', async () => {
    const { prefix, store } = newStore();
    const data = await solid(30, 20, 'png');
    const first = await store.saveImage({ data, name: 'a.png' });
    const second = await store.saveImage({ data, name: 'dir/b.png' });
    expect(first).toEqual({ attachmentId: sha256Id(data), mediaType: 'image/png', bytes: data.length, width: 30, height: 20, name: 'a.png' });
    expect(second).toEqual({ ...first, name: 'b.png' });
    const read = await store.readImage(first.attachmentId);
    expect(Buffer.from(read.data).equals(data)).toBe(true);
    expect(read.ref).toEqual({ ...first, name: undefined });
    expect(await keysUnder(prefix)).toEqual([`${prefix}/objects/${hexOf(first.attachmentId)}`, `${prefix}/sources/${hexOf(sha256Id(data))}`]);
  });

  it('S3 store: keeps originalDimensions of a downscaled image with the object', async () => {
    const { store, reopen } = newStore({ limits: { normalizedImageMaxDimension: 10 } });
    const saved = await store.saveImage({ data: await solid(30, 20, 'jpeg') });
    expect(saved).toMatchObject({ width: 10, height: 7, originalDimensions: { width: 30, height: 20 } });
    expect((await reopen().readImage(saved.attachmentId)).ref).toEqual(saved);
  });

  it('S3 store: a warm re-read from another store instance skips decoding', async () => {
    const { store, reopen } = newStore();
    const data = await solid(30, 20, 'png');
    const first = await store.saveImage({ data });
    expect(decodeProbe.entered).toBe(1);
    expect(await reopen().saveImage({ data })).toEqual(first);
    expect(decodeProbe.entered).toBe(1);
  });

  it('S3 store: refuses what the local store refuses, with the same codes', async () => {
    const { prefix, store } = newStore({ limits: { maxImageDimension: 16 } });
    await attachmentFailure(store.saveImage({ data: Buffer.from('not an image') }), 'INVALID_IMAGE');
    await attachmentFailure(store.saveImage({ data: await solid(30, 20, 'png') }), 'IMAGE_DIMENSION_TOO_LARGE');
    await attachmentFailure(store.saveImage({ data: await solid(8, 8, 'png'), mediaType: 'image/jpeg' }), 'IMAGE_TYPE_MISMATCH');
    await attachmentFailure(store.readImage('sha256:../../etc/passwd'), 'INVALID_ATTACHMENT_REF');
    await attachmentFailure(store.readImage(`sha256:${'0'.repeat(64)}`), 'ATTACHMENT_NOT_FOUND');
    expect(await keysUnder(prefix)).toEqual([]);
  });

  it('S3 store: two processes saving the same 20 images at once → 20 intact objects', async () => {
    const { prefix, store } = newStore();
    const dir = await tempDir();
    const files = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const file = path.join(dir, `${index}.png`);
        await writeFile(file, await noise(40 + index, 30, 'png'));
        return file;
      }),
    );
    const child = await bundleChildScript('test/store/s3/s3-save-child.ts');
    const args = [JSON.stringify(s3.clientConfig()), s3.bucket, prefix, ...files];
    const outputs = await Promise.all([runChild(child, args), runChild(child, args)]);
    const [first, second] = outputs.map((output) => JSON.parse(output) as AttachmentRef[]);
    expect(first).toEqual(second);
    const ids = new Set(first?.map((ref) => ref.attachmentId));
    expect(ids.size).toBe(20);
    const objects = (await keysUnder(prefix)).filter((key) => key.includes('/objects/'));
    expect(objects.map((key) => `sha256:${key.split('/').at(-1) ?? ''}`).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(sha256Id((await store.readImage(id)).data)).toBe(id);
  });
});

describe('S3 store: conditional create', () => {
  it('S3 conditional create: two instances racing to create one object → one PUT lands, the other gets 412 and verifies it', async () => {
    const conditional = await startS3Server({ conditionalWrites: true });
    const open = () => new S3AttachmentStore({ bucket: conditional.bucket, prefix: 'race', client: conditional.clientConfig() });
    const [first, second] = [open(), open()];
    try {
      const data = await noise(40, 30, 'png');
      const [a, b] = await Promise.all([first.saveImage({ data }), second.saveImage({ data })]);
      expect(a).toEqual(b);
      expect(conditional.puts).toEqual({ written: [`race/objects/${hexOf(a.attachmentId)}`], preconditionFailed: 1 });
      expect(sha256Id((await second.readImage(a.attachmentId)).data)).toBe(a.attachmentId);
    } finally {
      first.dispose();
      second.dispose();
      await conditional.stop();
    }
  });
});

describe('S3 store: faults', () => {
  it('S3 server down → ATTACHMENT_WRITE_FAILED naming the bucket', async () => {
    const { store } = newStore({ client: s3.clientConfig(await deadEndpoint()) });
    const error = await attachmentFailure(store.saveImage({ data: await solid(8, 8, 'png') }), 'ATTACHMENT_WRITE_FAILED');
    expect(error.message).toContain(`S3 bucket "${s3.bucket}"`);
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it('S3 server down → readImage fails with ATTACHMENT_READ_FAILED naming the bucket', async () => {
    const { store } = newStore({ client: s3.clientConfig(await deadEndpoint()) });
    const error = await attachmentFailure(store.readImage(sha256Id(Buffer.from('x'))), 'ATTACHMENT_READ_FAILED');
    expect(error.message).toContain(`S3 bucket "${s3.bucket}"`);
  });

  it('S3 server down → read_image answers a tool error and references no object', async () => {
    const { store } = newStore({ client: s3.clientConfig(await deadEndpoint()) });
    const cwd = await tempDir();
    await writeFile(path.join(cwd, 'shot.png'), await solid(8, 8, 'png'));
    const models = new ConfigModelResolver([{ provider: 'p', model: 'm', inputModalities: ['text', 'image'] }]);
    const tool = createReadImageTool({ fs: new LocalFileSystem(), attachments: store, models });
    const result = await tool.execute({ file_path: 'shot.png' }, { callId: 'c1', cwd, route: { provider: 'p', model: 'm' } });
    expect(result.isError).toBe(true);
    expect(result.error).toEqual({ name: 'AttachmentError', code: 'ATTACHMENT_WRITE_FAILED' });
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining(`S3 bucket "${s3.bucket}"`) as string }]);
    expect(result).not.toHaveProperty('value');
  });

  it('S3 server hangs → the call’s abort signal ends the save and the read', async () => {
    const stalling = await startStallingServer();
    try {
      const { store } = newStore({ client: s3.clientConfig(stalling.endpoint) });
      const data = await solid(8, 8, 'png');
      const save = new AbortController();
      const saving = store.saveImage({ data }, save.signal);
      setTimeout(() => {
        save.abort(new Error('the caller gave up'));
      }, 200);
      await attachmentFailure(saving, 'ATTACHMENT_ABORTED');
      const read = new AbortController();
      const reading = store.readImage(sha256Id(data), read.signal);
      setTimeout(() => {
        read.abort();
      }, 200);
      await attachmentFailure(reading, 'ATTACHMENT_ABORTED');
    } finally {
      await stalling.stop();
    }
  });

  it('S3 object altered in the bucket → ATTACHMENT_CORRUPT, and saving the bytes again replaces it', async () => {
    const { prefix, store } = newStore();
    const data = await solid(30, 20, 'png');
    const saved = await store.saveImage({ data });
    const key = `${prefix}/objects/${hexOf(saved.attachmentId)}`;
    const altered = Buffer.from(data);
    altered[altered.length >> 1] = (altered[altered.length >> 1] ?? 0) ^ 0x01;
    const metadata = { 'toolcard-ref': JSON.stringify({ ...saved, name: undefined }) };
    await admin.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: altered, Metadata: metadata }));
    await attachmentFailure(store.readImage(saved.attachmentId), 'ATTACHMENT_CORRUPT');
    expect(await store.saveImage({ data })).toEqual(saved);
    expect(sha256Id((await store.readImage(saved.attachmentId)).data)).toBe(saved.attachmentId);
  });

  it('S3 object metadata lost in the bucket → ATTACHMENT_CORRUPT', async () => {
    const { prefix, store } = newStore();
    const data = await solid(30, 20, 'png');
    const saved = await store.saveImage({ data });
    await admin.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/objects/${hexOf(saved.attachmentId)}`, Body: data }));
    await attachmentFailure(store.readImage(saved.attachmentId), 'ATTACHMENT_CORRUPT');
  });
});

describe('S3 store: signed URLs', () => {
  it('S3 signed URL fetches the stored bytes with plain fetch, and expires', async () => {
    const { store } = newStore();
    const data = await solid(30, 20, 'png');
    const saved = await store.saveImage({ data });
    const response = await fetch(await store.signedUrl(saved.attachmentId, { expiresIn: 60 }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);

    // Signed two minutes ago for one minute: expired now, with no wait.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 120_000 });
    const stale = await store.signedUrl(saved.attachmentId, { expiresIn: 60 }).finally(() => vi.useRealTimers());
    const expired = await fetch(stale);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  it.each([0, -1, 1.5, 604_801])('refuses expiresIn %s', async (expiresIn) => {
    const { store } = newStore();
    await expect(store.signedUrl(sha256Id(Buffer.from('x')), { expiresIn })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      message: `S3AttachmentStore.signedUrl: option expiresIn must be a whole number of seconds from 1 to 604800, got ${String(expiresIn)}.`,
    });
  });

  it('refuses to sign a malformed id', async () => {
    const { store } = newStore();
    await attachmentFailure(store.signedUrl('sha256:../x'), 'INVALID_ATTACHMENT_REF');
  });
});

describe('S3 store: options', () => {
  it.each(['', 'UPPER', 'a', 'a/b', 'bucket_with_underscore'])('refuses the bucket name %j', (bucket) => {
    expect(() => new S3AttachmentStore({ bucket, client: s3.clientConfig() })).toThrow(/option bucket/);
  });

  it.each(['/lead', 'a//b', 'a/../b', '.'])('refuses the prefix %j', (prefix) => {
    expect(() => new S3AttachmentStore({ bucket: 'ok-bucket', prefix, client: s3.clientConfig() })).toThrow(/option prefix/);
  });

  it('uses a given client and leaves it open on dispose', async () => {
    const client = new S3Client(s3.clientConfig());
    const store = new S3AttachmentStore({ bucket: s3.bucket, prefix: 'given-client', client });
    store.dispose();
    await expect(client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'given-client/' }))).resolves.toBeDefined();
    client.destroy();
  });
});
