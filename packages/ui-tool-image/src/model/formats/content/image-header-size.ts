import type { ImageDimensions, ImageMediaType } from '../../content-blocks';

/** What an image's first bytes say: its format and its pixel size, before anything decodes. */
export interface ImageHeaderSize extends ImageDimensions {
  readonly mediaType: ImageMediaType;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
}

function u16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function u16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function u24le(bytes: Uint8Array, at: number): number {
  return u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}

function u32be(bytes: Uint8Array, at: number): number {
  return u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);
}

function sized(mediaType: ImageMediaType, width: number, height: number): ImageHeaderSize | null {
  return width > 0 && height > 0 ? { mediaType, width, height } : null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

function pngSize(bytes: Uint8Array): ImageHeaderSize | null {
  // The first chunk must be IHDR: width and height are its first two big-endian words.
  if (bytes.length < 24 || !startsWith(bytes, IHDR, 12)) return null;
  return sized('image/png', u32be(bytes, 16), u32be(bytes, 20));
}

function gifSize(bytes: Uint8Array): ImageHeaderSize | null {
  // The logical screen: what every frame is drawn onto, so what the image shows.
  if (bytes.length < 10) return null;
  return sized('image/gif', u16le(bytes, 6), u16le(bytes, 8));
}

/** Start-of-frame markers (baseline, progressive, lossless, …); C4, C8 and CC are not frames. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Uint8Array): ImageHeaderSize | null {
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes, and markers that stand alone (no length follows).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return sized('image/jpeg', u16be(bytes, at + 7), u16be(bytes, at + 5));
    }
    at += 2 + length;
  }
  return null;
}

const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];
const VP8_ = [0x56, 0x50, 0x38, 0x20];
const VP8L = [0x56, 0x50, 0x38, 0x4c];
const VP8X = [0x56, 0x50, 0x38, 0x58];

function webpSize(bytes: Uint8Array): ImageHeaderSize | null {
  if (bytes.length < 30) return null;
  if (startsWith(bytes, VP8X, 12)) return sized('image/webp', u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
  if (startsWith(bytes, VP8L, 12)) {
    if (bytes[20] !== 0x2f) return null;
    const b1 = bytes[21] ?? 0;
    const b2 = bytes[22] ?? 0;
    const b3 = bytes[23] ?? 0;
    const b4 = bytes[24] ?? 0;
    return sized('image/webp', 1 + (((b2 & 0x3f) << 8) | b1), 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)));
  }
  if (startsWith(bytes, VP8_, 12)) {
    // A key frame's start code, then 14-bit width and height (the top two bits are a scale).
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return sized('image/webp', u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  }
  return null;
}

/**
 * The format and pixel size an image's header declares (PNG, JPEG, GIF, WebP), read from the bytes
 * alone; `null` for anything else, or a header cut short. Never throws, whatever the bytes: the
 * box of an image from another format is sized from this before the browser decodes anything.
 */
export function imageHeaderSize(bytes: Uint8Array): ImageHeaderSize | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return pngSize(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegSize(bytes);
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return gifSize(bytes);
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return webpSize(bytes);
  return null;
}
