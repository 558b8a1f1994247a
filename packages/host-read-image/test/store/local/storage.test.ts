import { mkdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LocalAttachmentStore } from '../../../src/store/local/local-attachment-store.ts';
import { StoreLayout } from '../../../src/store/local/store-layout.ts';
import { readObjectFile, storedImageBytes, toDirectoryObject, writeObjectFile } from '../../support/local-store-objects.ts';
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
  return [`objects/${hex}`, 'sources/', `sources/${hexOf(sha256Id(sourceData))}.json`];
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
    await writeFile(layout.objectsDir, 'a file where the objects directory belongs');
    const error = await attachmentFailure(store.saveImage({ data }), 'ATTACHMENT_WRITE_FAILED');
    expect(error.cause).toBeInstanceOf(Error);
    // sources/ is made only when an index entry is renamed into it: none is.
    expect(await listTree(dir)).toEqual(['objects', 'tmp/']);
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
    expect(Buffer.from(read.data).equals(await storedImageBytes(dir, hexOf(saved.attachmentId)))).toBe(true);
  });

  it('reports ATTACHMENT_NOT_FOUND for a well-formed id that is not stored', async () => {
    const { store } = await newStore();
    await attachmentFailure(store.readImage(`sha256:${'0'.repeat(64)}`), 'ATTACHMENT_NOT_FOUND');
  });

  it('reports ATTACHMENT_CORRUPT when the stored bytes no longer match the digest', async () => {
    const { dir, store } = await newStore();
    const ref = await store.saveImage({ data: await solid(4, 4, 'png') });
    const hex = hexOf(ref.attachmentId);
    const object = await readObjectFile(dir, hex);
    object.image[object.image.length - 1] = (object.image.at(-1) ?? 0) ^ 0xff;
    await writeObjectFile(dir, hex, object);
    await attachmentFailure(store.readImage(ref.attachmentId), 'ATTACHMENT_CORRUPT');
  });

  it.each([
    ['damaged', '{"attachmentId":'],
    ['for other bytes', JSON.stringify({ attachmentId: `sha256:${'0'.repeat(64)}`, mediaType: 'image/png', bytes: 1, width: 1, height: 1 })],
  ])('reports ATTACHMENT_CORRUPT when the reference record is %s', async (_label, record) => {
    const { dir, store } = await newStore();
    const ref = await store.saveImage({ data: await solid(4, 4, 'png') });
    const hex = hexOf(ref.attachmentId);
    await writeObjectFile(dir, hex, { ...(await readObjectFile(dir, hex)), record: Buffer.from(record) });
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

describe('an object is one file', () => {
  it('holds its reference record (compact JSON, without the name), a newline, then the image bytes', async () => {
    const { dir, layout } = await newStore();
    const store = new LocalAttachmentStore({ dir, limits: { normalizedImageMaxDimension: 100 } });
    const saved = await store.saveImage({ data: await solid(300, 150, 'png'), name: 'wide.png' });
    const { ref: facts, data } = await store.readImage(saved.attachmentId);
    expect(facts).toEqual({ ...saved, name: undefined });
    expect(facts).toHaveProperty('originalDimensions');
    const file = await readFile(layout.object(hexOf(facts.attachmentId)));
    expect(file.equals(Buffer.concat([Buffer.from(`${JSON.stringify(facts)}\n`), data]))).toBe(true);
  });

  /** Where a crash without the fsync, or damage, could cut the file: offsets from the record's end (the newline) or the file's end. */
  const cuts = [
    ['at its first byte', () => 0],
    ['inside its record', (recordEnd: number) => recordEnd >> 1],
    ['just before the newline', (recordEnd: number) => recordEnd],
    ['just after the newline', (recordEnd: number) => recordEnd + 1],
    ['inside the image bytes', (recordEnd: number, size: number) => (recordEnd + size) >> 1],
    ['one byte short', (_recordEnd: number, size: number) => size - 1],
  ] as const;

  it.each(cuts)('torn %s → ATTACHMENT_CORRUPT when read (no crash), and a save of the bytes replaces it', async (_label, cutAt) => {
    const { dir, layout, store } = await newStore();
    const data = await noise(32, 16, 'png');
    const ref = await store.saveImage({ data });
    const hex = hexOf(ref.attachmentId);
    const { record } = await readObjectFile(dir, hex);
    await truncate(layout.object(hex), cutAt(record.length, (await stat(layout.object(hex))).size));
    await attachmentFailure(store.readImage(ref.attachmentId), 'ATTACHMENT_CORRUPT');
    await attachmentFailure(new LocalAttachmentStore({ dir }).readImage(ref.attachmentId), 'ATTACHMENT_CORRUPT');
    expect(await store.saveImage({ data })).toEqual(ref);
    expect(Buffer.from((await store.readImage(ref.attachmentId)).data).equals(data)).toBe(true);
  });
});

describe('objects stored as directories (stores written before 2026-12)', () => {
  it('are read as before, originalDimensions included', async () => {
    const { dir } = await newStore();
    const saved = await new LocalAttachmentStore({ dir, limits: { normalizedImageMaxDimension: 100 } }).saveImage({ data: await solid(300, 150, 'png') });
    const object = await toDirectoryObject(dir, hexOf(saved.attachmentId));
    const read = await new LocalAttachmentStore({ dir }).readImage(saved.attachmentId);
    expect(read.ref).toEqual(saved);
    expect(read.ref).toHaveProperty('originalDimensions', { width: 300, height: 150 });
    expect(Buffer.from(read.data).equals(await readFile(object.image))).toBe(true);
  });

  it('are left as they are when their bytes are saved again, through the source index or without it', async () => {
    const { dir, layout } = await newStore();
    const data = await noise(32, 16, 'png');
    const saved = await new LocalAttachmentStore({ dir }).saveImage({ data, name: 'a.png' });
    const object = await toDirectoryObject(dir, hexOf(saved.attachmentId));
    const identity = async () => (await Promise.all([object.dir, object.image, object.ref].map((file) => stat(file)))).map((s) => [s.ino, s.mtimeMs]);
    const before = { tree: await listTree(dir), files: await identity() };
    expect(await new LocalAttachmentStore({ dir }).saveImage({ data, name: 'a.png' })).toEqual(saved);
    await rm(layout.sourceEntry(hexOf(sha256Id(data))));
    expect(await new LocalAttachmentStore({ dir }).saveImage({ data, name: 'a.png' })).toEqual(saved);
    expect({ tree: await listTree(dir), files: await identity() }).toEqual(before);
  });
});
