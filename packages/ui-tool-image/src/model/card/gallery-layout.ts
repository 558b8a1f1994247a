import type { ImageDimensions } from '../content-blocks';

/** The long edge of a lone image's box (px). */
export const SINGLE_IMAGE_LONG_EDGE = 240;
/** A lone image's box keeps the image's aspect ratio within these bounds; beyond them it crops. */
export const SINGLE_IMAGE_ASPECT = { min: 1 / 4, max: 4 } as const;
/** The smallest thumbnail (px): a comfortable pointer and touch target. */
export const MIN_HIT_SIZE = 44;

export const GALLERY_ROW_HEIGHT = 112;
/** Tiles in a row share a height, so a narrower range than a lone image keeps each recognisable. */
export const GALLERY_ROW_ASPECT = { min: 1 / 2, max: 2 } as const;
export const GALLERY_MAX_ROW_WIDTH = 480;
export const GALLERY_GAP = 4;
export const GALLERY_MAX_VISIBLE = 6;

interface AspectRange {
  readonly min: number;
  readonly max: number;
}

/** Where a cropped image is anchored: a very tall image shows its top, a very wide one its left. */
export type CropAnchor = 'center' | 'top' | 'left';

/** One image's thumbnail: the tile (hit area) and the image box centred in it. */
export interface ThumbnailLayout {
  readonly width: number;
  readonly height: number;
  /** The image box, filled with `object-fit: cover`; smaller than the tile only for a tiny image. */
  readonly imageWidth: number;
  readonly imageHeight: number;
  /** CSS `object-position` of the image in its box. */
  readonly objectPosition: CropAnchor;
  /**
   * Set when the image is tiny (smaller than the smallest tile on both sides): its box is scaled up
   * to fill that tile (letterboxed, as `pixelated` scaling shows it), so it is never a dot or a dash.
   */
  readonly pixelated?: true;
}

export type GalleryTile<Image extends ImageDimensions = ImageDimensions> =
  | { readonly kind: 'image'; readonly index: number; readonly image: Image; readonly thumbnail: ThumbnailLayout }
  /** Stands for the images past `maxVisible`; opens the lightbox at `index`, the first of them. */
  | { readonly kind: 'more'; readonly index: number; readonly hiddenCount: number; readonly width: number; readonly height: number };

export interface GalleryLayout<Image extends ImageDimensions = ImageDimensions> {
  readonly rows: readonly (readonly GalleryTile<Image>[])[];
  readonly gap: number;
}

export interface GalleryLayoutOptions {
  /** Tiles shown at most, the "+N" tile included. Default 6. */
  readonly maxVisible?: number;
  readonly maxRowWidth?: number;
  readonly rowHeight?: number;
}

function clamp(value: number, { min, max }: AspectRange): number {
  return Math.min(max, Math.max(min, value));
}

function cropAnchor(aspect: number, range: AspectRange): CropAnchor {
  if (aspect < range.min) return 'top';
  if (aspect > range.max) return 'left';
  return 'center';
}

interface ImageFit {
  readonly imageWidth: number;
  readonly imageHeight: number;
  readonly objectPosition: CropAnchor;
}

/**
 * The image box: the image's aspect ratio clamped to `range` first, then a box of that aspect
 * with a long edge of `longEdge`, shrunk as a whole until it is nowhere larger than the image
 * (`object-fit: cover` never upscales). Shrinking both sides together keeps the clamped aspect,
 * also for an image smaller than the box on its short side.
 */
function fitImage(size: ImageDimensions, range: AspectRange, longEdge: number): ImageFit {
  const aspect = size.width / size.height;
  const boxAspect = clamp(aspect, range);
  const [width, height] = boxAspect >= 1 ? [longEdge, longEdge / boxAspect] : [longEdge * boxAspect, longEdge];
  const scale = Math.min(1, size.width / width, size.height / height);
  // The scale is 1 or makes one side exactly the image's: rounding cannot step past the range.
  return {
    imageWidth: Math.max(1, Math.min(size.width, Math.round(width * scale))),
    imageHeight: Math.max(1, Math.min(size.height, Math.round(height * scale))),
    objectPosition: cropAnchor(aspect, range),
  };
}

