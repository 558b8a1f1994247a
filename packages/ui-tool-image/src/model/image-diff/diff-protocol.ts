import type { ImageDifference } from './image-difference';

/** What the page asks the diff worker: compare these two images. */
export interface DiffRequest {
  readonly before: Blob;
  readonly after: Blob;
}

/** What the worker answers: the difference (its mask transferred), or why it could not compare. */
export type DiffAnswer = { readonly kind: 'done'; readonly difference: ImageDifference } | { readonly kind: 'failed'; readonly message: string };
