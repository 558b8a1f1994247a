import type { ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';

export interface MoreImagesTileProps {
  readonly hiddenCount: number;
  readonly width: number;
  readonly height: number;
  readonly onOpen: (opener: HTMLButtonElement) => void;
}

/** The "+N" tile standing for the images past the gallery's limit. */
export function MoreImagesTile({ hiddenCount, width, height, onOpen }: MoreImagesTileProps): ReactNode {
  const labels = useLabels();
  return (
    <button
      type="button"
      className="tc-gallery__more"
      style={{ width, height }}
      aria-label={formatLabel(labels['gallery.showMore'], { count: hiddenCount })}
      onClick={(event) => {
        onOpen(event.currentTarget);
      }}
    >
      {formatLabel(labels['gallery.moreCount'], { count: hiddenCount })}
    </button>
  );
}
