import { crc32, deflateSync } from 'node:zlib';

import sharp from 'sharp';

/** A solid-colour image in the given format, made by real sharp. */
export function solidImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' = 'png',
  background = '#ff0000',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).toFormat(format).toBuffer();
}

/**
 * A PNG that declares `width`×`height` 8-bit grey pixels but carries only its first
 * row: the header parses, so header-first limit checks see the full size, and it is far
 * too cheap to build to be a real decompression bomb in the test suite itself.
 */
export function declaredOnlyPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + width))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
