import fc from 'fast-check';
import pixelmatch from 'pixelmatch';
import { describe, expect, it } from 'vitest';
import { ChangedCellGrid, diffPixels } from '../../../src/model/image-diff';

function run<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** A small image of flat rectangles, some edges soft (anti-aliasing-like), from a seed. */
const images = fc.record({ width: fc.integer({ min: 3, max: 24 }), height: fc.integer({ min: 3, max: 40 }) }).chain(({ width, height }) =>
  fc.record({
    width: fc.constant(width),
    height: fc.constant(height),
    before: fc.uint8Array({ minLength: width * height, maxLength: width * height }),
    edits: fc.array(fc.tuple(fc.nat(width * height - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 30 }),
    // Infinity: the worker's one band; fewer rows: the page thread's steps.
    bandRows: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(Number.POSITIVE_INFINITY)),
  }),
);

/** Edits confined to a few rows, so that runs of changed rows lie a few same rows apart (0 to 8). */
const rowEdits = images.chain((image) =>
  fc.record({
    image: fc.constant(image),
    rows: fc.array(fc.nat(image.height - 1), { minLength: 1, maxLength: 4 }),
    edits: fc.array(fc.tuple(fc.nat(image.width - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
  }),
);

/** Grey levels, quantised so that flat areas, edges and in-between (anti-aliased) pixels all occur. */
function rgba(levels: Uint8Array): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(levels.length * 4);
  levels.forEach((level, index) => {
    const grey = [0, 96, 160, 255][level % 4] ?? 0;
    pixels.set([grey, grey, grey, 255], index * 4);
  });
  return pixels;
}

/** diffPixels (changed rows only, in bands) against one pixelmatch call over the whole image. */
function expectSameAsWholePixelmatch(width: number, height: number, before: Uint8Array, after: Uint8Array, bandRows: number): void {
  const [a, b] = [rgba(before), rgba(after)];
  const whole = new Uint8ClampedArray(width * height * 4);
  const expected = pixelmatch(a, b, whole, width, height, { includeAA: false, diffMask: true });
  const banded = run(diffPixels(a, b, width, height, bandRows));
  expect(banded.changed).toBe(expected);
  expect(banded.mask).toEqual(whole);
  const wholeGrid = new ChangedCellGrid(width, height);
  wholeGrid.markChangedRows(whole, 0, height);
  expect(banded.grid.changed).toBe(expected);
  expect(banded.grid.regions()).toEqual(wholeGrid.regions());
}

describe('diffPixels', () => {
  it('in bands on the page, or in one band in a worker, gives the same mask and count as one pixelmatch call over the whole image', () => {
    fc.assert(
      fc.property(images, ({ width, height, before, edits, bandRows }) => {
        const after = Uint8Array.from(before);
        for (const [index, level] of edits) after[index] = level;
        expectSameAsWholePixelmatch(width, height, before, after, bandRows);
      }),
      { numRuns: 300 },
    );
  });

  it('skipping the rows that are the same gives the same mask and count, however far apart the changed rows are', () => {
    fc.assert(
      fc.property(rowEdits, ({ image: { width, height, before, bandRows }, rows, edits }) => {
        const after = Uint8Array.from(before);
        for (const row of rows) for (const [x, level] of edits) after[row * width + x] = level;
        expectSameAsWholePixelmatch(width, height, before, after, bandRows);
      }),
      { numRuns: 500 },
    );
  });

  it('does not count anti-aliasing: a line drawn one pixel over, with soft edges, is not a change', () => {
    const width = 12;
    const height = 12;
    // A dark square with a one-pixel soft border, moved by one pixel: only the border pixels differ.
    const draw = (offset: number) => {
      const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
      for (let y = 2; y < 9; y += 1) {
        for (let x = 2; x < 9; x += 1) {
          const edge = x === 2 + offset || y === 2 || x === 8 || y === 8;
          const grey = edge ? 128 : 0;
          pixels.set([grey, grey, grey, 255], (y * width + x + offset) * 4);
        }
      }
      return pixels;
    };
    const strict = pixelmatch(draw(0), draw(1), undefined, width, height, { includeAA: true });
    const tolerant = run(diffPixels(draw(0), draw(1), width, height, Number.POSITIVE_INFINITY)).changed;
    expect(tolerant).toBeLessThan(strict);
  });

  it('the same pixels change nothing', () => {
    const pixels = rgba(Uint8Array.from({ length: 64 }, (_, index) => index));
    expect(run(diffPixels(pixels, pixels.slice(), 8, 8, 3)).changed).toBe(0);
  });
});
