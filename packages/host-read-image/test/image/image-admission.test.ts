import type * as SharpModule from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as DecodeLimiterModule from '../../src/image/decode-limiter.ts';
import type { AttachmentErrorCode, ImageLimits, ImageMediaType } from '../../src/seams/attachment-store.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { decodeProbe } from '../support/decode-probe.ts';
import { attachmentFailure } from '../support/store-test-support.ts';
import { listTree, useTempDirs } from '../support/temp-workspace.ts';
import { animated, flatPng, noise, solid, truncated } from '../support/test-images.ts';

vi.mock('../../src/image/decode-limiter.ts', async (importOriginal) =>
  (await import('../support/decode-probe.ts')).probed(await importOriginal<typeof DecodeLimiterModule>()),
);

/** Inputs handed to sharp(), to prove refused formats never reach any sharp parser. */
const sharpInputs = vi.hoisted((): unknown[] => []);
vi.mock('sharp', async (importOriginal) => {
  const actual = await importOriginal<typeof SharpModule>();
  const counted = (...args: Parameters<typeof actual.default>) => {
    sharpInputs.push(args[0]);
    return actual.default(...args);
  };
  return { ...actual, default: counted };
});

const tempDir = useTempDirs();

async function newStore(limits: Partial<ImageLimits> = {}) {
  const dir = await tempDir();
  return { dir, store: new LocalAttachmentStore({ dir, limits }) };
}

/** Saves `data` expecting `code`; checks that nothing was decoded (unless allowed) and nothing was left behind. */
async function expectRefused<Code extends AttachmentErrorCode>(
  data: Uint8Array,
  code: Code,
  options: { limits?: Partial<ImageLimits>; mediaType?: ImageMediaType; decodes?: number } = {},
) {
  const { dir, store } = await newStore(options.limits);
  decodeProbe.reset();
  sharpInputs.length = 0;
  const error = await attachmentFailure(store.saveImage({ data, ...(options.mediaType ? { mediaType: options.mediaType } : {}) }), code);
  expect(decodeProbe.entered).toBe(options.decodes ?? 0);
  expect(await listTree(dir)).toEqual([]);
  return error;
}

beforeEach(() => {
  decodeProbe.reset();
});

describe('accepted formats', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/png'],
  ] as const)('stores a %s image as %s', async (format, storedType) => {
    const { store } = await newStore();
    const ref = await store.saveImage({ data: await solid(5, 3, format) });
    expect(ref).toMatchObject({ mediaType: storedType, width: 5, height: 3 });
    expect(decodeProbe.entered).toBe(1);
  });

  it.each([
    ['a plain PNG', () => solid(6, 4, 'png')],
    ['an animated GIF', () => animated('gif')],
  ] as [string, () => Promise<Buffer>][])('reads the header of %s from its bytes: sharp only decodes it', async (_label, make) => {
    const { store } = await newStore();
    const data = await make();
    sharpInputs.length = 0;
    await store.saveImage({ data });
    expect(sharpInputs).toEqual([data]);
  });

  it('accepts a matching declared type', async () => {
    const { store } = await newStore();
    const ref = await store.saveImage({ data: await solid(2, 2, 'jpeg'), mediaType: 'image/jpeg' });
    expect(ref.mediaType).toBe('image/jpeg');
  });
});

