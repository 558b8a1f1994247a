import { useMemo, type ReactNode } from 'react';
import { useLabels, type LabelKey, type LabelSet } from '../../labels';
import { type ImageCardImage } from '../../model';
import { imagePart } from '../../model/card/output-part';
import { renderSlot } from '../../slots';
import type { LoadImage } from '../load-image';
import { outputPartText } from '../row/result-text';
import type { ImagesOwnerProps, MessageOwnerProps } from '../tool-slots';
import type { MessagePart, MessageRole } from '../../model';

const ROLE_LABELS: Readonly<Record<MessageRole, LabelKey>> = {
  user: 'message.user',
  assistant: 'message.assistant',
  context: 'message.context',
};

type RenderImages = (images: readonly ImageCardImage[]) => ReactNode;

function MessageChrome({ role, parts, renderImages }: Omit<MessageOwnerProps, 'loadImage'> & { readonly renderImages: RenderImages }): ReactNode {
  const labels = useLabels();
  return (
    <div className={`tc-message tc-message--${role}`}>
      <p className="tc-message__role">{labels[ROLE_LABELS[role]]}</p>
      {parts.map((part, index) => (
        // Blocks of a recorded message never reorder: the index is a stable key.
        <MessagePartView key={index} part={part} labels={labels} renderImages={renderImages} />
      ))}
    </div>
  );
}

function MessagePartView({
  part,
  labels,
  renderImages,
}: {
  readonly part: MessagePart;
  readonly labels: LabelSet;
  readonly renderImages: RenderImages;
}): ReactNode {
  switch (part.kind) {
    case 'text':
      return <p className="tc-message__text">{part.text}</p>;
    case 'invalid-image':
      return <p className="tc-message__text">{labels['output.invalidImage']}</p>;
    case 'images':
      return <div className="tc-message__images">{renderImages(part.images)}</div>;
  }
}

/** Images as their text placeholders: what a message shows where no gallery fills its slot. */
function ImagePlaceholders({ images }: { readonly images: readonly ImageCardImage[] }): ReactNode {
  const labels = useLabels();
  return <p className="tc-message__text">{images.map(({ attachment }) => outputPartText(imagePart(attachment), labels)).join(' ')}</p>;
}

function MessageImages({ images, loadImage }: { readonly images: readonly ImageCardImage[]; readonly loadImage: LoadImage }): ReactNode {
  // Stable owner props: a crashed gallery is retried when they change, not on every render.
  const ownerProps = useMemo<ImagesOwnerProps>(() => ({ images, loadImage, align: 'start' }), [images, loadImage]);
  return renderSlot('conversation.message.images', ownerProps, { fallback: <ImagePlaceholders images={images} /> });
}

/**
 * A conversation message (the entry of `conversation.message`): its role, then its blocks in
 * order, each run of images through the `conversation.message.images` slot it declares.
 */
export function MessageView({ role, parts, loadImage }: MessageOwnerProps): ReactNode {
  return <MessageChrome role={role} parts={parts} renderImages={(images) => <MessageImages images={images} loadImage={loadImage} />} />;
}

/** A message as plain text with image placeholders: the fallback when the message view is missing or crashed. */
export function PlainMessageView({ role, parts }: MessageOwnerProps): ReactNode {
  return <MessageChrome role={role} parts={parts} renderImages={(images) => <ImagePlaceholders images={images} />} />;
}
