import { readFile, rm, writeFile } from 'node:fs/promises';

import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as DecodeLimiterModule from '../../src/image/decode-limiter.ts';
import type { ImageLimits } from '../../src/seams/attachment-store.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { StoreLayout } from '../../src/store/local/store-layout.ts';
import { decodeProbe } from '../support/decode-probe.ts';
import { readObjectFile, writeObjectFile } from '../support/local-store-objects.ts';
import { attachmentFailure, hexOf, sha256Id } from '../support/store-test-support.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { orientedJpeg, solid } from '../support/test-images.ts';

vi.mock('../../src/image/decode-limiter.ts', async (importOriginal) =>
  (await import('../support/decode-probe.ts')).probed(await importOriginal<typeof DecodeLimiterModule>()),
);

const tempDir = useTempDirs();

/** A store that has already admitted `data` once (one decode), and a way to open the same dir again. */
async function warmedUp(data: Uint8Array) {
  const dir = await tempDir();
  const reopen = (limits: Partial<ImageLimits> = {}) => new LocalAttachmentStore({ dir, limits });
  const first = await reopen().saveImage({ data, name: 'first.png' });
  expect(decodeProbe.entered).toBe(1);
  return { dir, layout: new StoreLayout(dir), reopen, first };
}

beforeEach(() => {
  decodeProbe.reset();
});

describe('warm saves', () => {
  it('serves a repeated source from the index without decoding, even from a new store instance', async () => {
    const data = await solid(30, 20, 'png');
    const { reopen, first } = await warmedUp(data);
    const again = await reopen().saveImage({ data, name: 'again.png' });
    expect(decodeProbe.entered).toBe(1);
    expect(again).toEqual({ ...first, name: 'again.png' });
  });

  it('serves a normalised object (not the source) from the index', async () => {
    const { reopen, first } = await warmedUp(await orientedJpeg());
    const again = await reopen().saveImage({ data: await orientedJpeg() });
    expect(decodeProbe.entered).toBe(1);
    expect(again).toMatchObject({ attachmentId: first.attachmentId, width: 20, height: 40 });
  });

  it.each([
    ['pixel', { maxImagePixels: 599 }, 'IMAGE_TOO_MANY_PIXELS'],
    ['per-side', { maxImageDimension: 29 }, 'IMAGE_DIMENSION_TOO_LARGE'],
    ['byte', { maxImageBytes: 10 }, 'IMAGE_TOO_LARGE'],
  ] as const)('enforces a lowered %s limit of a second store instance without decoding', async (_label, limits, code) => {
    const data = await solid(30, 20, 'png');
    const { reopen } = await warmedUp(data);
    await attachmentFailure(reopen(limits).saveImage({ data }), code);
    expect(decodeProbe.entered).toBe(1);
  });

  it('enforces the declared type without decoding', async () => {
    const data = await solid(30, 20, 'png');
    const { reopen } = await warmedUp(data);
    const error = await attachmentFailure(reopen().saveImage({ data, mediaType: 'image/webp' }), 'IMAGE_TYPE_MISMATCH');
    expect(error.details).toEqual({ detectedMediaType: 'image/png', declaredMediaType: 'image/webp' });
    expect(decodeProbe.entered).toBe(1);
  });
});

describe('entries remembered by the store instance that made or read them', () => {
  it('a warm save in the same instance needs no entry on disk', async () => {
    const data = await solid(30, 20, 'png');
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    const first = await store.saveImage({ data });
    await rm(new StoreLayout(dir).sourceEntry(hexOf(sha256Id(data))));
    expect(await store.saveImage({ data })).toEqual(first);
    expect(decodeProbe.entered).toBe(1);
  });

  it('a remembered entry is no licence: its object is verified, and decoded again when damaged', async () => {
    const data = await orientedJpeg();
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    const first = await store.saveImage({ data });
    const hex = hexOf(first.attachmentId);
    const stored = await readObjectFile(dir, hex);
    stored.image[stored.image.length - 3] = (stored.image[stored.image.length - 3] ?? 0) ^ 1;
    await writeObjectFile(dir, hex, stored);
    expect(await store.saveImage({ data })).toEqual(first);
    expect(decodeProbe.entered).toBe(2);
    await expect(store.readImage(first.attachmentId)).resolves.toMatchObject({ ref: first });
  });
});

describe('cold fallbacks', () => {
  it('decodes again and restores the object when it was removed from disk', async () => {
    const data = await solid(30, 20, 'png');
    const { reopen, layout, first } = await warmedUp(data);
    await rm(layout.object(hexOf(first.attachmentId)));
    const store = reopen();
    const again = await store.saveImage({ data });
    expect(decodeProbe.entered).toBe(2);
    await expect(store.readImage(again.attachmentId)).resolves.toMatchObject({ ref: { attachmentId: first.attachmentId } });
  });

  it('decodes again when the index entry is damaged', async () => {
    const data = await solid(30, 20, 'png');
    const { reopen, layout } = await warmedUp(data);
    await writeFile(layout.sourceEntry(hexOf(sha256Id(data))), '{"source":');
    await reopen().saveImage({ data });
    expect(decodeProbe.entered).toBe(2);
  });

  it('decodes again when the index entry is larger than any this store writes (it is not read whole)', async () => {
    const data = await solid(30, 20, 'png');
    const { reopen, layout } = await warmedUp(data);
    const entry = layout.sourceEntry(hexOf(sha256Id(data)));
    await writeFile(entry, `${await readFile(entry, 'utf8')}${' '.repeat(4096)}`); // still valid JSON
    await reopen().saveImage({ data });
    expect(decodeProbe.entered).toBe(2);
  });

  it('decodes again under different normalisation limits and stores what they produce', async () => {
    const data = await solid(30, 20, 'png');
    const { reopen, first } = await warmedUp(data);
    const smaller = await reopen({ normalizedImageMaxDimension: 15 }).saveImage({ data });
    expect(decodeProbe.entered).toBe(2);
    expect(smaller.attachmentId).not.toBe(first.attachmentId);
    expect(smaller).toMatchObject({ width: 15, height: 10 });
  });
});
