import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import type { ImageLimits } from '../../src/seams/attachment-store.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { storedImageBytes } from '../support/local-store-objects.ts';
import { attachmentFailure, hexOf, sha256Id } from '../support/store-test-support.ts';
import { listTree, useTempDirs } from '../support/temp-workspace.ts';
import { animated, cmykJpeg, displayP3Png, noise, orientedJpeg, pixelAt, pngWithMetadata, sixteenBitPng, solid } from '../support/test-images.ts';

const tempDir = useTempDirs();

/** Saves `data` and returns the reference with the stored bytes, read back from disk. */
async function saveAndLoad(data: Uint8Array, limits: Partial<ImageLimits> = {}) {
  const dir = await tempDir();
  const store = new LocalAttachmentStore({ dir, limits });
  const ref = await store.saveImage({ data });
  const stored = await storedImageBytes(dir, hexOf(ref.attachmentId));
  return { ref, stored, metadata: await sharp(stored).metadata(), dir, store };
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];

function expectColour(actual: number[], expected: number[]) {
  expected.forEach((value, channel) => {
    expect(Math.abs((actual[channel] ?? -1) - value)).toBeLessThanOrEqual(8);
  });
}

describe('passthrough of clean sources', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('stores a clean %s byte-identical under the source sha256', async (format) => {
    const data = await solid(30, 20, format);
    const { ref, stored } = await saveAndLoad(data);
    expect(stored.equals(data)).toBe(true);
    expect(ref).toEqual({ attachmentId: sha256Id(data), mediaType: `image/${format}`, bytes: data.length, width: 30, height: 20 });
  });

  it('passes a palette PNG and an 8-bit grey PNG through', async () => {
    const palette = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#123456' } })
      .png({ palette: true })
      .toBuffer();
    const grey = await sharp(await solid(6, 4, 'png', '#808080'))
      .toColourspace('b-w')
      .png()
      .toBuffer();
    for (const data of [palette, grey]) {
      expect((await saveAndLoad(data)).stored.equals(data)).toBe(true);
    }
  });
});

describe('normalisation', () => {
  it('bakes EXIF orientation 6 in: sides swap and the pixels rotate', async () => {
    const { ref, metadata, stored } = await saveAndLoad(await orientedJpeg());
    expect(ref).toMatchObject({ mediaType: 'image/jpeg', width: 20, height: 40 });
    expect(ref).not.toHaveProperty('originalDimensions');
    expect(metadata.orientation).toBeUndefined();
    expectColour(await pixelAt(stored, 15, 5), RED);
    expectColour(await pixelAt(stored, 5, 5), BLUE);
  });

  it('converts a 16-bit PNG to 8-bit', async () => {
    const { ref, metadata, stored } = await saveAndLoad(await sixteenBitPng());
    expect(ref).toMatchObject({ mediaType: 'image/png', width: 6, height: 4 });
    expect(metadata.depth).toBe('uchar');
    expectColour(await pixelAt(stored, 0, 0), RED);
  });

  it('converts pixels tagged with a Display P3 profile to sRGB and drops the profile', async () => {
    const { metadata, stored } = await saveAndLoad(await displayP3Png());
    expect(metadata.hasProfile).toBe(false);
    expectColour(await pixelAt(stored, 0, 0), [200, 100, 50]);
  });

  it('converts a CMYK JPEG to 3-channel sRGB', async () => {
    const { ref, metadata, stored } = await saveAndLoad(await cmykJpeg());
    expect(ref.mediaType).toBe('image/jpeg');
    expect(metadata).toMatchObject({ space: 'srgb', channels: 3 });
    expectColour(await pixelAt(stored, 0, 0), [232, 0, 0]);
  });

  it('strips EXIF and ICC metadata', async () => {
    const source = await pngWithMetadata();
    const sourceMetadata = await sharp(source).metadata();
    expect(sourceMetadata.exif).toBeDefined();
    expect(sourceMetadata.icc).toBeDefined();
    const { metadata, ref } = await saveAndLoad(source);
    expect(ref.attachmentId).not.toBe(sha256Id(source));
    expect(metadata).toMatchObject({ hasProfile: false });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
  });

  it('keeps only the first frame of an animated GIF, stored as PNG', async () => {
    const { ref, metadata, stored } = await saveAndLoad(await animated('gif'));
    expect(ref).toMatchObject({ mediaType: 'image/png', width: 8, height: 6 });
    expect(metadata.pages).toBeUndefined();
    expectColour(await pixelAt(stored, 4, 3), RED);
  });

  it('stores a single-frame GIF as PNG too', async () => {
    const { ref, metadata } = await saveAndLoad(await solid(5, 5, 'gif'));
    expect(ref.mediaType).toBe('image/png');
    expect(metadata.format).toBe('png');
  });

  it('keeps only the first frame of an animated WebP, stored as WebP', async () => {
    const { ref, metadata, stored } = await saveAndLoad(await animated('webp'));
    expect(ref).toMatchObject({ mediaType: 'image/webp', width: 8, height: 6 });
    expect(metadata.pages).toBeUndefined();
    expectColour(await pixelAt(stored, 4, 3), RED);
  });
});

describe('downscaling', () => {
  it('fits the long edge and records the original dimensions', async () => {
    const { ref, metadata } = await saveAndLoad(await solid(300, 150, 'png'), { normalizedImageMaxDimension: 100 });
    expect(ref).toMatchObject({ width: 100, height: 50, originalDimensions: { width: 300, height: 150 } });
    expect(metadata).toMatchObject({ width: 100, height: 50 });
  });

  it('records the oriented source size as the original dimensions', async () => {
    const { ref } = await saveAndLoad(await orientedJpeg(), { normalizedImageMaxDimension: 20 });
    expect(ref).toMatchObject({ width: 10, height: 20, originalDimensions: { width: 20, height: 40 } });
  });

  it('steps the size down until the stored bytes fit the byte budget', async () => {
    const { ref, stored } = await saveAndLoad(await noise(300, 300, 'png'), { normalizedImageMaxBytes: 60_000 });
    expect(stored.length).toBeLessThanOrEqual(60_000);
    expect(ref.bytes).toBe(stored.length);
    expect(ref.width).toBeLessThan(300);
    expect(ref).toMatchObject({ mediaType: 'image/png', originalDimensions: { width: 300, height: 300 } });
  });

  it('re-encodes a source over the byte budget at full size when that is enough', async () => {
    const source = await solid(50, 50, 'png');
    const { ref } = await saveAndLoad(
      await sharp(source)
        .withExif({ IFD0: { Copyright: 'x'.repeat(2000) } })
        .png()
        .toBuffer(),
      {
        normalizedImageMaxBytes: 1000,
      },
    );
    expect(ref).toMatchObject({ width: 50, height: 50 });
    expect(ref).not.toHaveProperty('originalDimensions');
  });

  it('refuses an image that cannot fit the byte budget, leaving nothing behind', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir, limits: { normalizedImageMaxBytes: 60 } });
    const error = await attachmentFailure(store.saveImage({ data: await noise(64, 64, 'png') }), 'IMAGE_TOO_LARGE');
    expect(error.details.limit).toBe(60);
    expect(error.details.bytes).toBeGreaterThan(60);
    expect(await listTree(dir)).toEqual([]);
  });
});
