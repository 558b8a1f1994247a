import { useEffect } from 'react';
import type { ImageCardImage } from '../../model';
import { usePrefetchAttachmentImage } from '../image-loading';
import type { LoadImage } from '../load-image';

/** Starts loading the images either side of the one shown, so ←/→ find them ready. */
export function usePrefetchNeighbours(images: readonly ImageCardImage[], index: number, loadImage: LoadImage): void {
  const prefetch = usePrefetchAttachmentImage();
  const previous = images[index - 1]?.attachment;
  const next = images[index + 1]?.attachment;
  useEffect(() => {
    if (previous !== undefined) prefetch(previous, loadImage);
    if (next !== undefined) prefetch(next, loadImage);
  }, [prefetch, previous, next, loadImage]);
}
