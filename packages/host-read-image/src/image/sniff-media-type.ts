import type { ImageMediaType } from '../seams/attachment-store.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const GIF87_SIGNATURE = ascii('GIF87a');
const GIF89_SIGNATURE = ascii('GIF89a');
const RIFF_SIGNATURE = ascii('RIFF');
const WEBP_FORM_TYPE = ascii('WEBP');
const WEBP_FORM_TYPE_OFFSET = 8;

/**
 * The allowed format these bytes start with, from their magic number alone. Anything else
 * (SVG, TIFF, AVIF/HEIF, BMP, …) never reaches a decoder, so no other parser sees the bytes.
 */
export function sniffImageMediaType(data: Uint8Array): ImageMediaType | undefined {
  if (startsWith(data, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(data, JPEG_SIGNATURE)) return 'image/jpeg';
  if (startsWith(data, GIF87_SIGNATURE) || startsWith(data, GIF89_SIGNATURE)) return 'image/gif';
  if (startsWith(data, RIFF_SIGNATURE) && startsWith(data, WEBP_FORM_TYPE, WEBP_FORM_TYPE_OFFSET)) {
    return 'image/webp';
  }
  return undefined;
}

function startsWith(data: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return data.length >= offset + signature.length && signature.every((byte, index) => data[offset + index] === byte);
}

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}
