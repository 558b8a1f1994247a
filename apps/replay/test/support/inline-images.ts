import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

import sharp from 'sharp';

/** Real images of each format the store takes, made by sharp: a distinct colour per call. */
export function imageBytes(format: 'png' | 'jpeg' | 'gif' | 'webp', background: string, width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG of random pixels, stored uncompressed: as large as a screenshot of its size can be, and never the same twice. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A "PNG" that is the signature and then garbage: it looks like an image to a sniffer, and is none. */
export function corruptPng(): Buffer {
  return Buffer.concat([PNG_SIGNATURE, Buffer.from('this is not the rest of a PNG file, only text pretending to be one '.repeat(3))]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A decompression bomb: a PNG of a few hundred bytes whose header declares `width`×`height` grey pixels. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  // Rows of zeros compress to almost nothing: the first few rows are enough to look real.
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A base64 run the page must never be sent (the markers and ids are far shorter, or not base64). */
export const LONG_BASE64_RUN = /[A-Za-z0-9+/_-]{100,}/;

/** The base64 of an image file's start, opening a JSON string or after a data URL's `base64,` (real files hold other long base64, e.g. signatures). */
export const INLINE_IMAGE_BASE64 = /(?:"|base64,)(?:iVBORw0KGgo|\/9j\/|R0lGOD|UklGR)/;
