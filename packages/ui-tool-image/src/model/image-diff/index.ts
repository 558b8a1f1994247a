// Image differences: pure enough for the diff worker and the page alike (browser APIs, no React).
// Not part of the `./model` entry: only the comparison view and the worker import it.
export { ChangedCellGrid, regionCellSize, type PixelBox } from './changed-regions';
export { changedPercent } from './changed-share';
export { commonSize, readImagePair } from './decoded-image';
export { computeImageDifference, maskBitmap, type ComputeOptions, type ImageDifference, type PixelSize } from './image-difference';
export type { DiffAnswer, DiffRequest } from './diff-protocol';
export { diffPixels, type PixelDifference } from './pixel-diff';
