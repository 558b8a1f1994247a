import { useId, useMemo, useState, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import { isImageEnvelope, type ImageCard } from '../../model';
import { renderSlot } from '../../slots';
import type { LoadImage } from '../load-image';
import type { ImagesOwnerProps } from '../tool-slots';
import { ImageFactsLine } from './image-facts-line';
import { ShortenedPath } from './shortened-path';

export interface ImageCardBodyProps {
  readonly card: ImageCard;
  readonly loadImage: LoadImage;
  /**
   * The row's header shows the path already: the card's label is then kept for assistive
   * technology only, so the path is seen once. Default false.
   */
  readonly labelInHeader?: boolean;
}

/**
 * The image card: its label (seen only when the row does not show the path), one line of facts per image, the
 * `tool.call.images` slot, then the result's text: the `read_image` envelope behind a "What the
 * model received" toggle, another tool's text as it is (a result of images alone has none). The facts stay above the gallery because the slot may be empty (no gallery
 * plugin): the card is never blank.
 * That slot is the `read_image` toolview's child slot, which no other entry may render: an app's
 * own card shows `callImages(node)` in an `ImageGallery` instead.
 */
export function ImageCardBody({ card, loadImage, labelInHeader = false }: ImageCardBodyProps): ReactNode {
  const { label, images, text } = card;
  // Stable owner props: a crashed gallery is retried when they change, not on every render.
  const imagesProps = useMemo<ImagesOwnerProps>(() => ({ images, loadImage, align: 'start' }), [images, loadImage]);
  return (
    <div className="tc-card tc-card--image">
      <ShortenedPath path={label} className={labelInHeader ? 'tc-card__label tc-visually-hidden' : 'tc-card__label'} />
      {images.map(({ attachment }, index) => (
        // The same attachment may be shown twice in one result: the index keeps the keys apart.
        <ImageFactsLine key={`${String(index)}:${attachment.attachmentId}`} attachment={attachment} />
      ))}
      {renderSlot('tool.call.images', imagesProps)}
      {/* The envelope repeats the facts in the model's words: behind a toggle. Another tool's own text says something else: shown. */}
      {text === '' ? null : isImageEnvelope(text) ? <ReceivedText text={text} /> : <pre className="tc-text">{text}</pre>}
    </div>
  );
}

/** The result's text as the model received it (the envelope), closed until asked for; mounted either way so find-in-page reaches it. */
function ReceivedText({ text }: { readonly text: string }): ReactNode {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <div className="tc-card__received">
      <button
        type="button"
        className="tc-card__received-toggle"
        aria-expanded={open}
        aria-controls={textId}
        onClick={() => {
          setOpen(!open);
        }}
      >
        <span className="tc-row__chevron" aria-hidden="true" />
        {labels['card.received']}
      </button>
      <pre id={textId} className="tc-text" hidden={!open}>
        {text}
      </pre>
    </div>
  );
}
