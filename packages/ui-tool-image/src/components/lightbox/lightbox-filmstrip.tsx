import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ThumbnailLayout } from '../../model';
import { useLabels } from '../../labels';
import type { ImageCardImage } from '../../model';
import { galleryLayout } from '../../model/card/gallery-layout';
import { GalleryThumbnail } from '../gallery/gallery-thumbnail';
import { useNearViewport } from '../image-loading';
import type { LoadImage } from '../load-image';

/** The strip's tiles are a gallery row this tall. */
const FILMSTRIP_TILE_HEIGHT = 56;
/**
 * Tiles on each side of the current one: a session's whole image sequence (thousands) would
 * otherwise be as many frames in the dialog. More than a wide screen shows, so ←/→ never reach an edge that is not the sequence's.
 */
export const FILMSTRIP_REACH = 20;

export interface LightboxFilmstripProps {
  readonly images: readonly ImageCardImage[];
  readonly index: number;
  readonly loadImage: LoadImage;
  readonly onSelect: (index: number) => void;
}

interface FrameProps {
  readonly layout: ThumbnailLayout;
  readonly current: boolean;
  readonly children: ReactNode;
}

/**
 * A tile's place, its tile mounted once near the viewport: a tile far along a long strip would
 * otherwise hold its image's load (a thumbnail's viewer keeps it), and the lightbox could not let
 * go of the neighbours it moved away from.
 */
function FilmstripFrame({ layout, current, children }: FrameProps): ReactNode {
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={nearRef} className="tc-lightbox__frame" style={{ width: layout.width, height: layout.height }} data-current={current || undefined}>
      {near ? children : null}
    </div>
  );
}

/**
 * The card's images under the stage, as the gallery's own tiles (they load once near the
 * viewport, as there); the one shown is marked current and kept in view.
 */
export function LightboxFilmstrip({ images, index, loadImage, onSelect }: LightboxFilmstripProps): ReactNode {
  const labels = useLabels();
  const stripRef = useRef<HTMLDivElement>(null);
  const first = Math.max(0, index - FILMSTRIP_REACH);
  const end = Math.min(images.length, index + FILMSTRIP_REACH + 1);
  const tiles = useMemo(() => {
    const shown = images.slice(first, end).map((image) => image.attachment);
    return galleryLayout(shown, { maxVisible: shown.length, maxRowWidth: Infinity, rowHeight: FILMSTRIP_TILE_HEIGHT }).rows.flat();
  }, [images, first, end]);

  useLayoutEffect(() => {
    stripRef.current?.querySelector('[data-current]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [index]);

  return (
    <div ref={stripRef} className="tc-lightbox__filmstrip" role="group" aria-label={labels['lightbox.filmstrip']}>
      {tiles.map((tile) => {
        if (tile.kind !== 'image') return null;
        const at = first + tile.index;
        return (
          <FilmstripFrame key={at} layout={tile.thumbnail} current={at === index}>
            <GalleryThumbnail
              attachment={tile.image}
              layout={tile.thumbnail}
              loadImage={loadImage}
              current={at === index}
              onOpen={() => {
                onSelect(at);
              }}
            />
          </FilmstripFrame>
        );
      })}
    </div>
  );
}
