import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChangedCellGrid, regionCellSize, type PixelBox } from '../../../src/model/image-diff';

/** An RGBA mask of `width` × `height` with the listed pixels opaque, as pixelmatch's diffMask draws them. */
function maskOf(width: number, height: number, changed: readonly (readonly [number, number])[]): Uint8ClampedArray {
  const mask = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of changed) mask.set([255, 0, 0, 255], (y * width + x) * 4);
  return mask;
}

function regionsOf(
  width: number,
  height: number,
  changed: readonly (readonly [number, number])[],
  cell?: number,
): { grid: ChangedCellGrid; boxes: PixelBox[] } {
  const grid = new ChangedCellGrid(width, height, cell);
  grid.markChangedRows(maskOf(width, height, changed), 0, height);
  return { grid, boxes: grid.regions() };
}

function inside(box: PixelBox, x: number, y: number): boolean {
  return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
}

const changedPixels = fc
  .record({ width: fc.integer({ min: 1, max: 60 }), height: fc.integer({ min: 1, max: 60 }), cell: fc.integer({ min: 1, max: 9 }) })
  .chain(({ width, height, cell }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      cell: fc.constant(cell),
      changed: fc.uniqueArray(fc.tuple(fc.nat(width - 1), fc.nat(height - 1)), { maxLength: 80, selector: ([x, y]) => `${String(x)},${String(y)}` }),
    }),
  );

describe('changed regions on a coarse grid', () => {
  it('every changed pixel is inside some box; every box is inside the image and holds a changed pixel', () => {
    fc.assert(
      fc.property(changedPixels, ({ width, height, cell, changed }) => {
        const { grid, boxes } = regionsOf(width, height, changed, cell);
        expect(grid.changed).toBe(changed.length);
        for (const [x, y] of changed) expect(boxes.some((box) => inside(box, x, y))).toBe(true);
        for (const box of boxes) {
          expect(box.x >= 0 && box.y >= 0 && box.width > 0 && box.height > 0).toBe(true);
          expect(box.x + box.width <= width && box.y + box.height <= height).toBe(true);
          expect(changed.some(([x, y]) => inside(box, x, y))).toBe(true);
        }
      }),
    );
  });

  it('no change, no box', () => {
    expect(regionsOf(40, 30, []).boxes).toEqual([]);
  });

  it('two clusters apart are two boxes; cells touching at a corner are one', () => {
    const apart = regionsOf(
      100,
      100,
      [
        [1, 1],
        [90, 90],
      ],
      10,
    );
    expect(apart.boxes).toEqual([
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 90, y: 90, width: 10, height: 10 },
    ]);
    const corner = regionsOf(
      100,
      100,
      [
        [9, 9],
        [10, 10],
      ],
      10,
    );
    expect(corner.boxes).toEqual([{ x: 0, y: 0, width: 20, height: 20 }]);
  });

  it('only opaque mask pixels are changes: a transparent pixel with colour in it is not', () => {
    const mask = maskOf(20, 10, [[3, 2]]);
    mask.set([255, 0, 0, 0], (7 * 20 + 15) * 4);
    const grid = new ChangedCellGrid(20, 10, 5);
    grid.markChangedRows(mask, 0, 10);
    expect(grid.changed).toBe(1);
    expect(grid.regions()).toEqual([{ x: 0, y: 0, width: 5, height: 5 }]);
  });

  it('a box at the edge is clipped to the image', () => {
    expect(regionsOf(25, 25, [[24, 24]], 10).boxes).toEqual([{ x: 20, y: 20, width: 5, height: 5 }]);
  });

  it('cells are 1/160 of the long edge, at least 4 px', () => {
    expect(regionCellSize(3840, 2160)).toBe(24);
    expect(regionCellSize(100, 50)).toBe(4);
  });
});
