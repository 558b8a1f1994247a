import { useMemo, type ReactNode } from 'react';
import type { ImageCard } from '../../model';
import { renderSlot } from '../../slots';
import type { LoadImage } from '../load-image';
import type { ImagesOwnerProps } from '../tool-slots';

export interface ImageCardBodyProps {
  readonly card: ImageCard;
  readonly loadImage: LoadImage;
}

/**
 * The image card: label, the `tool.call.images` slot, then the result's text, if it has any (a
 * result of images alone has none). The label stays above the gallery because the slot may be
 * empty (no gallery plugin): the card is never blank.
 * That slot is the `read_image` toolview's child slot, which no other entry may render: an app's
 * own card shows `callImages(node)` in an `ImageGallery` instead.
 */
export function ImageCardBody({ card, loadImage }: ImageCardBodyProps): ReactNode {
  const { label, images, text } = card;
  // Stable owner props: a crashed gallery is retried when they change, not on every render.
  const imagesProps = useMemo<ImagesOwnerProps>(() => ({ images, loadImage, align: 'start' }), [images, loadImage]);
  return (
    <div className="tc-card tc-card--image">
      <p className="tc-card__label">{label}</p>
      {renderSlot('tool.call.images', imagesProps)}
      {text !== '' && <pre className="tc-text">{text}</pre>}
    </div>
  );
}
