import type { PixelBox } from './changed-regions';
import { readImagePair, step } from './decoded-image';
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
  /** The changed pixels, opaque, over transparency: drawn over the dimmed image at `maskBox`. */
  readonly mask: ImageBitmap;
  /** Where the mask lies, in compared pixels: around the regions, the only place it has changed pixels. */
  readonly maskBox: PixelBox;
}

export interface ComputeOptions {
  /** Pixels compared (and read back) per step, in whole rows; `Infinity` in a worker: one step. */
  readonly bandPixels: number;
  /** Awaited between steps: lets the page's thread do other work. */
  readonly pause?: () => Promise<void>;
  readonly signal?: AbortSignal;
}

/**
 * The mask cut to the box around the regions (one transparent pixel when there are none): a
 * smaller bitmap to make, send and hold than the whole image's.
 */
export async function maskBitmap(
  mask: Uint8ClampedArray,
  compared: PixelSize,
  regions: readonly PixelBox[],
): Promise<{ mask: ImageBitmap; maskBox: PixelBox }> {
  let [left, top, right, bottom] = [compared.width, compared.height, 0, 0];
  for (const { x, y, width, height } of regions) {
    [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x + width), Math.max(bottom, y + height)];
  }
  const maskBox = regions.length === 0 ? { x: 0, y: 0, width: 1, height: 1 } : { x: left, y: top, width: right - left, height: bottom - top };
  const { x, y, width, height } = maskBox;
  const bitmap = await createImageBitmap(new ImageData(mask as Uint8ClampedArray<ArrayBuffer>, compared.width, compared.height), x, y, width, height);
  return { mask: bitmap, maskBox };
}

/**
 * Decodes both images and brings them to a common size (`readImagePair`), compares them with
 * pixelmatch and outlines the changed regions. The same code runs in the worker and, in bands, on
 * the page's thread.
 */
export async function computeImageDifference(before: Blob, after: Blob, options: ComputeOptions): Promise<ImageDifference> {
  const { compared, sizes, pixels } = await readImagePair(before, after, options);
  const bandRows = Math.max(1, Math.floor(options.bandPixels / compared.width));
  const steps = diffPixels(pixels[0], pixels[1], compared.width, compared.height, bandRows);
  let next = steps.next();
  while (next.done !== true) {
    await step(options);
    next = steps.next();
  }
  const { changed, mask, grid } = next.value;
  const regions = grid.regions();
  return { compared, before: sizes[0], after: sizes[1], changed, regions, ...(await maskBitmap(mask, compared, regions)) };
}
