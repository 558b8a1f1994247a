import type { ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { StageZoom } from './stage-zoom';
import { usePointerPixel } from './use-stage-zoom';

export interface PointerPositionProps {
  readonly zoom: StageZoom;
  /** What the last copy said (copied, failed, nothing to copy), announced; empty when none. */
  readonly copyNote: string;
}

/**
 * The pointer's position in the image's pixels (the original file's when downscaled), and the
 * copy key's confirmation. The position is not a live region: it changes with every move.
 */
export function PointerPosition({ zoom, copyNote }: PointerPositionProps): ReactNode {
  const labels = useLabels();
  const pixel = usePointerPixel(zoom);
  return (
    <p className="tc-lightbox__position">
      <span className="tc-lightbox__pointer">{pixel === undefined ? null : formatLabel(labels['lightbox.pointer'], { x: pixel.x, y: pixel.y })}</span>
      <span role="status">{copyNote}</span>
    </p>
  );
}
