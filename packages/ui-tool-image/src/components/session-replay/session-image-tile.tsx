import { memo, useMemo, type ReactNode } from 'react';
import { useLabels, type LabelKey, type LabelSet } from '../../labels';
import type { MessageRole } from '../../model';
import { toolRowModel } from '../../model';
import { cellThumbnail } from '../../model/card/gallery-layout';
import type { CallSessionImage, MessageSessionImage, SessionImage } from '../../model/replay/session-images';
import { GalleryThumbnail } from '../gallery/gallery-thumbnail';
import { rowTitle } from '../row/row-title';
import { ShortenedPath } from '../row/shortened-path';
import { pathDisplayOptions, useToolCardSettings, type ToolCardSettings } from '../tool-card-settings';
import { offsetText } from './time-text';

export interface SessionImageTileProps {
  readonly image: SessionImage;
  /** The image's place in the session's images. */
  readonly position: number;
  /** The tile's side (px). */
  readonly cell: number;
  /** When the session started (epoch ms), where its log says: a message's image is told by its time after it. */
  readonly sessionStart: number | undefined;
  readonly onOpen: (position: number, opener: HTMLButtonElement) => void;
  /** To the row of the call or message that holds the image. */
  readonly onGoTo: (image: SessionImage) => void;
}

const MESSAGE_LABELS: Readonly<Record<MessageRole, LabelKey>> = {
  user: 'replay.imageOf.user',
  assistant: 'replay.imageOf.assistant',
  context: 'replay.imageOf.context',
};

/** What a tile's caption says of where its image comes from, and the whole of it as one name. */
interface TileSource {
  readonly name: string;
  readonly caption: ReactNode;
  readonly goTo: string;
}

function callSource({ node }: CallSessionImage, labels: LabelSet, settings: ToolCardSettings): TileSource {
  const row = toolRowModel(node, pathDisplayOptions(settings));
  const title = rowTitle(node, row, labels);
  return {
    // Named in full here: a path's two parts are flex items, which a browser would name with a space between.
    name: row.summary === undefined ? title : `${title} ${row.summary}`,
    caption: (
      <>
        <span className="tc-images__title">{title}</span>{' '}
        {row.summary === undefined ? null : row.filePath === undefined ? (
          <span className="tc-images__summary" title={row.summary}>
            {row.summary}
          </span>
        ) : (
          <ShortenedPath path={row.summary} className="tc-images__summary" />
        )}
      </>
    ),
    goTo: labels['replay.goToCall'],
  };
}

function messageSource({ message }: MessageSessionImage, labels: LabelSet, sessionStart: number | undefined): TileSource {
  const title = labels[MESSAGE_LABELS[message.role]];
  const offset = message.startedAt === undefined || sessionStart === undefined ? undefined : offsetText(message.startedAt - sessionStart);
  return {
    name: offset === undefined ? title : `${title} ${offset}`,
    caption: (
      <>
        <span className="tc-images__title">{title}</span>{' '}
        {offset === undefined ? null : (
          <time className="tc-images__summary" dateTime={new Date(message.startedAt ?? 0).toISOString()}>
            {offset}
          </time>
        )}
      </>
    ),
    goTo: labels['replay.goToMessage'],
  };
}

/**
 * One image of the session: the gallery's thumbnail (loaded once near the viewport, its problem
 * said over it), where it comes from — the title and path of the call that returned it, as its row
 * shows them, or the message that holds it and when — and a button to that row.
 */
export const SessionImageTile = memo(function SessionImageTile({ image, position, cell, sessionStart, onOpen, onGoTo }: SessionImageTileProps): ReactNode {
  const labels = useLabels();
  const settings = useToolCardSettings();
  const layout = useMemo(() => cellThumbnail(image.attachment, cell), [image.attachment, cell]);
  const source = image.kind === 'call' ? callSource(image, labels, settings) : messageSource(image, labels, sessionStart);
  return (
    <figure
      className="tc-images__tile"
      data-call-id={image.kind === 'call' ? image.node.callId : undefined}
      data-message-key={image.kind === 'message' ? image.message.key : undefined}
      aria-label={source.name}
    >
      <GalleryThumbnail
        attachment={image.attachment}
        layout={layout}
        loadImage={settings.loadImage}
        onOpen={(opener) => {
          onOpen(position, opener);
        }}
      />
      <figcaption className="tc-images__caption" style={{ width: cell }}>
        {source.caption}
      </figcaption>
      <button
        type="button"
        className="tc-images__go-to"
        aria-label={`${source.goTo} ${source.name}`}
        onClick={() => {
          onGoTo(image);
        }}
      >
        {source.goTo}
      </button>
    </figure>
  );
});
