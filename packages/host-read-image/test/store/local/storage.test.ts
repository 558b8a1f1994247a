import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LocalAttachmentStore } from '../../../src/store/local/local-attachment-store.ts';
import { StoreLayout } from '../../../src/store/local/store-layout.ts';
import { attachmentFailure, hexOf, sha256Id } from '../../support/store-test-support.ts';
import { listTree, useTempDirs } from '../../support/temp-workspace.ts';
import { noise, solid } from '../../support/test-images.ts';

const tempDir = useTempDirs();

async function newStore() {
  const dir = await tempDir();
  return { dir, layout: new StoreLayout(dir), store: new LocalAttachmentStore({ dir }) };
}

function objectFiles(attachmentId: string, sourceData: Uint8Array): string[] {
  const hex = hexOf(attachmentId);
  return [`objects/${hex}/`, `objects/${hex}/image`, `objects/${hex}/ref.json`, 'sources/', `sources/${hexOf(sha256Id(sourceData))}.json`];
}

describe('identity and names', () => {
  it('stores the same bytes under two names once, each reference with its own name', async () => {
    const { dir, store } = await newStore();
    const data = await solid(4, 4, 'png');
    const first = await store.saveImage({ data, name: 'a.png' });
    const second = await store.saveImage({ data, name: 'copies/b.png' });
    expect(first.attachmentId).toBe(second.attachmentId);
    expect([first.name, second.name]).toEqual(['a.png', 'b.png']);
    expect(await listTree(dir)).toEqual(['objects/', ...objectFiles(first.attachmentId, data), 'tmp/'].sort());
  });

  it('omits the name key when there is no usable name', async () => {
    const { store } = await newStore();
    const data = await solid(4, 4, 'png');
    expect(await store.saveImage({ data })).not.toHaveProperty('name');
    expect(await store.saveImage({ data, name: 'dir/\u0007 ' })).not.toHaveProperty('name');
  });

  it('keeps 20 concurrent saves of the same bytes as one object with no temp files left', async () => {
    const { dir, store } = await newStore();
    const data = await noise(64, 64, 'jpeg');
    const refs = await Promise.all(Array.from({ length: 20 }, (_, index) => store.saveImage({ data, name: `n${index}.jpg` })));
    const ids = new Set(refs.map((ref) => ref.attachmentId));
    expect(ids.size).toBe(1);
    const [id] = ids;
    expect(await listTree(dir)).toEqual(['objects/', ...objectFiles(id ?? '', data), 'tmp/'].sort());
    const read = await store.readImage(id ?? '');
    expect(Buffer.from(read.data).equals(data)).toBe(true);
  });
});

describe('store directory', () => {
  it('is created, with its parents, on the first save', async () => {
    const dir = path.join(await tempDir(), 'not', 'yet');
    const store = new LocalAttachmentStore({ dir });
    const ref = await store.saveImage({ data: await solid(4, 4, 'png') });
    await expect(store.readImage(ref.attachmentId)).resolves.toMatchObject({ ref: { attachmentId: ref.attachmentId } });
  });
});

describe('write failures', () => {
  it('reports ATTACHMENT_WRITE_FAILED and leaves no temp file, object or index entry', async () => {
    const { dir, layout, store } = await newStore();
    const data = await solid(4, 4, 'png');
    const objectDir = layout.objectDir(hexOf(sha256Id(data)));
    await mkdir(path.dirname(objectDir), { recursive: true });
    await writeFile(objectDir, 'a file where the object directory belongs');
    const error = await attachmentFailure(store.saveImage({ data }), 'ATTACHMENT_WRITE_FAILED');
    expect(error.cause).toBeInstanceOf(Error);
    // sources/ is made only when an index entry is renamed into it: none is.
    expect(await listTree(dir)).toEqual(['objects/', path.relative(dir, objectDir), 'tmp/'].sort());
  });

  it('still succeeds when only the source index cannot be written', async () => {
    const { dir, layout, store } = await newStore();
    const data = await solid(4, 4, 'png');
    const entry = layout.sourceEntry(hexOf(sha256Id(data)));
    await mkdir(entry, { recursive: true }); // a directory where the entry file belongs
    const ref = await store.saveImage({ data });
    await expect(store.readImage(ref.attachmentId)).resolves.toMatchObject({ ref: { attachmentId: ref.attachmentId } });
    expect((await listTree(path.join(dir, 'tmp'))).length).toBe(0);
  });
});

describe('reading', () => {
  it('returns the stored bytes and the full reference without a name', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir, limits: { normalizedImageMaxDimension: 100 } });
    const saved = await store.saveImage({ data: await solid(300, 150, 'png'), name: 'wide.png' });
    const read = await store.readImage(saved.attachmentId);
    expect(read.ref).not.toHaveProperty('name');
    expect(read.ref).toEqual({ ...saved, name: undefined });
    expect(read.ref).toHaveProperty('originalDimensions', { width: 300, height: 150 });
    expect(Buffer.from(read.data).equals(await readFile(new StoreLayout(dir).objectImage(hexOf(saved.attachmentId))))).toBe(true);
  });

  it('reports ATTACHMENT_NOT_FOUND for a well-formed id that is not stored', async () => {
    const { store } = await newStore();
    await attachmentFailure(store.readImage(`sha256:${'0'.repeat(64)}`), 'ATTACHMENT_NOT_FOUND');
  });

  it('reports ATTACHMENT_CORRUPT when the stored bytes no longer match the digest', async () => {
    const { layout, store } = await newStore();
    const ref = await store.saveImage({ data: await solid(4, 4, 'png') });
    const imagePath = layout.objectImage(hexOf(ref.attachmentId));
    const bytes = await readFile(imagePath);
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    await writeFile(imagePath, bytes);
    await attachmentFailure(store.readImage(ref.attachmentId), 'ATTACHMENT_CORRUPT');
  });

  it.each([
    ['damaged', '{"attachmentId":'],
    ['for other bytes', JSON.stringify({ attachmentId: `sha256:${'0'.repeat(64)}`, mediaType: 'image/png', bytes: 1, width: 1, height: 1 })],
  ])('reports ATTACHMENT_CORRUPT when the reference record is %s', async (_label, record) => {
    const { layout, store } = await newStore();
    const ref = await store.saveImage({ data: await solid(4, 4, 'png') });
    await writeFile(layout.objectRef(hexOf(ref.attachmentId)), record);
    await attachmentFailure(store.readImage(ref.attachmentId), 'ATTACHMENT_CORRUPT');
  });

  it.each([
    '',
    'sha256:',
    `sha256:${'a'.repeat(63)}`,
    `sha256:${'a'.repeat(65)}`,
    `sha256:${'A'.repeat(64)}`,
    `sha256:${'g'.repeat(64)}`,
    `SHA256:${'a'.repeat(64)}`,
    `sha1:${'a'.repeat(40)}`,
    ` sha256:${'a'.repeat(64)}`,
    `sha256:${'a'.repeat(64)}\n`,
    '../../../../etc/passwd',
    `sha256:../${'a'.repeat(61)}`,
    `sha256:${'a'.repeat(32)}/${'a'.repeat(31)}`,
  ])('refuses %j as INVALID_ATTACHMENT_REF', async (id) => {
    const missingDir = path.join(await tempDir(), 'never-created');
    const store = new LocalAttachmentStore({ dir: missingDir });
    await attachmentFailure(store.readImage(id), 'INVALID_ATTACHMENT_REF');
  });
});
