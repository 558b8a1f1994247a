import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coordinateSpace, pixelAt } from '../../../src/components/lightbox/original-pixel';
import { centredView, fitScale, MAX_SCALE, type Size } from '../../../src/components/lightbox/zoom-view';
import type { AttachmentRef } from '../../../src/model';

function ref(width: number, height: number, originalDimensions?: Size): AttachmentRef {
  return { attachmentId: 'sha256:x', mediaType: 'image/png', bytes: 10, width, height, ...(originalDimensions === undefined ? {} : { originalDimensions }) };
}

const dimension = fc.integer({ min: 1, max: 5000 });
const stageSize = fc.record({ width: fc.integer({ min: 100, max: 3000 }), height: fc.integer({ min: 100, max: 2000 }) });
const scale = fc.double({ min: 0.05, max: MAX_SCALE, noNaN: true });

/** A stored image and the original it was downscaled from (each side at most as long), or not downscaled. */
const storedAndOriginal = fc
  .tuple(dimension, dimension, fc.double({ min: 1, max: 6, noNaN: true }), fc.boolean())
  .map(([width, height, factor, downscaled]) => ({
    stored: { width, height },
    original: downscaled ? { width: Math.max(width, Math.round(width * factor)), height: Math.max(height, Math.round(height * factor)) } : undefined,
  }));

describe('coordinateSpace', () => {
  it('is the original when the store downscaled the image, else the image shown', () => {
    expect(coordinateSpace(ref(1600, 1200, { width: 4000, height: 3000 }), { width: 1600, height: 1200 })).toEqual({ width: 4000, height: 3000 });
    expect(coordinateSpace(ref(800, 600, { width: 800, height: 600 }), { width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(coordinateSpace(ref(800, 600), { width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    // A linked image: its reference guessed a size, the loaded image has its own.
    expect(coordinateSpace(ref(1024, 768), { width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
  });
});

describe('pixelAt (property)', () => {
  it('finds again the original pixel whose centre the pointer is on, downscaled or not, at any zoom', () => {
    const scenario = storedAndOriginal.chain(({ stored, original }) => {
      const space = original ?? stored;
      return fc.tuple(
        fc.constant(stored),
        fc.constant(original),
        fc.integer({ min: 0, max: space.width - 1 }),
        fc.integer({ min: 0, max: space.height - 1 }),
        scale,
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: -5000, max: 5000, noNaN: true }),
      );
    });
    fc.assert(
      fc.property(scenario, ([stored, original, px, py, zoom, x, y]) => {
        const space = coordinateSpace(ref(stored.width, stored.height, original), stored);
        const view = { scale: zoom, x, y };
        // Where the centre of original pixel (px, py) is drawn in the stage.
        const at = {
          x: x + ((px + 0.5) / space.width) * stored.width * zoom,
          y: y + ((py + 0.5) / space.height) * stored.height * zoom,
        };
        expect(pixelAt(at, view, stored, space)).toEqual({ x: px, y: py });
      }),
      { numRuns: 1000 },
    );
  });

  it('is the stored pixel itself when the image was not downscaled: at 1:1, one CSS pixel per image pixel', () => {
    fc.assert(
      fc.property(dimension, dimension, stageSize, fc.nat(), fc.nat(), (width, height, stage, i, j) => {
        const image = { width, height };
        const view = centredView(1, image, stage);
        const [px, py] = [i % width, j % height];
        expect(pixelAt({ x: view.x + px + 0.25, y: view.y + py + 0.75 }, view, image, coordinateSpace(ref(width, height), image))).toEqual({ x: px, y: py });
      }),
      { numRuns: 500 },
    );
  });

  it('scales by the downscale factor, stays inside the original and is undefined off the image', () => {
    fc.assert(
      fc.property(
        storedAndOriginal,
        stageSize,
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        ({ stored, original }, stage, u, v) => {
          const space = original ?? stored;
          const view = centredView(fitScale(stored, stage), stored, stage);
          const drawn = { width: stored.width * view.scale, height: stored.height * view.scale };
          const pixel = pixelAt({ x: view.x + u * drawn.width, y: view.y + v * drawn.height }, view, stored, space);
          expect(pixel).toBeDefined();
          expect(pixel?.x).toBeGreaterThanOrEqual(0);
          expect(pixel?.x).toBeLessThan(space.width);
          expect(pixel?.y).toBeLessThan(space.height);
          expect(Math.abs((pixel?.x ?? 0) - u * space.width)).toBeLessThanOrEqual(1);
          expect(pixelAt({ x: view.x - 0.01, y: view.y + v * drawn.height }, view, stored, space)).toBeUndefined();
          expect(pixelAt({ x: view.x + drawn.width + 0.01, y: view.y }, view, stored, space)).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('tells the diagram story’s marker: original (3000, 750) of 4000 × 3000 shown 1600 × 1200 at 40 %', () => {
    const stored = { width: 1600, height: 1200 };
    const space = coordinateSpace(ref(1600, 1200, { width: 4000, height: 3000 }), stored);
    const view = { scale: 0.4, x: 10, y: 20 };
    // Stored pixel (1200, 300) is drawn at (10 + 480, 20 + 120).
    expect(pixelAt({ x: 490.1, y: 140.1 }, view, stored, space)).toEqual({ x: 3000, y: 750 });
  });
});
