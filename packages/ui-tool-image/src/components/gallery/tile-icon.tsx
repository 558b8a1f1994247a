import type { ReactNode } from 'react';
import { StrokeIcon } from '../row/tool-icon';

/** 16×16 stroke outlines for a tile too small to say its problem in words. */
const TILE_ICON_PATHS = {
  /** An image frame struck through: the store has no such image. */
  missing: 'M2.5 3.5h11v9h-11Z M2 14.5L14 1.5',
  /** A circular arrow: load again. */
  retry: 'M13 8a5 5 0 1 1-1.46-3.54 M13 1.75v3h-3',
} as const;

export function TileIcon({ icon, className }: { readonly icon: keyof typeof TILE_ICON_PATHS; readonly className: string }): ReactNode {
  return <StrokeIcon className={className} path={TILE_ICON_PATHS[icon]} />;
}
