import type { ComputeOptions, PixelSize } from './image-difference';

/** An image decoded once: its own size, and its RGBA pixels read at a size (scaled when it differs). */
export interface DecodedImage {
  readonly size: PixelSize;
  pixels(size: PixelSize, bandRows: number, options: ComputeOptions): Promise<Uint8ClampedArray>;
  close(): void;
}

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
    pixels: (size, bandRows, options) => canvasPixels(bitmap, size, bandRows, options),
    close: () => {
      bitmap.close();
    },
  };
}

/**
 * The first frame, decoded by WebCodecs, when this browser can and the frame needs no turning: its
 * pixels copy out as they are (no canvas to draw on and read back, half the work of the canvas way).
 */
async function decodedFrame(blob: Blob): Promise<VideoFrame | undefined> {
  if (typeof ImageDecoder === 'undefined' || blob.type === '' || !(await ImageDecoder.isTypeSupported(blob.type))) return undefined;
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