describe('refused formats', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
  const xmlSvg = Buffer.from(`<?xml version="1.0"?>\n${svg.toString()}`);
  const bmpMagic = Buffer.concat([Buffer.from('BM'), Buffer.alloc(64)]);
  const handWrittenFtyp = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif'), Buffer.alloc(20)]);

  it.each([
    ['SVG', () => svg],
    ['SVG with an XML declaration', () => xmlSvg],
    ['TIFF', () => solid(4, 4, 'tiff')],
    ['AVIF (encoded by sharp)', () => solid(4, 4, 'avif')],
    ['an ftyp (AVIF/HEIF) header', () => handWrittenFtyp],
    ['BMP magic', () => bmpMagic],
    ['garbage', () => Buffer.from('definitely not an image')],
    ['empty input', () => Buffer.alloc(0)],
    ['a RIFF file that is not WebP', () => Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '), Buffer.alloc(16)])],
  ] as [string, () => Buffer | Promise<Buffer>][])('refuses %s as INVALID_IMAGE without handing it to sharp', async (_label, make) => {
    const data = await make();
    await expectRefused(data, 'INVALID_IMAGE');
    expect(sharpInputs).toEqual([]);
  });

  it('refuses bytes whose magic matches but whose header does not parse', async () => {
    const error = await expectRefused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'INVALID_IMAGE');
    expect(error.cause).toBeInstanceOf(Error);
    expect(sharpInputs).toHaveLength(1); // the probe does see the store's sharp calls
  });

  it('refuses PNG bytes declared as JPEG with both types in the details', async () => {
    const error = await expectRefused(await solid(4, 4, 'png'), 'IMAGE_TYPE_MISMATCH', { mediaType: 'image/jpeg' });
    expect(error.details).toEqual({ detectedMediaType: 'image/png', declaredMediaType: 'image/jpeg' });
  });

  it('refuses a GIF declared as PNG (the stored type is not the source type)', async () => {
    const error = await expectRefused(await solid(4, 4, 'gif'), 'IMAGE_TYPE_MISMATCH', { mediaType: 'image/png' });
    expect(error.details.detectedMediaType).toBe('image/gif');
  });
});

describe('size limits, from the header, before any decode', () => {
  it('refuses a source over the byte limit', async () => {
    const error = await expectRefused(Buffer.alloc(101), 'IMAGE_TOO_LARGE', { limits: { maxImageBytes: 100 } });
    expect(error.details).toEqual({ bytes: 101, limit: 100 });
  });

  it('refuses a 20000x20000 flat PNG bomb on its pixel count without decoding it', async () => {
    const error = await expectRefused(flatPng(20000, 20000), 'IMAGE_TOO_MANY_PIXELS', {
      limits: { maxImageDimension: 100_000 },
    });
    expect(error.details).toEqual({ width: 20000, height: 20000, limit: 64_000_000 });
  });

  it('refuses the same bomb on its side length under the default limits', async () => {
    const error = await expectRefused(flatPng(20000, 20000), 'IMAGE_DIMENSION_TOO_LARGE');
    expect(error.details).toEqual({ width: 20000, height: 20000, limit: 8192 });
  });

  it('refuses a side over the per-side limit', async () => {
    const error = await expectRefused(await solid(300, 10, 'png'), 'IMAGE_DIMENSION_TOO_LARGE', {
      limits: { maxImageDimension: 200 },
    });
    expect(error.details).toEqual({ width: 300, height: 10, limit: 200 });
  });

  it('refuses too many pixels with each side within limits', async () => {
    const error = await expectRefused(await solid(100, 100, 'jpeg'), 'IMAGE_TOO_MANY_PIXELS', {
      limits: { maxImagePixels: 9999 },
    });
    expect(error.details).toEqual({ width: 100, height: 100, limit: 9999 });
  });

  it('applies the pixel limit to one frame of an animated image', async () => {
    const { store } = await newStore({ maxImagePixels: 48 });
    await expect(store.saveImage({ data: await animated('gif') })).resolves.toMatchObject({ width: 8, height: 6 });
  });

  it('accepts an image exactly at every source limit', async () => {
    const data = await solid(200, 50, 'png');
    const { store } = await newStore({ maxImageBytes: data.length, maxImageDimension: 200, maxImagePixels: 10_000 });
    await expect(store.saveImage({ data })).resolves.toMatchObject({ width: 200, height: 50 });
  });
});

describe('full decode of the first frame', () => {
  it.each(['jpeg', 'png'] as const)('refuses a truncated %s whose header still parses', async (format) => {
    const error = await expectRefused(truncated(await noise(200, 150, format)), 'INVALID_IMAGE', { decodes: 1 });
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.message).not.toContain((error.cause as Error).message);
  });

  it.each(['jpeg', 'png'] as const)('refuses a truncated %s that would be re-encoded (decoded straight into the encoder)', async (format) => {
    const error = await expectRefused(truncated(await noise(200, 150, format)), 'INVALID_IMAGE', {
      decodes: 1,
      limits: { normalizedImageMaxDimension: 100 },
    });
    expect(error.cause).toBeInstanceOf(Error);
  });
});
