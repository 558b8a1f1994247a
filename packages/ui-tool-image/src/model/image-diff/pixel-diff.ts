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
 * The runs of rows [from, to) where the two images differ, runs fewer than `2 × AA_CONTEXT_ROWS`
 * same rows apart taken as one (their context rows would overlap). A row whose pixels are all the
 * same changes nothing: pixelmatch counts and draws only pixels that differ, whatever their neighbours.
 */
function* changedRowRuns(before: Uint8ClampedArray, after: Uint8ClampedArray, width: number, height: number): Generator<readonly [number, number]> {
  // A pixel at a time as one 32-bit word, as pixelmatch's own sameness test reads them.
  const a = new Uint32Array(before.buffer, before.byteOffset, width * height);
  const b = new Uint32Array(after.buffer, after.byteOffset, width * height);
  let runFrom = -1;
  let lastChanged = -1;
  for (let y = 0; y < height; y += 1) {
    const rowEnd = (y + 1) * width;
    let x = y * width;
    while (x < rowEnd && a[x] === b[x]) x += 1;
    if (x === rowEnd) continue;
    if (runFrom >= 0 && y - lastChanged > 2 * AA_CONTEXT_ROWS) {
      yield [runFrom, lastChanged + 1];
      runFrom = -1;
    }
    if (runFrom < 0) runFrom = y;
    lastChanged = y;
  }
  if (runFrom >= 0) yield [runFrom, lastChanged + 1];
}

/**
 * Compares two RGBA images of the same size with pixelmatch, only the rows where they differ (each
 * with its context rows), `bandRows` rows at a time, yielding between bands: a caller on the page's
 * thread stops there, so no task is long. With `bandRows` at least the height (a worker), it is one
 * pixelmatch call per run of changed rows. The count and mask are those of one call over the whole image.
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
  const rowBytes = width * 4;
  for (const [runFrom, runTo] of changedRowRuns(before, after, width, height)) {
    for (let from = runFrom; from < runTo; from += bandRows) {
      const to = Math.min(from + bandRows, runTo);
      const contextFrom = Math.max(0, from - AA_CONTEXT_ROWS);
      const contextTo = Math.min(height, to + AA_CONTEXT_ROWS);
      const bytes = [contextFrom * rowBytes, contextTo * rowBytes] as const;
      if (from === runFrom && to === runTo) {
        // The whole run: its context rows are rows with no changed pixel, where pixelmatch draws nothing.
        pixelmatch(before.subarray(...bytes), after.subarray(...bytes), mask.subarray(...bytes), width, contextTo - contextFrom, PIXELMATCH_OPTIONS);
      } else {
        const bandMask = new Uint8ClampedArray(bytes[1] - bytes[0]);
        pixelmatch(before.subarray(...bytes), after.subarray(...bytes), bandMask, width, contextTo - contextFrom, PIXELMATCH_OPTIONS);
        // Only the band's own rows: its context rows are its neighbours' to judge, with their own context.
        const own = (from - contextFrom) * rowBytes;
        mask.set(bandMask.subarray(own, own + (to - from) * rowBytes), from * rowBytes);
      }
      grid.markChangedRows(mask, from, to);
      yield;
    }
  }
  return { width, height, changed: grid.changed, mask, grid };
}
