import type { PixelBox } from './changed-regions';
import { diffPixels } from './pixel-diff';

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/** Two images compared: where, how many pixels changed, and the mask to draw them with. */
export interface ImageDifference {
  /** The size both were compared at: the smaller image's (by pixels); the other was scaled to it. */
  readonly compared: PixelSize;
  /** Each image's own decoded size. */
  readonly before: PixelSize;
  readonly after: PixelSize;
  /** Changed pixels at the compared size, anti-aliasing excluded. */
  readonly changed: number;
  /** Boxes around the clusters of changed pixels, in compared pixels. */
  readonly regions: readonly PixelBox[];
  /** The changed pixels, opaque, over transparency: drawn over the dimmed image. */
  readonly mask: ImageBitmap;
}

export interface ComputeOptions {
  /** Pixels compared (and read back) per step, in whole rows; `Infinity` in a worker: one step. */
  readonly bandPixels: number;
  /** Awaited between steps: lets the page's thread do other work. */
  readonly pause?: () => Promise<void>;
  readonly signal?: AbortSignal;
}

/** The smaller of two sizes by pixels: the larger image is scaled down to it, never the other way. */
export function commonSize(before: PixelSize, after: PixelSize): PixelSize {
  const smaller = after.width * after.height < before.width * before.height ? after : before;
  return { width: smaller.width, height: smaller.height };
}

async function readPixels(bitmap: ImageBitmap, size: PixelSize, bandRows: number, options: ComputeOptions): Promise<Uint8ClampedArray> {
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

async function step(options: ComputeOptions): Promise<void> {
  options.signal?.throwIfAborted();
  await options.pause?.();
  options.signal?.throwIfAborted();
}

const DECODE_OPTIONS: ImageBitmapOptions = { colorSpaceConversion: 'none', premultiplyAlpha: 'none' };

/**
 * Decodes both images (`createImageBitmap`), brings them to a common size, compares them with
 * pixelmatch and outlines the changed regions. The same code runs in the worker and, in bands, on
 * the page's thread.
 */
export async function computeImageDifference(before: Blob, after: Blob, options: ComputeOptions): Promise<ImageDifference> {
  const bitmaps = await Promise.all([createImageBitmap(before, DECODE_OPTIONS), createImageBitmap(after, DECODE_OPTIONS)]);
  const [beforeBitmap, afterBitmap] = bitmaps;
  try {
    const sizes = bitmaps.map(({ width, height }) => ({ width, height }));
    const [beforeSize, afterSize] = sizes as [PixelSize, PixelSize];
    const compared = commonSize(beforeSize, afterSize);
    const bandRows = Math.max(1, Math.floor(options.bandPixels / compared.width));
    const beforePixels = await readPixels(beforeBitmap, compared, bandRows, options);
    const afterPixels = await readPixels(afterBitmap, compared, bandRows, options);
    const steps = diffPixels(beforePixels, afterPixels, compared.width, compared.height, bandRows);
    let next = steps.next();
    while (next.done !== true) {
      await step(options);
      next = steps.next();
    }
    const { changed, mask, grid } = next.value;
    const regions = grid.regions();
    const maskBitmap = await createImageBitmap(new ImageData(mask as Uint8ClampedArray<ArrayBuffer>, compared.width, compared.height));
    return { compared, before: beforeSize, after: afterSize, changed, regions, mask: maskBitmap };
  } finally {
    for (const bitmap of bitmaps) bitmap.close();
  }
}
