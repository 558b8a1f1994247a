import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ImageDimensions } from '../../../src/model';
import {
  galleryLayout,
  GALLERY_GAP,
  GALLERY_MAX_ROW_WIDTH,
  GALLERY_ROW_ASPECT,
  GALLERY_ROW_HEIGHT,
  MIN_HIT_SIZE,
  SINGLE_IMAGE_ASPECT,
  SINGLE_IMAGE_LONG_EDGE,
  singleImageThumbnail,
  type GalleryTile,
} from '../../../src/model/card/gallery-layout';

const size = (width: number, height: number): ImageDimensions => ({ width, height });

function rowWidth(row: readonly GalleryTile[]): number {
  const widths = row.map((tile) => (tile.kind === 'image' ? tile.thumbnail.width : tile.width));
  return widths.reduce((sum, width) => sum + width, 0) + GALLERY_GAP * (row.length - 1);
}

describe('singleImageThumbnail', () => {
  it('fits a large image into a box whose long edge is 240 px, keeping its aspect ratio', () => {
    expect(singleImageThumbnail(size(1600, 1200))).toEqual({
      width: 240,
      height: 180,
      imageWidth: 240,
      imageHeight: 180,
      objectPosition: 'center',
    });
    expect(singleImageThumbnail(size(900, 1600))).toMatchObject({ width: 135, height: 240, objectPosition: 'center' });
  });

  it('clamps the aspect ratio to 4 and anchors a very wide image left', () => {
    expect(singleImageThumbnail(size(4000, 100))).toEqual({
      width: 240,
      height: 60,
      imageWidth: 240,
      imageHeight: 60,
      objectPosition: 'left',
    });
    // Exactly 4:1 is within the range: nothing is cropped.
    expect(singleImageThumbnail(size(800, 200))).toMatchObject({ width: 240, height: 60, objectPosition: 'center' });
  });

  it('clamps the aspect ratio to 1/4 and anchors a very tall image top', () => {
    expect(singleImageThumbnail(size(100, 4000))).toEqual({
      width: 60,
      height: 240,
      imageWidth: 60,
      imageHeight: 240,
      objectPosition: 'top',
    });
    expect(singleImageThumbnail(size(200, 800))).toMatchObject({ width: 60, height: 240, objectPosition: 'center' });
  });

  it('never upscales: an image smaller than the box keeps its size', () => {
    expect(singleImageThumbnail(size(100, 50))).toEqual({ width: 100, height: 50, imageWidth: 100, imageHeight: 50, objectPosition: 'center' });
    expect(singleImageThumbnail(size(240, 240))).toMatchObject({ width: 240, height: 240 });
  });

  it('clamps the aspect first, then shrinks the box as a whole: an image narrower than the box keeps the clamped aspect', () => {
    // Each side limited on its own would give 30×240 (1/8) and 200×30 (6.7).
    expect(singleImageThumbnail(size(30, 1000))).toEqual({ width: 44, height: 120, imageWidth: 30, imageHeight: 120, objectPosition: 'top' });
    expect(singleImageThumbnail(size(200, 30))).toEqual({ width: 120, height: 44, imageWidth: 120, imageHeight: 30, objectPosition: 'left' });
    expect(singleImageThumbnail(size(300, 50))).toMatchObject({ imageWidth: 200, imageHeight: 50, objectPosition: 'left' });
  });

  it('letterboxes a hairline in the smallest tile: its box at the clamped aspect is scaled up to the tile, pixelated, cropped at its anchor', () => {
    expect(singleImageThumbnail(size(2001, 1))).toEqual({ width: 44, height: 44, imageWidth: 44, imageHeight: 11, objectPosition: 'left', pixelated: true });
    expect(singleImageThumbnail(size(1, 2001))).toEqual({ width: 44, height: 44, imageWidth: 11, imageHeight: 44, objectPosition: 'top', pixelated: true });
  });

  it('scales a tiny image up to fill a tile of 44×44, pixelated; an image as large as the tile on one side stays its own size', () => {
    expect(singleImageThumbnail(size(1, 1))).toEqual({ width: 44, height: 44, imageWidth: 44, imageHeight: 44, objectPosition: 'center', pixelated: true });
    expect(singleImageThumbnail(size(20, 10))).toEqual({ width: 44, height: 44, imageWidth: 44, imageHeight: 22, objectPosition: 'center', pixelated: true });
    expect(singleImageThumbnail(size(44, 20))).toEqual({ width: 44, height: 44, imageWidth: 44, imageHeight: 20, objectPosition: 'center' });
  });

  const dimension = fc.integer({ min: 1, max: 20_000 });

  it('always gives a box whose aspect lies in [1/4, 4], no larger than the image, in a tile of at least 44 px (property)', () => {
    fc.assert(
      fc.property(dimension, dimension, (width, height) => {
        const thumbnail = singleImageThumbnail(size(width, height));
        const boxAspect = thumbnail.imageWidth / thumbnail.imageHeight;
        expect(boxAspect).toBeGreaterThanOrEqual(SINGLE_IMAGE_ASPECT.min);
        expect(boxAspect).toBeLessThanOrEqual(SINGLE_IMAGE_ASPECT.max);
        // Never upscaled, except a tiny image, which fills the smallest tile.
        const cap = thumbnail.pixelated ? MIN_HIT_SIZE : Infinity;
        expect(thumbnail.imageWidth).toBeLessThanOrEqual(Math.max(Math.min(width, SINGLE_IMAGE_LONG_EDGE), Math.min(cap, thumbnail.width)));
        expect(thumbnail.imageHeight).toBeLessThanOrEqual(Math.max(Math.min(height, SINGLE_IMAGE_LONG_EDGE), Math.min(cap, thumbnail.height)));
        // Always visible: at least a quarter of the smallest tile on its short side.
        expect(Math.min(thumbnail.imageWidth, thumbnail.imageHeight)).toBeGreaterThanOrEqual(MIN_HIT_SIZE / 4);
        expect(Math.min(thumbnail.width, thumbnail.height)).toBeGreaterThanOrEqual(MIN_HIT_SIZE);
      }),
      { numRuns: 2000 },
    );
  });

  it('fills the box: an image at least 240 px on its long edge and within the aspect range gets the full long edge (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 240, max: 20_000 }), fc.double({ min: 0.25, max: 4, noNaN: true }), (long, aspect) => {
        const [width, height] = aspect >= 1 ? [long, Math.max(1, Math.round(long / aspect))] : [Math.max(1, Math.round(long * aspect)), long];
        const thumbnail = singleImageThumbnail(size(width, height));
        if (width / height >= 0.25 && width / height <= 4) {
          expect(Math.max(thumbnail.imageWidth, thumbnail.imageHeight)).toBe(SINGLE_IMAGE_LONG_EDGE);
        }
      }),
    );
  });
});

