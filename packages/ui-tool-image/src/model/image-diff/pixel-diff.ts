import pixelmatch from 'pixelmatch';
import { ChangedCellGrid } from './changed-regions';

/**
 * pixelmatch's anti-aliasing test looks one pixel around a pixel and one more around each of those:
 * a band computed with this many rows of its neighbours on each side gives its own rows exactly as
 * the whole image would.
 */
const AA_CONTEXT_ROWS = 2;

/** pixelmatch's options: anti-aliased pixels are not changes; the mask has only the changed pixels, opaque. */
const PIXELMATCH_OPTIONS = { includeAA: false, diffMask: true, threshold: 0.1 } as const;

export interface PixelDifference {
  readonly width: number;
  readonly height: number;
  /** Changed pixels (anti-aliasing excluded). */
  readonly changed: number;
  /** RGBA, `width` × `height`: changed pixels opaque red, the rest transparent. */
  readonly mask: Uint8ClampedArray;
  /** The changed pixels' grid, for the regions. */
  readonly grid: ChangedCellGrid;
}

/**
 * Compares two RGBA images of the same size with pixelmatch, `bandRows` rows at a time, yielding
 * between bands: a caller on the page's thread stops there, so no task is long. With `bandRows` at
 * least the height (a worker), it is one pixelmatch call over the whole image.
 */
export function* diffPixels(
  before: Uint8ClampedArray,
  after: Uint8ClampedArray,
  width: number,
  height: number,
  bandRows: number,
): Generator<void, PixelDifference> {
  const mask = new Uint8ClampedArray(width * height * 4);
  const grid = new ChangedCellGrid(width, height);
  if (bandRows >= height) {
    pixelmatch(before, after, mask, width, height, PIXELMATCH_OPTIONS);
    grid.markChangedRows(mask, 0, height);
    return { width, height, changed: grid.changed, mask, grid };
  }
  const rowBytes = width * 4;
  const scratch = new Uint8ClampedArray((bandRows + 2 * AA_CONTEXT_ROWS) * rowBytes);
  for (let from = 0; from < height; from += bandRows) {
    const to = Math.min(from + bandRows, height);
    const contextFrom = Math.max(0, from - AA_CONTEXT_ROWS);
    const contextTo = Math.min(height, to + AA_CONTEXT_ROWS);
    const bytes = [contextFrom * rowBytes, contextTo * rowBytes] as const;
    const bandMask = scratch.subarray(0, bytes[1] - bytes[0]);
    bandMask.fill(0);
    pixelmatch(before.subarray(...bytes), after.subarray(...bytes), bandMask, width, contextTo - contextFrom, PIXELMATCH_OPTIONS);
    // Only the band's own rows: the context rows are the neighbours' to decide.
    const own = (from - contextFrom) * rowBytes;
    mask.set(bandMask.subarray(own, own + (to - from) * rowBytes), from * rowBytes);
    grid.markChangedRows(mask, from, to);
    yield;
  }
  return { width, height, changed: grid.changed, mask, grid };
}
