import { memo, useMemo, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import { toolRowModel } from '../../model';
import { cellThumbnail } from '../../model/card/gallery-layout';
import type { SessionImage } from '../../model/replay/session-images';
import { GalleryThumbnail } from '../gallery/gallery-thumbnail';
import { rowTitle } from '../row/row-title';
import { ShortenedPath } from '../row/shortened-path';
import { pathDisplayOptions, useToolCardSettings } from '../tool-card-settings';

export interface SessionImageTileProps {
  readonly image: SessionImage;
  /** The image's place in the session's images. */
  readonly position: number;
  /** The tile's side (px). */
  readonly cell: number;
  readonly onOpen: (position: number, opener: HTMLButtonElement) => void;
  readonly onGoToCall: (callId: string) => void;
}

/**
 * One image of the session: the gallery's thumbnail (loaded once near the viewport, its problem
 * said over it), the title and path of the call that returned it, as its row shows them, and a
 * button to that row.
 */
export const SessionImageTile = memo(function SessionImageTile({ image, position, cell, onOpen, onGoToCall }: SessionImageTileProps): ReactNode {
  const labels = useLabels();
  const settings = useToolCardSettings();
  const { node } = image;
  const row = toolRowModel(node, pathDisplayOptions(settings));
  const layout = useMemo(() => cellThumbnail(image.attachment, cell), [image.attachment, cell]);
  const title = rowTitle(node, row, labels);
  // Named in full here: a path's two parts are flex items, which a browser would name with a space between.
  const callName = row.summary === undefined ? title : `${title} ${row.summary}`;
  return (
    <figure className="tc-images__tile" data-call-id={node.callId} aria-label={callName}>
      <GalleryThumbnail
        attachment={image.attachment}
        layout={layout}
        loadImage={settings.loadImage}
        onOpen={(opener) => {
          onOpen(position, opener);
        }}
      />
      <figcaption className="tc-images__caption" style={{ width: cell }}>
        <span className="tc-images__title">{title}</span>{' '}
        {row.summary === undefined ? null : row.filePath === undefined ? (
          <span className="tc-images__summary" title={row.summary}>
            {row.summary}
          </span>
        ) : (
          <ShortenedPath path={row.summary} className="tc-images__summary" />
        )}
      </figcaption>
      <button
        type="button"
        className="tc-images__go-to"
        aria-label={`${labels['replay.goToCall']} ${callName}`}
        onClick={() => {
          onGoToCall(node.callId);
        }}
      >
        {labels['replay.goToCall']}
      </button>
    </figure>
  );
});
