/** A rectangle of image pixels: `x`, `y` its top-left pixel, `width` × `height` pixels. */
export interface PixelBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Cells per long edge of the coarse grid: a region is outlined to within 1/160 of the image, not pixel-exact. */
const CELLS_PER_LONG_EDGE = 160;
/** No cell smaller than this: a small image still gets boxes around features, not around single pixels. */
const MIN_CELL = 4;

/** The alpha byte's bits in an RGBA pixel read as one 32-bit word, whatever the platform's byte order. */
const ALPHA_BITS = new Uint32Array(Uint8Array.of(0, 0, 0, 255).buffer)[0] ?? 0;

/** The side of a grid cell for an image of this size. */
export function regionCellSize(width: number, height: number): number {
  return Math.max(MIN_CELL, Math.ceil(Math.max(width, height) / CELLS_PER_LONG_EDGE));
}

/**
 * The coarse grid of changed pixels: marks cell (column, row) when one of its pixels is changed.
 * Filled band by band (`markChangedRows`), so a caller on the page's thread can stop between bands.
 */
export class ChangedCellGrid {
  readonly columns: number;
  readonly rows: number;
  readonly cells: Uint8Array;
  /** Changed pixels marked so far. */
  changed = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly cell: number = regionCellSize(width, height),
  ) {
    this.columns = Math.ceil(width / cell);
    this.rows = Math.ceil(height / cell);
    this.cells = new Uint8Array(this.columns * this.rows);
  }

  /**
   * Reads rows [from, to) of an RGBA difference mask (`changed` pixels opaque, the others
   * transparent, as pixelmatch's `diffMask` draws them) and marks their cells.
   */
  markChangedRows(mask: Uint8Array | Uint8ClampedArray, from: number, to: number): void {
    const { width, cell, columns, cells } = this;
    // A pixel at a time as one 32-bit word, its alpha byte masked: a quarter of the reads of byte by byte.
    const pixels = new Uint32Array(mask.buffer, mask.byteOffset, mask.length / 4);
    for (let y = from; y < to; y += 1) {
      const rowStart = y * width;
      const cellRow = Math.floor(y / cell) * columns;
      for (let x = 0; x < width; x += 1) {
        if (((pixels[rowStart + x] ?? 0) & ALPHA_BITS) === 0) continue;
        this.changed += 1;
        cells[cellRow + Math.floor(x / cell)] = 1;
      }
    }
  }

  /**
   * The bounding boxes (in pixels, clipped to the image) of the clusters of marked cells, cells
   * touching at an edge or a corner being one cluster. Every changed pixel is inside one.
   */
  regions(): PixelBox[] {
    const { columns, rows, cells, cell, width, height } = this;
    const seen = new Uint8Array(cells.length);
    const boxes: PixelBox[] = [];
    const stack: number[] = [];
    for (let start = 0; start < cells.length; start += 1) {
      if (cells[start] === 0 || seen[start] === 1) continue;
      let left = columns;
      let top = rows;
      let right = -1;
      let bottom = -1;
      seen[start] = 1;
      stack.push(start);
      for (let index = stack.pop(); index !== undefined; index = stack.pop()) {
        const column = index % columns;
        const row = (index - column) / columns;
        left = Math.min(left, column);
        right = Math.max(right, column);
        top = Math.min(top, row);
        bottom = Math.max(bottom, row);
        for (let dy = -1; dy <= 1; dy += 1) {
          for (let dx = -1; dx <= 1; dx += 1) {
            const c = column + dx;
            const r = row + dy;
            if (c < 0 || r < 0 || c >= columns || r >= rows) continue;
            const next = r * columns + c;
            if (cells[next] === 1 && seen[next] === 0) {
              seen[next] = 1;
              stack.push(next);
            }
          }
        }
      }
      const x = left * cell;
      const y = top * cell;
      boxes.push({ x, y, width: Math.min((right + 1) * cell, width) - x, height: Math.min((bottom + 1) * cell, height) - y });
    }
    return boxes;
  }
}
