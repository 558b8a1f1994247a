import { appendFile, mkdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import { LocalAttachmentStore } from '../../../src/store/local/local-attachment-store.ts';
import { StoreLayout } from '../../../src/store/local/store-layout.ts';
import { readObjectFile, toDirectoryObject, writeObjectFile } from '../../support/local-store-objects.ts';
import { attachmentFailure, hexOf, sha256Id } from '../../support/store-test-support.ts';
import { listTree, useTempDirs } from '../../support/temp-workspace.ts';
import { noise, solid } from '../../support/test-images.ts';

/**
 * A save of bytes whose object already exists verifies that object first: a damaged one is
 * replaced (and the returned reference reads back), a path that cannot hold it fails the save.
 * Two routes lead there: the source index (a warm save) and the object itself (a cold save).
 */

const tempDir = useTempDirs();

/** An object saved once, in `layout`; `damaged` is the file a damage is applied to (the image's, in a directory object). */
async function savedOnce(layoutName: LayoutName) {
  const dir = await tempDir();
  const layout = new StoreLayout(dir);
  const data = await noise(48, 32, 'png');
  const first = await new LocalAttachmentStore({ dir }).saveImage({ data });
  const hex = hexOf(first.attachmentId);
  const files = layoutName === 'one file' ? { damaged: layout.object(hex), ref: layout.object(hex) } : await directoryFiles(dir, hex);
  return { dir, layout, data, first, hex, ...files };
}

async function directoryFiles(dir: string, hex: string) {
  const object = await toDirectoryObject(dir, hex);
  return { damaged: object.image, ref: object.ref };
}

/** The layouts an object can be in: one file, or (stores written before 2026-12) a directory, which a repair keeps. */
const LAYOUTS = ['one file', 'a directory (an older store)'] as const;
type LayoutName = (typeof LAYOUTS)[number];

async function expectLayout(layout: StoreLayout, hex: string, layoutName: LayoutName): Promise<void> {
  expect((await stat(layout.object(hex))).isDirectory()).toBe(layoutName !== 'one file');
}

const damages = {
  'bytes altered': async (file: string) => {
    const bytes = await readFile(file);
    bytes.fill(0x42, 100, 120);
    await writeFile(file, bytes);
  },
  truncated: async (file: string) => {
    await truncate(file, Math.floor((await stat(file)).size / 2));
  },
  'one bit flipped': async (file: string) => {
    const bytes = await readFile(file);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0x01;
    await writeFile(file, bytes);
  },
  emptied: async (file: string) => {
    await writeFile(file, '');
  },
  'bytes appended': async (file: string) => {
    await appendFile(file, 'trailing bytes');
  },
} as const;

const routes = {
  'through the source index': () => Promise.resolve(),
  'with no source index entry': async (layout: StoreLayout, data: Uint8Array) => {
    await rm(layout.sourceEntry(hexOf(sha256Id(data))));
  },
} as const;

describe('local store: a damaged existing object', () => {
  for (const layoutName of LAYOUTS) {
    for (const [damage, applyDamage] of Object.entries(damages)) {
      for (const [route, prepareRoute] of Object.entries(routes)) {
        it(`local store, object as ${layoutName}: ${damage} → saving the bytes again replaces it (${route})`, async () => {
          const { dir, layout, data, first, hex, damaged } = await savedOnce(layoutName);
          await applyDamage(damaged);
          await prepareRoute(layout, data);
          const store = new LocalAttachmentStore({ dir });
          await attachmentFailure(store.readImage(first.attachmentId), 'ATTACHMENT_CORRUPT');

          const again = await store.saveImage({ data });
          expect(again).toEqual(first);
          const read = await store.readImage(again.attachmentId);
          expect(sha256Id(read.data)).toBe(first.attachmentId);
          expect(await listTree(layout.tempRoot)).toEqual([]);
          await expectLayout(layout, hex, layoutName);
        });
      }
    }

    it(`local store, object as ${layoutName}: reference record damaged → saving the bytes again replaces it`, async () => {
      const { dir, layout, data, first, hex, ref } = await savedOnce(layoutName);
      if (layoutName === 'one file') await writeObjectFile(dir, hex, { ...(await readObjectFile(dir, hex)), record: Buffer.from('{"attachmentId":') });
      else await writeFile(ref, '{"attachmentId":');
      await rm(layout.sourceEntry(hexOf(sha256Id(data))));
      const store = new LocalAttachmentStore({ dir });
      await attachmentFailure(store.readImage(first.attachmentId), 'ATTACHMENT_CORRUPT');
      expect(await store.saveImage({ data })).toEqual(first);
      await expect(store.readImage(first.attachmentId)).resolves.toMatchObject({ ref: first });
      await expectLayout(layout, hex, layoutName);
    });

    it(`local store, object as ${layoutName}: intact → saving the bytes again rewrites nothing`, async () => {
      const { dir, layout, data, damaged, ref } = await savedOnce(layoutName);
      await rm(layout.sourceEntry(hexOf(sha256Id(data))));
      const before = await Promise.all([stat(damaged), stat(ref)]);
      await new LocalAttachmentStore({ dir }).saveImage({ data });
      const after = await Promise.all([stat(damaged), stat(ref)]);
      expect(after.map((s) => [s.ino, s.mtimeMs])).toEqual(before.map((s) => [s.ino, s.mtimeMs]));
    });
  }
});

describe('local store: a path that cannot hold the object', () => {
  it('local store: directory at the object path → ATTACHMENT_WRITE_FAILED, not "already stored"', async () => {
    const dir = await tempDir();
    const layout = new StoreLayout(dir);
    const data = await noise(48, 32, 'png');
    const imagePath = layout.directoryObjectImage(hexOf(sha256Id(data)));
    await mkdir(imagePath, { recursive: true }); // objects/<hex>/image/ — a non-empty objects/<hex>/
    await writeFile(`${imagePath}/stray`, 'x');
    const store = new LocalAttachmentStore({ dir });
    const error = await attachmentFailure(store.saveImage({ data }), 'ATTACHMENT_WRITE_FAILED');
    expect(error.message).toContain(sha256Id(data));
    expect(await listTree(layout.tempRoot)).toEqual([]);
    expect(await listTree(`${dir}/sources`)).toEqual([]); // no index entry pointing at it
  });

  it('local store, used: directory at the object path → ATTACHMENT_WRITE_FAILED, the index entry written beside it dropped', async () => {
    const dir = await tempDir();
    const layout = new StoreLayout(dir);
    const store = new LocalAttachmentStore({ dir });
    const other = await solid(4, 4, 'png');
    await store.saveImage({ data: other }); // tmp/ and sources/ exist: the entry is written while the object is
    const data = await noise(48, 32, 'png');
    const imagePath = layout.directoryObjectImage(hexOf(sha256Id(data)));
    await mkdir(imagePath, { recursive: true });
    await writeFile(`${imagePath}/stray`, 'x');
    await attachmentFailure(store.saveImage({ data }), 'ATTACHMENT_WRITE_FAILED');
    expect(await listTree(layout.tempRoot)).toEqual([]);
    expect(await listTree(`${dir}/sources`)).toEqual([`${hexOf(sha256Id(other))}.json`]);
  });

  it.each([
    ['a truncated image (INVALID_IMAGE)', async () => (await noise(48, 32, 'png')).subarray(0, 200), 'INVALID_IMAGE'],
    ['an image that fits no byte budget (IMAGE_TOO_LARGE)', () => noise(64, 64, 'png'), 'IMAGE_TOO_LARGE'],
  ] as const)('local store, used: %s refused while its temp files were being made → nothing left in tmp/', async (_, image, code) => {
    const dir = await tempDir();
    const layout = new StoreLayout(dir);
    await new LocalAttachmentStore({ dir }).saveImage({ data: await solid(4, 4, 'png') });
    const before = await listTree(dir);
    const store = new LocalAttachmentStore({ dir, limits: { normalizedImageMaxBytes: 60 } });
    await attachmentFailure(store.saveImage({ data: await image() }), code);
    expect(await listTree(layout.tempRoot)).toEqual([]);
    expect(await listTree(dir)).toEqual(before);
  });

  it('local store: empty directory where the object belongs → the save publishes the object', async () => {
    const dir = await tempDir();
    const layout = new StoreLayout(dir);
    const data = await noise(48, 32, 'png');
    await mkdir(layout.object(hexOf(sha256Id(data))), { recursive: true });
    const store = new LocalAttachmentStore({ dir });
    const ref = await store.saveImage({ data });
    await expect(store.readImage(ref.attachmentId)).resolves.toMatchObject({ ref: { attachmentId: ref.attachmentId } });
  });
});