/** A tiny image's box, scaled up as a whole until it touches the smallest tile's sides; others unchanged. */
function visibleFit(fit: ImageFit): ImageFit & { readonly pixelated?: true } {
  const { imageWidth, imageHeight } = fit;
  if (imageWidth >= MIN_HIT_SIZE || imageHeight >= MIN_HIT_SIZE) return fit;
  const scale = Math.min(MIN_HIT_SIZE / imageWidth, MIN_HIT_SIZE / imageHeight);
  return { ...fit, imageWidth: Math.round(imageWidth * scale), imageHeight: Math.round(imageHeight * scale), pixelated: true };
}

function withHitArea(width: number, height: number, fit: ImageFit): ThumbnailLayout {
  return { width: Math.max(MIN_HIT_SIZE, width), height: Math.max(MIN_HIT_SIZE, height), ...visibleFit(fit) };
}

/** A lone image: a box with a 240 px long edge at its clamped aspect ratio, never larger than the image. */
export function singleImageThumbnail(size: ImageDimensions): ThumbnailLayout {
  const fit = fitImage(size, SINGLE_IMAGE_ASPECT, SINGLE_IMAGE_LONG_EDGE);
  return withHitArea(fit.imageWidth, fit.imageHeight, fit);
}

/** An image in a grid of equal square cells: the cell is the tile, the image box fits in it at its clamped aspect ratio. */
export function cellThumbnail(size: ImageDimensions, cell: number): ThumbnailLayout {
  return withHitArea(cell, cell, fitImage(size, GALLERY_ROW_ASPECT, cell));
}

/** An image in a row: the row's height and a width from its clamped aspect ratio. */
function rowThumbnail(size: ImageDimensions, rowHeight: number): ThumbnailLayout {
  const tileWidth = Math.round(rowHeight * clamp(size.width / size.height, GALLERY_ROW_ASPECT));
  return withHitArea(tileWidth, rowHeight, fitImage(size, GALLERY_ROW_ASPECT, Math.max(tileWidth, rowHeight)));
}

function tileWidth(tile: GalleryTile): number {
  return tile.kind === 'image' ? tile.thumbnail.width : tile.width;
}

/** Fills rows left to right, starting a new row when the next tile would pass `maxRowWidth`. */
function wrapRows<Tile extends GalleryTile>(tiles: readonly Tile[], maxRowWidth: number): Tile[][] {
  const rows: Tile[][] = [];
  let row: Tile[] = [];
  let width = 0;
  for (const tile of tiles) {
    const widthWithTile = row.length === 0 ? tileWidth(tile) : width + GALLERY_GAP + tileWidth(tile);
    if (row.length > 0 && widthWithTile > maxRowWidth) {
      rows.push(row);
      row = [tile];
      width = tileWidth(tile);
    } else {
      row.push(tile);
      width = widthWithTile;
    }
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/**
 * The thumbnails of a card's images, from the references' dimensions alone (so nothing moves when
 * the bytes arrive). One image gets the lone-image box; several share a row height and wrap, with
 * at most `maxVisible` tiles, the last a "+N" tile when images are left over.
 */
export function galleryLayout<Image extends ImageDimensions>(images: readonly Image[], options: GalleryLayoutOptions = {}): GalleryLayout<Image> {
  const { maxVisible = GALLERY_MAX_VISIBLE, maxRowWidth = GALLERY_MAX_ROW_WIDTH, rowHeight = GALLERY_ROW_HEIGHT } = options;
  const [only] = images;
  if (only !== undefined && images.length === 1) {
    return { rows: [[{ kind: 'image', index: 0, image: only, thumbnail: singleImageThumbnail(only) }]], gap: GALLERY_GAP };
  }
  const tileCap = Math.max(1, Math.floor(maxVisible));
  const shown = images.length > tileCap ? tileCap - 1 : images.length;
  const tiles: GalleryTile<Image>[] = images
    .slice(0, shown)
    .map((image, index) => ({ kind: 'image', index, image, thumbnail: rowThumbnail(image, rowHeight) }));
  if (shown < images.length) {
    tiles.push({ kind: 'more', index: shown, hiddenCount: images.length - shown, width: rowHeight, height: rowHeight });
  }
  return { rows: wrapRows(tiles, maxRowWidth), gap: GALLERY_GAP };
}
