import type { AttachmentRef, ImageCardImage } from '../../model';

/** The images either side of the one shown (none past the ends). */
export function neighboursOf(images: readonly ImageCardImage[], index: number): AttachmentRef[] {
  return [images[index - 1], images[index + 1]].flatMap((image) => (image === undefined ? [] : [image.attachment]));
}
