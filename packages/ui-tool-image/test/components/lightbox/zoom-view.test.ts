import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_SCALE,
  centredView,
  clampView,
  fitScale,
  panBy,
  steppedScale,
  wheelZoomFactor,
  zoomAround,
  zoomPercent,
  type Size,
  type ZoomView,
} from '../../../src/components/lightbox/zoom-view';

const size = fc.record({ width: fc.integer({ min: 1, max: 8000 }), height: fc.integer({ min: 1, max: 8000 }) });
const stageSize = fc.record({ width: fc.integer({ min: 100, max: 4000 }), height: fc.integer({ min: 100, max: 3000 }) });
const offset = fc.double({ min: -20_000, max: 20_000, noNaN: true });

/** The image's box in the stage under `view`. */
function box(view: ZoomView, image: Size) {
  return { left: view.x, top: view.y, right: view.x + image.width * view.scale, bottom: view.y + image.height * view.scale };
}

const EPSILON = 1e-6;

/** Along each axis: a shorter image centred, a longer one covering the stage edge to edge. */
function coversOrCentres(view: ZoomView, image: Size, stage: Size): boolean {
  const { left, top, right, bottom } = box(view, image);
  const axis = (start: number, end: number, length: number) =>
    end - start <= length + EPSILON ? Math.abs(start - (length - end)) < EPSILON : start <= EPSILON && end >= length - EPSILON;
  return axis(left, right, stage.width) && axis(top, bottom, stage.height);
}

describe('fitScale', () => {
  it('shows the whole image, never above 1:1, and 1:1 on a stage not laid out yet', () => {
    expect(fitScale({ width: 4000, height: 3000 }, { width: 1000, height: 1000 })).toBe(0.25);
    expect(fitScale({ width: 400, height: 300 }, { width: 1000, height: 1000 })).toBe(1);
    expect(fitScale({ width: 400, height: 300 }, { width: 0, height: 0 })).toBe(1);
  });
});

describe('clampView (property)', () => {
  it('keeps the image covering the stage or centred on it, at any scale and offset', () => {
    fc.assert(
      fc.property(size, stageSize, fc.double({ min: 0.01, max: MAX_SCALE, noNaN: true }), offset, offset, (image, stage, scale, x, y) => {
        expect(coversOrCentres(clampView({ scale, x, y }, image, stage), image, stage)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves a view already in bounds where it is', () => {
    fc.assert(
      fc.property(size, stageSize, fc.double({ min: 0.01, max: MAX_SCALE, noNaN: true }), offset, offset, (image, stage, scale, x, y) => {
        const once = clampView({ scale, x, y }, image, stage);
        expect(clampView(once, image, stage)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('pans never past the bounds, whatever the drag', () => {
    fc.assert(
      fc.property(size, stageSize, fc.double({ min: 1, max: MAX_SCALE, noNaN: true }), offset, offset, (image, stage, scale, dx, dy) => {
        const view = panBy(centredView(scale, image, stage), { x: dx, y: dy }, image, stage);
        expect(coversOrCentres(view, image, stage)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('zoomAround (property)', () => {
  const point = (stage: Size) =>
    fc.record({ x: fc.double({ min: 0, max: stage.width, noNaN: true }), y: fc.double({ min: 0, max: stage.height, noNaN: true }) });

  it('keeps the image point under the pointer where it was when zooming in over an image that covers the stage', () => {
    const scenario = fc
      .tuple(size, stageSize)
      .chain(([image, stage]) =>
        fc.tuple(
          fc.constant(image),
          fc.constant(stage),
          point(stage),
          offset,
          offset,
          fc.double({ min: 1, max: 2, noNaN: true }),
          fc.double({ min: 1, max: 2, noNaN: true }),
        ),
      )
      // Room to zoom in from a covering scale by up to 2 × 2 without reaching MAX_SCALE.
      .filter(([image, stage]) => Math.max(stage.width / image.width, stage.height / image.height) * 4 <= MAX_SCALE);
    fc.assert(
      fc.property(scenario, ([image, stage, at, x, y, cover, factor]) => {
        // A scale at which the image covers the stage on both axes.
        const scale = Math.max(stage.width / image.width, stage.height / image.height) * Math.min(cover, 2);
        const before = clampView({ scale, x, y }, image, stage);
        const after = zoomAround(before, scale * factor, at, image, stage);
        const under = (view: ZoomView) => ({ x: (at.x - view.x) / view.scale, y: (at.y - view.y) / view.scale });
        expect(under(after).x).toBeCloseTo(under(before).x, 5);
        expect(under(after).y).toBeCloseTo(under(before).y, 5);
      }),
      { numRuns: 500 },
    );
  });

  it('stays within the fit and MAX_SCALE, and in bounds', () => {
    fc.assert(
      fc.property(size, stageSize, fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (image, stage, scale) => {
        const at = { x: stage.width / 3, y: stage.height / 3 };
        const view = zoomAround(centredView(1, image, stage), scale, at, image, stage);
        expect(view.scale).toBeGreaterThanOrEqual(fitScale(image, stage));
        expect(view.scale).toBeLessThanOrEqual(MAX_SCALE);
        expect(coversOrCentres(view, image, stage)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('zooms around the pointer, not the centre: a point in the corner stays put', () => {
    const image = { width: 4000, height: 3000 };
    const stage = { width: 1000, height: 750 };
    const fitted = centredView(fitScale(image, stage), image, stage);
    const zoomed = zoomAround(fitted, 1, { x: 100, y: 75 }, image, stage);
    // Image pixel (400, 300) was under (100, 75) at 25 %; at 100 % it still is.
    expect(zoomed).toEqual({ scale: 1, x: -300, y: -225 });
  });
});

describe('steps and the wheel', () => {
  it('steps by the same factor both ways, stopping at 1:1 on the way across', () => {
    expect(steppedScale(0.9, 1)).toBe(1);
    expect(steppedScale(1.1, -1)).toBe(1);
    expect(steppedScale(1, 1)).toBeCloseTo(2 ** (1 / 3));
    expect(steppedScale(steppedScale(2, 1), -1)).toBeCloseTo(2);
  });

  it('zooms in on a wheel turned up, at most doubling per event, a pinch faster than a wheel', () => {
    expect(wheelZoomFactor({ deltaY: -100, deltaMode: 0, ctrlKey: false }, 800)).toBeGreaterThan(1);
    expect(wheelZoomFactor({ deltaY: 100, deltaMode: 0, ctrlKey: false }, 800)).toBeLessThan(1);
    expect(wheelZoomFactor({ deltaY: -10, deltaMode: 0, ctrlKey: true }, 800)).toBeGreaterThan(
      wheelZoomFactor({ deltaY: -10, deltaMode: 0, ctrlKey: false }, 800),
    );
    expect(wheelZoomFactor({ deltaY: -3, deltaMode: 2, ctrlKey: false }, 800)).toBe(2);
    expect(wheelZoomFactor({ deltaY: 5, deltaMode: 1, ctrlKey: true }, 800)).toBe(0.5);
  });

  it('reads the level as people do', () => {
    expect(zoomPercent(1.5)).toBe(150);
    expect(zoomPercent(0.4267)).toBe(43);
  });
});
