import type { PixelBox } from './changed-regions';
import { decodeImage, step } from './decoded-image';
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

/**
 * Decodes both images (`decodeImage`), brings them to a common size, compares them with
 * pixelmatch and outlines the changed regions. The same code runs in the worker and, in bands, on
 * the page's thread.
 */
export async function computeImageDifference(before: Blob, after: Blob, options: ComputeOptions): Promise<ImageDifference> {
  const images = await Promise.all([decodeImage(before), decodeImage(after)]);
  const [beforeImage, afterImage] = images;
  try {
    const compared = commonSize(beforeImage.size, afterImage.size);
    const bandRows = Math.max(1, Math.floor(options.bandPixels / compared.width));
    const beforePixels = await beforeImage.pixels(compared, bandRows, options);
    beforeImage.close();
    const afterPixels = await afterImage.pixels(compared, bandRows, options);
    afterImage.close();
    const steps = diffPixels(beforePixels, afterPixels, compared.width, compared.height, bandRows);
    let next = steps.next();
    while (next.done !== true) {
      await step(options);
      next = steps.next();
    }
    const { changed, mask, grid } = next.value;
    const regions = grid.regions();
    const maskBitmap = await createImageBitmap(new ImageData(mask as Uint8ClampedArray<ArrayBuffer>, compared.width, compared.height));
    return { compared, before: beforeImage.size, after: afterImage.size, changed, regions, mask: maskBitmap };
  } finally {
    for (const image of images) image.close();
  }
}