describe('galleryLayout', () => {
  it('gives one image the lone-image box', () => {
    const image = size(1600, 1200);
    expect(galleryLayout([image])).toEqual({
      rows: [[{ kind: 'image', index: 0, image, thumbnail: singleImageThumbnail(image) }]],
      gap: GALLERY_GAP,
    });
  });

  it('lays several images out in rows of equal height, widths from their clamped aspect ratios', () => {
    const layout = galleryLayout([size(1600, 1200), size(1000, 1000), size(4000, 100), size(100, 4000)]);
    const thumbnails = layout.rows.flat().map((tile) => (tile.kind === 'image' ? tile.thumbnail : undefined));
    expect(thumbnails.map((thumbnail) => thumbnail?.height)).toEqual([112, 112, 112, 112]);
    expect(thumbnails.map((thumbnail) => thumbnail?.width)).toEqual([149, 112, 224, 56]);
    expect(thumbnails.map((thumbnail) => thumbnail?.objectPosition)).toEqual(['center', 'center', 'left', 'top']);
  });

  it('wraps to the maximum row width, in order', () => {
    const layout = galleryLayout([size(1600, 1200), size(1600, 1200), size(1600, 1200), size(1600, 1200)]);
    expect(layout.rows.map((row) => row.map((tile) => tile.index))).toEqual([[0, 1, 2], [3]]);
    for (const row of layout.rows) expect(rowWidth(row)).toBeLessThanOrEqual(GALLERY_MAX_ROW_WIDTH);
    const narrow = galleryLayout([size(100, 100), size(100, 100), size(100, 100)], { maxRowWidth: 200, rowHeight: 60 });
    expect(narrow.rows.map((row) => row.map((tile) => tile.index))).toEqual([[0, 1, 2]]);
    const tight = galleryLayout([size(100, 100), size(100, 100), size(100, 100)], { maxRowWidth: 187, rowHeight: 60 });
    expect(tight.rows.map((row) => row.map((tile) => tile.index))).toEqual([[0, 1], [2]]);
  });

  it('scales a tiny image in a row up to the smallest tile, pixelated; the tile keeps the row size', () => {
    const [tile] = galleryLayout([size(10, 20), size(1000, 1000)]).rows.flat();
    expect(tile?.kind === 'image' ? tile.thumbnail : undefined).toEqual({
      width: 56,
      height: GALLERY_ROW_HEIGHT,
      imageWidth: 22,
      imageHeight: 44,
      objectPosition: 'center',
      pixelated: true,
    });
  });

  it('shows at most maxVisible tiles, the last a "+N" tile opening at the first hidden image', () => {
    const seven = Array.from({ length: 7 }, () => size(800, 600));
    const tiles = galleryLayout(seven).rows.flat();
    expect(tiles).toHaveLength(6);
    expect(tiles.map((tile) => tile.kind)).toEqual(['image', 'image', 'image', 'image', 'image', 'more']);
    expect(tiles.at(-1)).toEqual({ kind: 'more', index: 5, hiddenCount: 2, width: GALLERY_ROW_HEIGHT, height: GALLERY_ROW_HEIGHT });

    const limited = galleryLayout(seven, { maxVisible: 3 }).rows.flat();
    expect(limited.map((tile) => tile.index)).toEqual([0, 1, 2]);
    expect(limited.at(-1)).toMatchObject({ kind: 'more', index: 2, hiddenCount: 5 });
  });

  it('needs no "+N" tile when every image fits', () => {
    const six = Array.from({ length: 6 }, () => size(800, 600));
    expect(
      galleryLayout(six)
        .rows.flat()
        .every((tile) => tile.kind === 'image'),
    ).toBe(true);
  });

  it('lays out nothing for no images', () => {
    expect(galleryLayout([]).rows).toEqual([]);
  });

  it("keeps every row tile's image box within [1/2, 2] and no larger than its image, unless a tiny image fills the smallest tile (property)", () => {
    const dimension = fc.integer({ min: 1, max: 20_000 });
    fc.assert(
      fc.property(fc.array(fc.record({ width: dimension, height: dimension }), { minLength: 2, maxLength: 8 }), (images) => {
        for (const tile of galleryLayout(images).rows.flat()) {
          if (tile.kind !== 'image') continue;
          const { imageWidth, imageHeight } = tile.thumbnail;
          expect(imageWidth / imageHeight).toBeGreaterThanOrEqual(GALLERY_ROW_ASPECT.min);
          expect(imageWidth / imageHeight).toBeLessThanOrEqual(GALLERY_ROW_ASPECT.max);
          const cap = tile.thumbnail.pixelated ? MIN_HIT_SIZE : 0;
          expect(imageWidth).toBeLessThanOrEqual(Math.max(tile.image.width, cap));
          expect(imageHeight).toBeLessThanOrEqual(Math.max(tile.image.height, cap));
          expect(Math.max(imageWidth, imageHeight)).toBeGreaterThanOrEqual(Math.min(MIN_HIT_SIZE, Math.max(tile.image.width, tile.image.height)));
        }
      }),
    );
  });
});
