import type { AttachmentRef } from '../content-blocks';

export interface TextPart {
  readonly kind: 'text';
  readonly text: string;
}

export interface ImagePart {
  readonly kind: 'image';
  readonly name?: string;
  readonly width: number;
  readonly height: number;
}

/**
 * A JSON text block, pretty-printed, with every attachment reference in it replaced by an image
 * part. A UI renders the segments run together, so each placeholder sits where its reference was.
 */
export interface JsonWithImagesPart {
  readonly kind: 'json-with-images';
  readonly segments: readonly (TextPart | ImagePart)[];
}

/**
 * One block of a settled result. Built from validated fields only, so no part can carry the raw
 * attachment: `invalid-image` is an image block with a malformed reference, `unsupported` any other block.
 */
export type OutputPart = TextPart | ImagePart | JsonWithImagesPart | { readonly kind: 'invalid-image' } | { readonly kind: 'unsupported' };

/** The placeholder of an attachment: its name and dimensions, never the reference itself. */
export function imagePart({ name, width, height }: AttachmentRef): ImagePart {
  return { kind: 'image', width, height, ...(name === undefined ? {} : { name }) };
}
