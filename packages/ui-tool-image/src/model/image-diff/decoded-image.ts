import type { ComputeOptions, PixelSize } from './image-difference';

/** An image decoded once: its own size, and its RGBA pixels read at a size (scaled when it differs). */
export interface DecodedImage {
  readonly size: PixelSize;
  /** Whether its pixels at its own size are copied out as decoded, with no canvas (a WebCodecs frame). */
  readonly direct: boolean;
  pixels(size: PixelSize, bandRows: number, options: ComputeOptions): Promise<Uint8ClampedArray>;
  close(): void;
}

/**
 * The types WebCodecs decodes here. Not JPEG or lossy WebP: their pixels come from YUV, and in
 * Chromium ImageDecoder and createImageBitmap did not always agree on them (a few units apart, now
 * and then); a PNG's pixels are exact either way.
 */
const LOSSLESS_TYPES: ReadonlySet<string> = new Set(['image/png']);

const BITMAP_OPTIONS: ImageBitmapOptions = { colorSpaceConversion: 'none', premultiplyAlpha: 'none' };

/** Stops between bands when asked to, and lets the page's thread do other work there. */
export async function step(options: ComputeOptions): Promise<void> {
  options.signal?.throwIfAborted();
  await options.pause?.();
  options.signal?.throwIfAborted();
}

function sameSize(a: PixelSize, b: PixelSize): boolean {
  return a.width === b.width && a.height === b.height;
}

/** Draws the bitmap on a canvas at `size` (smoothed when scaled) and reads the canvas back, band by band. */
async function canvasPixels(bitmap: ImageBitmap, size: PixelSize, bandRows: number, options: ComputeOptions): Promise<Uint8ClampedArray> {
  const { width, height } = size;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('No 2D canvas to read the image with.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  if (bandRows >= height) return context.getImageData(0, 0, width, height).data;
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let from = 0; from < height; from += bandRows) {
    const rows = Math.min(bandRows, height - from);
    pixels.set(context.getImageData(0, from, width, rows).data, from * width * 4);
    await step(options);
  }
  return pixels;
}

async function decodedBitmap(blob: Blob): Promise<DecodedImage> {
  const bitmap = await createImageBitmap(blob, BITMAP_OPTIONS);
  return {
    size: { width: bitmap.width, height: bitmap.height },
    direct: false,
    pixels: (size, bandRows, options) => canvasPixels(bitmap, size, bandRows, options),
    close: () => {
      bitmap.close();
    },
  };
}

/**
 * The first frame, decoded by WebCodecs, when this browser can and the frame needs no turning: its
 * pixels copy out as they are, with no canvas to draw them on and read them back from.
 */
async function decodedFrame(blob: Blob): Promise<VideoFrame | undefined> {
  if (typeof ImageDecoder === 'undefined' || !LOSSLESS_TYPES.has(blob.type) || !(await ImageDecoder.isTypeSupported(blob.type))) return undefined;
  const decoder = new ImageDecoder({ data: blob.stream(), type: blob.type, colorSpaceConversion: 'none' });
  try {
    const { image } = await decoder.decode({ frameIndex: 0 });
    // An orientation (EXIF) the frame carries but its pixels do not have, or a format copyTo cannot give as RGBA: the canvas way.
    const { rotation = 0, flip = false } = image as { rotation?: number; flip?: boolean };
    if (rotation !== 0 || flip || image.format === null || image.codedWidth !== image.displayWidth || image.codedHeight !== image.displayHeight) {
      image.close();
      return undefined;
    }
    return image;
  } catch {
    // createImageBitmap decides, and says why the image cannot be decoded.
    return undefined;
  } finally {
    decoder.close();
  }
}

/** Copies the frame's pixels as RGBA, `bandRows` rows at a time. */
async function framePixels(frame: VideoFrame, bandRows: number, options: ComputeOptions): Promise<Uint8ClampedArray> {
  const width = frame.displayWidth;
  const height = frame.displayHeight;
  const pixels = new Uint8ClampedArray(width * height * 4);
  const rows = Math.min(bandRows, height);
  for (let from = 0; from < height; from += rows) {
    const band = Math.min(rows, height - from);
    await frame.copyTo(pixels, {
      format: 'RGBA',
      rect: { x: 0, y: from, width, height: band },
      layout: [{ offset: from * width * 4, stride: width * 4 }],
    });
    if (rows < height) await step(options);
  }
  return pixels;
}

/**
 * Decodes an image (`colorSpaceConversion: 'none'`, straight alpha): with WebCodecs where it can,
 * else `createImageBitmap`. An image read at another size than its own is drawn scaled on a canvas,
 * from a bitmap either way, so both ways scale alike.
 */
export async function decodeImage(blob: Blob): Promise<DecodedImage> {
  const frame = await decodedFrame(blob);
  if (frame === undefined) return decodedBitmap(blob);
  const size = { width: frame.displayWidth, height: frame.displayHeight };
  return {
    size,
    direct: true,
    pixels: async (at, bandRows, options) => {
      if (sameSize(at, size)) return framePixels(frame, bandRows, options);
      const scaled = await decodedBitmap(blob);
      try {
        return await scaled.pixels(at, bandRows, options);
      } finally {
        scaled.close();
      }
    },
    close: () => {
      frame.close();
    },
  };
}

/** Two images' pixels at their common size (the smaller's by pixels), with each one's own size. */
export interface ImagePair {
  readonly compared: PixelSize;
  readonly sizes: readonly [PixelSize, PixelSize];
  readonly pixels: readonly [Uint8ClampedArray, Uint8ClampedArray];
}

/** The smaller of two sizes by pixels: the larger image is scaled down to it, never the other way. */
export function commonSize(before: PixelSize, after: PixelSize): PixelSize {
  const smaller = after.width * after.height < before.width * before.height ? after : before;
  return { width: smaller.width, height: smaller.height };
}

/**
 * Decodes both images and reads them at their common size. An image decoded to a frame is copied
 * out at its own size as soon as it is decoded, while the other is still decoding (on the
 * browser's decoding threads): the two are usually the same size, so that copy is the one used;
 * when it is not, the larger is read again, scaled, and its first copy is dropped.
 */
export async function readImagePair(before: Blob, after: Blob, options: ComputeOptions): Promise<ImagePair> {
  const bandRowsAt = (width: number) => Math.max(1, Math.floor(options.bandPixels / width));
  const settled = await Promise.allSettled(
    [before, after].map(async (blob) => {
      const image = await decodeImage(blob);
      const own = image.direct ? image.pixels(image.size, bandRowsAt(image.size.width), options) : undefined;
      // Awaited below, or dropped: handled from now on, so an abort meanwhile is not an unhandled rejection.
      own?.catch(() => undefined);
      return { image, own };
    }),
  );
  const decoded = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  try {
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    const [first, second] = decoded as [(typeof decoded)[number], (typeof decoded)[number]];
    const compared = commonSize(first.image.size, second.image.size);
    const read = ({ image, own }: (typeof decoded)[number]) =>
      own !== undefined && sameSize(image.size, compared) ? own : image.pixels(compared, bandRowsAt(compared.width), options);
    const pixels = [await read(first), await read(second)] as const;
    return { compared, sizes: [first.image.size, second.image.size], pixels };
  } finally {
    // A copy still running (dropped, or left by an error) ends before its frame closes.
    await Promise.allSettled(decoded.flatMap(({ own }) => (own === undefined ? [] : [own])));
    for (const { image } of decoded) image.close();
  }
}
