import { useState, useSyncExternalStore } from 'react';
import { StageZoom, type ZoomLevel } from './stage-zoom';
import type { Point } from './zoom-view';

/** One zoom for the dialog's life; the stage binds it, the toolbar and caption read it. */
export function useStageZoom(): StageZoom {
  return useState(() => new StageZoom())[0];
}

export function useZoomLevel(zoom: StageZoom): ZoomLevel {
  return useSyncExternalStore(zoom.subscribe, zoom.getLevel, zoom.getLevel);
}

export function usePointerPixel(zoom: StageZoom): Point | undefined {
  return useSyncExternalStore(zoom.subscribe, zoom.getPixel, zoom.getPixel);
}
