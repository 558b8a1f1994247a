import { useMemo, useState, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import { galleryLayout } from '../../model/card/gallery-layout';
import { ImageLightbox } from '../lightbox';
import type { ImagesOwnerProps } from '../tool-slots';
import { GalleryThumbnail } from './gallery-thumbnail';
import { MoreImagesTile } from './more-images-tile';

export interface ImageGalleryProps extends ImagesOwnerProps {
  /** Tiles shown at most, a "+N" tile for the rest included. Default 6. */
  readonly maxVisible?: number;
}

interface OpenLightbox {
  readonly index: number;
  /** The tile that opened it: focus returns there. */
  readonly opener: HTMLElement;
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
  const [lightbox, setLightbox] = useState<OpenLightbox | null>(null);
  const openAt = (index: number) => (opener: HTMLElement) => {
    setLightbox({ index, opener });
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
      {lightbox === null ? null : (
        <ImageLightbox
          images={images}
          index={lightbox.index}
          onIndexChange={(index) => {
            setLightbox({ ...lightbox, index });
          }}
          onClose={() => {
            setLightbox(null);
          }}
          loadImage={loadImage}
          returnFocusTo={lightbox.opener}
        />
      )}
    </div>
  );
}
