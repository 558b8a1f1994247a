import { crc32, constants, deflateRawSync } from 'node:zlib';

import sharp from 'sharp';

/** Real images made by sharp (and one hand-built PNG), so no binary fixtures are committed. */

export function solid(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'avif', background = '#ff0000'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** Gaussian noise: barely compressible, so it exercises byte budgets and truncation. */
export function noise(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A 40x20 JPEG, blue with a red 20x10 block at the top-left, tagged EXIF orientation 6
 * (display rotated 90° clockwise): displayed it is 20x40 with the red block at the top-right.
 */
export function orientedJpeg(): Promise<Buffer> {
  const redBlock = { input: { create: { width: 20, height: 10, channels: 3 as const, background: '#ff0000' } }, left: 0, top: 0 };
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } })
    .composite([redBlock])
    .jpeg({ quality: 100 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Frames red then blue, 8x6, as an animated image. */
export async function animated(format: 'gif' | 'webp'): Promise<Buffer> {
  const frames = await Promise.all(['#ff0000', '#0000ff'].map((background) => solid(8, 6, 'png', background)));
  return sharp(frames, { join: { animated: true } })
    .toFormat(format)
    .toBuffer();
}

export async function sixteenBitPng(): Promise<Buffer> {
  return sharp({ create: { width: 6, height: 4, channels: 3, background: '#ff0000' } })
    .toColourspace('rgb16')
    .png()
    .toBuffer();
}

export async function cmykJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 6, height: 4, channels: 3, background: '#ff0000' } })
    .toColourspace('cmyk')
    .jpeg()
    .toBuffer();
}

/** sRGB (200, 100, 50) converted to Display P3 pixel values, with the P3 profile embedded. */
export async function displayP3Png(): Promise<Buffer> {
  return sharp({ create: { width: 6, height: 4, channels: 3, background: { r: 200, g: 100, b: 50 } } })
    .withIccProfile('p3')
    .png()
    .toBuffer();
}

export async function pngWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 6, height: 4, channels: 3, background: '#ff0000' } })
    .withIccProfile('srgb')
    .withExif({ IFD0: { Copyright: 'someone' } })
    .png()
    .toBuffer();
}

/** The first half of the bytes: the header still parses, the pixel data ends early. */
export function truncated(data: Buffer): Buffer {
  return data.subarray(0, Math.floor(data.length / 2));
}

/**
 * A valid, all-black 8-bit grey PNG of any size, built in milliseconds: the zlib stream
 * repeats one sync-flushed deflate block of 100 zero rows (each copy only refers back into
 * itself), so a 20000x20000 bomb is ~400 KB to build and 400 MB to decode.
 */
export function flatPng(width: number, height: number): Buffer {
  const rowsPerBlock = 100;
  if (height % rowsPerBlock !== 0) throw new Error(`height must be a multiple of ${rowsPerBlock}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const block = deflateRawSync(Buffer.alloc((width + 1) * rowsPerBlock), { finishFlush: constants.Z_SYNC_FLUSH });
  const rawLength = (width + 1) * height;
  const adler32 = Buffer.alloc(4);
  adler32.writeUInt32BE((((rawLength % 65521) << 16) | 1) >>> 0); // Adler-32 of zeros: a = 1, b = length
  const zlibStream = Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    ...Array.from({ length: height / rowsPerBlock }, () => block),
    deflateRawSync(Buffer.alloc(0)),
    adler32,
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibStream),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** The RGB(A) values of one pixel. */
export async function pixelAt(data: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...pixels.subarray(offset, offset + info.channels)];
}

/**
 * A 1 px black-and-white checkerboard PNG: tiny at full size, but any resize aliases it into
 * grey ripples that compress far worse, so its bytes do not shrink with its pixel count.
 */
export function checkerboard(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) pixels[y * side + x] = (x + y) % 2 === 0 ? 0 : 255;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
}
