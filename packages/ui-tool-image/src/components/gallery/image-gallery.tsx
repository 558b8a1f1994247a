import { useContext, useMemo, useState, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import { galleryLayout } from '../../model/card/gallery-layout';
import { ImageLightbox } from '../lightbox';
import type { ImagesOwnerProps } from '../tool-slots';
import { GalleryThumbnail } from './gallery-thumbnail';
import { MoreImagesTile } from './more-images-tile';
import { OpenImageContext } from './open-image';
import { RowCallContext } from '../row/row-call-context';

export interface ImageGalleryProps extends ImagesOwnerProps {
  /** Tiles shown at most, a "+N" tile for the rest included. Default 6. */
  readonly maxVisible?: number;
}

/**
 * Which of the images is open in the lightbox. Inside a replay's call row it is the replay's (an
 * embedder may open it from a link); elsewhere the gallery's own.
 */
function useOpenIndex(): readonly [number | null, (index: number | null) => void] {
  const callId = useContext(RowCallContext);
  const replay = useContext(OpenImageContext);
  const [own, setOwn] = useState<number | null>(null);
  if (replay === null || callId === undefined) return [own, setOwn] as const;
  const open = replay.open?.callId === callId ? replay.open.index : null;
  const setOpen = (index: number | null): void => {
    replay.setOpen(index === null ? null : { callId, index });
  };
  return [open, setOpen] as const;
}

/** A card's images as thumbnails laid out from their dimensions; a thumbnail opens the lightbox. */
export function ImageGallery({ images, loadImage, align, maxVisible }: ImageGalleryProps): ReactNode {
  const labels = useLabels();
  const layout = useMemo(
    () =>
      galleryLayout(
        images.map((image) => image.attachment),
        maxVisible === undefined ? {} : { maxVisible },
      ),
    [images, maxVisible],
  );
  const callId = useContext(RowCallContext);
  const [openIndex, setOpenIndex] = useOpenIndex();
  // The tile that opened the lightbox: focus returns there. None when the embedder opened it.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const openAt = (index: number) => (tile: HTMLElement) => {
    setOpener(tile);
    setOpenIndex(index);
  };
  // No images, no gallery: an empty labelled group would only be noise to a screen reader.
  if (images.length === 0) return null;

  return (
    <div className="tc-gallery" role="group" aria-label={labels['gallery.label']} data-align={align} style={{ gap: layout.gap }}>
      {layout.rows.map((row, rowIndex) => (
        // A row is a position in a layout computed from the images alone: its index is its identity.
        <div key={rowIndex} className="tc-gallery__row" style={{ gap: layout.gap }}>
          {row.map((tile) =>
            tile.kind === 'image' ? (
              <GalleryThumbnail key={tile.index} attachment={tile.image} layout={tile.thumbnail} loadImage={loadImage} onOpen={openAt(tile.index)} />
            ) : (
              <MoreImagesTile key="more" hiddenCount={tile.hiddenCount} width={tile.width} height={tile.height} onOpen={openAt(tile.index)} />
            ),
          )}
        </div>
      ))}
      {openIndex === null ? null : (
        <ImageLightbox
          images={images}
          index={openIndex}
          onIndexChange={setOpenIndex}
          onClose={() => {
            setOpenIndex(null);
          }}
          loadImage={loadImage}
          returnFocusTo={opener}
          callId={callId}
        />
      )}
    </div>
  );
}
