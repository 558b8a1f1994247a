import type { ImageMediaType } from '../seams/attachment-store.ts';
import type { ImageHeader } from './image-header.ts';

/**
 * The header of the simplest, most common files read from their bytes, without a call into
 * sharp (a thread-pool round trip of 0.25–0.65 ms, a tenth of a small file's cold read):
 * PNGs holding only pixel chunks, and GIFs whose frames all lie within their screen. For
 * anything else — every JPEG and WebP, a PNG with any other chunk, a GIF libvips might size
 * otherwise — it answers undefined and sharp reads the header. What it answers is what sharp
 * reads (header-facts tests compare the two), so the limits see the same sides either way.
 */
export function headerFromBytes(data: Uint8Array, mediaType: ImageMediaType): ImageHeader | undefined {
  if (mediaType === 'image/png') return pngHeader(data);
  if (mediaType === 'image/gif') return gifHeader(data);
  return undefined;
}

/** Chunks that carry pixels or nothing a model could see differently (pHYs: density, which sharp's own PNGs carry). */
const PIXEL_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'pHYs']);
const PNG_SIGNATURE_BYTES = 8;
const IHDR_LENGTH = 13;
/** PNG colour types with the colour space sharp reports for them at 8 bits per sample. */
const PNG_SPACES: Readonly<Record<number, 'grey' | 'colour'>> = { 0: 'grey', 2: 'colour', 3: 'colour', 4: 'grey', 6: 'colour' };

/**
 * A PNG whose every chunk is a pixel chunk, IHDR first and IEND last, 8 bits per sample: one
 * frame (no acTL), no profile, EXIF, text or gamma, so it is plain and its sides are IHDR's.
 */
function pngHeader(data: Uint8Array): ImageHeader | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const chunks = pngChunkTypes(data, view);
  if (chunks?.[0] !== 'IHDR' || chunks.at(-1) !== 'IEND' || !chunks.every((type) => PIXEL_CHUNKS.has(type))) return undefined;
  if (view.getUint32(PNG_SIGNATURE_BYTES) !== IHDR_LENGTH) return undefined;
  const ihdr = PNG_SIGNATURE_BYTES + 8;
  const width = view.getUint32(ihdr);
  const height = view.getUint32(ihdr + 4);
  const bitDepth = view.getUint8(ihdr + 8);
  const colourType = view.getUint8(ihdr + 9);
  if (width === 0 || height === 0 || bitDepth !== 8 || PNG_SPACES[colourType] === undefined) return undefined;
  return { mediaType: 'image/png', width, height, oriented: { width, height }, isPlain: true };
}

/** The type of every chunk, in order; undefined when a chunk runs past the end or bytes follow IEND. */
function pngChunkTypes(data: Uint8Array, view: DataView): string[] | undefined {
  const types: string[] = [];
  let offset = PNG_SIGNATURE_BYTES;
  while (offset < data.length) {
    if (offset + 12 > data.length) return undefined;
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...data.subarray(offset + 4, offset + 8));
    offset += 12 + length;
    if (offset > data.length) return undefined;
    types.push(type);
    if (type === 'IEND') return offset === data.length ? types : undefined;
  }
  return undefined;
}

const GIF_SCREEN_OFFSET = 6;
const GIF_HEADER_BYTES = 13;
const GIF_IMAGE = 0x2c;
const GIF_EXTENSION = 0x21;
const GIF_TRAILER = 0x3b;

/**
 * A GIF whose first frame covers its logical screen exactly and whose every frame lies within
 * it: libvips (libnsgif) then sizes it as the screen says. (It resizes others — a first frame
 * larger than the screen, the 'common broken screen sizes' it distrusts — so those go to sharp.)
 * A GIF is never passed through (normalisation-policy.ts), so whether it is plain is not read.
 */
function gifHeader(data: Uint8Array): ImageHeader | undefined {
  if (data.length < GIF_HEADER_BYTES) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const width = view.getUint16(GIF_SCREEN_OFFSET, true);
  const height = view.getUint16(GIF_SCREEN_OFFSET + 2, true);
  const flags = view.getUint8(GIF_SCREEN_OFFSET + 4);
  if (width === 0 || height === 0) return undefined;
  const frames = gifFrames(data, view, GIF_HEADER_BYTES + colourTableBytes(flags)) ?? [];
  const [first] = frames;
  if (first?.left !== 0 || first.top !== 0 || first.width !== width || first.height !== height) return undefined;
  if (frames.some((frame) => frame.left + frame.width > width || frame.top + frame.height > height)) return undefined;
  return { mediaType: 'image/gif', width, height, oriented: { width, height }, isPlain: false };
}

interface GifFrame {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Every frame's place on the screen; undefined when a block runs past the end or an unknown block appears before the trailer. */
function gifFrames(data: Uint8Array, view: DataView, start: number): GifFrame[] | undefined {
  const frames: GifFrame[] = [];
  let offset = start;
  while (offset < data.length) {
    const introducer = data[offset];
    if (introducer === GIF_TRAILER) return frames;
    if (introducer === GIF_EXTENSION) {
      offset = afterSubBlocks(data, offset + 2);
    } else if (introducer === GIF_IMAGE) {
      if (offset + 10 > data.length) return undefined;
      frames.push({
        left: view.getUint16(offset + 1, true),
        top: view.getUint16(offset + 3, true),
        width: view.getUint16(offset + 5, true),
        height: view.getUint16(offset + 7, true),
      });
      // Descriptor, local colour table, LZW minimum code size, then the data sub-blocks.
      offset = afterSubBlocks(data, offset + 10 + colourTableBytes(view.getUint8(offset + 9)) + 1);
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** The offset after a run of sub-blocks (each a length byte and that many bytes) and its zero terminator. */
function afterSubBlocks(data: Uint8Array, start: number): number {
  let offset = start;
  while (offset < data.length) {
    const length = data[offset] ?? 0;
    offset += 1 + length;
    if (length === 0) return offset;
  }
  return Number.POSITIVE_INFINITY;
}

/** Bytes of the colour table a screen descriptor's or image descriptor's flags announce. */
function colourTableBytes(flags: number): number {
  return flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
}
