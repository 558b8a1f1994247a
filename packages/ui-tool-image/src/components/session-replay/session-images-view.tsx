import { useCallback, useRef, useState, type ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { SessionImage, SessionImages } from '../../model/replay/session-images';
import { ImageLightbox } from '../lightbox';
import { useToolCardSettings } from '../tool-card-settings';
import { SessionImageTile } from './session-image-tile';
import { useElementWidth } from './use-element-height';
import { VirtualReplayList } from './virtual-replay-list';

/** A tile's side (px): the gallery's row height, so a session's images look as its cards show them. */
const CELL = 112;
/** Between tiles, across and down (px). */
const GAP = 16;
/** A row of tiles with its captions, before it is measured (px). */
const ESTIMATED_ROW_HEIGHT = 200;
/** Columns before the grid's width is known (a server render): the first rows of a wide page. */
const INITIAL_COLUMNS = 4;

export interface SessionImagesViewProps {
  readonly images: SessionImages;
  /** The place in `images.images` of the image open in the lightbox; `null`: none. */
  readonly open: number | null;
  readonly onOpenChange: (position: number | null) => void;
  /** To the row of the call or message that holds `image`. */
  readonly onGoTo: (image: SessionImage) => void;
  /** When the session started (epoch ms), where its log says. */
  readonly sessionStart: number | undefined;
}

function columnsFor(width: number): number {
  return width === 0 ? INITIAL_COLUMNS : Math.max(1, Math.floor((width + GAP) / (CELL + GAP)));
}

/**
 * Every image of a session in the order its rows show them — its calls' and its messages' — as rows
 * of tiles that are mounted only near the viewport (the replay's own virtual list: one item per row
 * of tiles). A tile opens the lightbox over the whole sequence, so ←/→ cross from one call's or
 * message's images to the next.
 */
export function SessionImagesView({ images, open, onOpenChange, onGoTo, sessionStart }: SessionImagesViewProps): ReactNode {
  const labels = useLabels();
  const { loadImage } = useToolCardSettings();
  const grid = useRef<HTMLDivElement>(null);
  const columns = columnsFor(useElementWidth(grid));
  // The tile that opened the lightbox: focus returns there.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const { images: all } = images;
  const openAt = useCallback(
    (position: number, tile: HTMLButtonElement) => {
      setOpener(tile);
      onOpenChange(position);
    },
    [onOpenChange],
  );
  const renderRow = useCallback(
    (row: number) => (
      <div className="tc-images__row" style={{ gap: GAP }}>
        {all.slice(row * columns, (row + 1) * columns).map((image, column) => {
          const position = row * columns + column;
          return <SessionImageTile key={position} image={image} position={position} cell={CELL} sessionStart={sessionStart} onOpen={openAt} onGoTo={onGoTo} />;
        })}
      </div>
    ),
    [all, columns, openAt, onGoTo, sessionStart],
  );
  const keyOf = useCallback((row: number) => String(row), []);
  const shown = open === null ? undefined : all[open];

  return (
    <div ref={grid} className="tc-images">
      {all.length === 0 ? (
        <p className="tc-images__empty">{labels['replay.noImages']}</p>
      ) : (
        <VirtualReplayList
          count={Math.ceil(all.length / columns)}
          keyOf={keyOf}
          renderItem={renderRow}
          label={formatLabel(labels['replay.images'], { count: all.length })}
          estimatedSize={ESTIMATED_ROW_HEIGHT}
        />
      )}
      {open === null || shown === undefined ? null : (
        <ImageLightbox
          images={all}
          index={open}
          onIndexChange={onOpenChange}
          onClose={() => {
            onOpenChange(null);
          }}
          loadImage={loadImage}
          returnFocusTo={opener}
          callId={shown.kind === 'call' ? shown.node.callId : undefined}
          callImageIndex={shown.kind === 'call' ? shown.indexInCall : undefined}
        />
      )}
    </div>
  );
}
