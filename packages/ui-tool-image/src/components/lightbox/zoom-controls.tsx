import { useEffect, useState, type ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { StageZoom, ZoomLevel } from './stage-zoom';
import { ToolbarButton } from './toolbar-button';
import { useZoomLevel } from './use-stage-zoom';

/** How long the zoom must rest before it is announced: a wheel's ticks would each be read out. */
export const ZOOM_ANNOUNCE_DELAY_MS = 500;

/** The level the person zoomed to, once it settles; a new image's fit is not announced (the counter speaks then). */
function useSettledAnnouncement({ percent, zoomChanges }: ZoomLevel): number | undefined {
  const [announced, setAnnounced] = useState<number>();
  useEffect(() => {
    if (zoomChanges === 0) return undefined;
    const timer = setTimeout(() => {
      setAnnounced(percent);
    }, ZOOM_ANNOUNCE_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [percent, zoomChanges]);
  return announced;
}

/** Zoom out, the level, zoom in, and Actual size (1:1 ↔ fit). */
export function ZoomControls({ zoom }: { readonly zoom: StageZoom }): ReactNode {
  const labels = useLabels();
  const level = useZoomLevel(zoom);
  const announced = useSettledAnnouncement(level);
  return (
    <>
      <div className="tc-lightbox__zoom">
        {/* aria-disabled, not disabled: a disabled button would drop the focus at the limits. */}
        <ToolbarButton
          control="zoomOut"
          aria-disabled={!level.zoomed}
          onClick={() => {
            if (level.zoomed) zoom.zoomStep(-1);
          }}
        />
        <span className="tc-lightbox__zoom-level">{formatLabel(labels['lightbox.zoomLevel'], { percent: level.percent })}</span>
        <ToolbarButton
          control="zoomIn"
          aria-disabled={!level.canZoomIn}
          onClick={() => {
            if (level.canZoomIn) zoom.zoomStep(1);
          }}
        />
      </div>
      <ToolbarButton
        control="actualSize"
        aria-pressed={level.actual}
        onClick={() => {
          zoom.toggleActualSize();
        }}
      />
      <span className="tc-visually-hidden" aria-live="polite" aria-atomic="true">
        {announced === undefined ? null : formatLabel(labels['lightbox.zoomAnnouncement'], { percent: announced })}
      </span>
    </>
  );
}
