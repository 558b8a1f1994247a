import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageHeaderSize } from '../../../../src/model/formats/content/image-header-size';
import { headerFixture, workspaceImage } from '../fixture-images';

/** Files written by sharp, one per header layout the reader knows, with their true sizes. */
const KNOWN = [
  { file: 'rgb-37x23.png', mediaType: 'image/png', width: 37, height: 23 },
  { file: 'progressive-37x23.jpg', mediaType: 'image/jpeg', width: 37, height: 23 },
  { file: 'exif-37x23.jpg', mediaType: 'image/jpeg', width: 37, height: 23 },
  { file: 'rgb-37x23.gif', mediaType: 'image/gif', width: 37, height: 23 },
  { file: 'lossy-37x23.webp', mediaType: 'image/webp', width: 37, height: 23 },
  { file: 'lossless-37x23.webp', mediaType: 'image/webp', width: 37, height: 23 },
  { file: 'lossless-3000x7.webp', mediaType: 'image/webp', width: 3000, height: 7 },
  { file: 'alpha-41x19.webp', mediaType: 'image/webp', width: 41, height: 19 },
] as const;

describe('imageHeaderSize', () => {
  it.each(KNOWN)('reads $file as $mediaType $width×$height', ({ file, mediaType, width, height }) => {
    expect(imageHeaderSize(headerFixture(file))).toEqual({ mediaType, width, height });
  });

  it.each([
    ['screenshots/login-screen.png', 'image/png', 640, 400],
    ['extreme/line.png', 'image/png', 2001, 1],
    ['photos/portrait.jpg', 'image/jpeg', 120, 80],
    ['images/spinner.gif', 'image/gif', 48, 48],
  ] as const)('reads the recorded workspace image %s', (path, mediaType, width, height) => {
    expect(imageHeaderSize(workspaceImage(path))).toEqual({ mediaType, width, height });
  });

  it('declines what is not one of the four formats, and empty input', () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const tiff = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(imageHeaderSize(svg)).toBeNull();
    expect(imageHeaderSize(tiff)).toBeNull();
    expect(imageHeaderSize(new Uint8Array())).toBeNull();
  });

  it('declines a header cut before its size, at every cut', () => {
    for (const { file } of KNOWN) {
      const bytes = headerFixture(file);
      const result = imageHeaderSize(bytes);
      for (let cut = 0; cut < bytes.length; cut += 1) {
        const read = imageHeaderSize(bytes.subarray(0, cut));
        // A prefix either still holds the whole header (same answer) or says nothing.
        if (read !== null) expect(read).toEqual(result);
      }
      expect(imageHeaderSize(bytes.subarray(0, 8))).toBeNull();
    }
  });

  it('skips the segments before the frame header, Huffman tables (C4) included, and fill bytes', () => {
    const jpeg = headerFixture('progressive-37x23.jpg');
    const huffmanFirst = new Uint8Array([0xff, 0xd8, 0xff, 0xc4, 0x00, 0x06, 0x01, 0x02, 0x03, 0x04, 0xff, ...jpeg.subarray(2)]);
    expect(imageHeaderSize(huffmanFirst)).toEqual({ mediaType: 'image/jpeg', width: 37, height: 23 });
  });

  it('a PNG whose first chunk is not IHDR, or a zero side, is declined', () => {
    const png = headerFixture('rgb-37x23.png').slice();
    const renamed = png.slice();
    renamed[12] = 0x78;
    expect(imageHeaderSize(renamed)).toBeNull();
    const zeroWidth = png.slice();
    zeroWidth.fill(0, 16, 20);
    expect(imageHeaderSize(zeroWidth)).toBeNull();
  });

  it('never throws and only ever answers positive integer sides (fuzzed: random bytes and mutated real headers)', () => {
    const real = fc.constantFrom(...KNOWN.map(({ file }) => headerFixture(file)));
    const mutated = fc.tuple(real, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }), fc.nat()).map(([bytes, edits, cut]) => {
      const copy = bytes.slice(0, Math.max(1, cut % (bytes.length + 1)));
      for (const [at, value] of edits) copy[at % copy.length] = value;
      return copy;
    });
    const anyBytes = fc.oneof(fc.uint8Array({ maxLength: 64 }), mutated);
    fc.assert(
      fc.property(anyBytes, (bytes) => {
        const read = imageHeaderSize(bytes);
        if (read === null) return;
        expect(Number.isInteger(read.width) && read.width > 0).toBe(true);
        expect(Number.isInteger(read.height) && read.height > 0).toBe(true);
        expect(['image/png', 'image/jpeg', 'image/gif', 'image/webp']).toContain(read.mediaType);
      }),
      { numRuns: 3000 },
    );
  });
});
