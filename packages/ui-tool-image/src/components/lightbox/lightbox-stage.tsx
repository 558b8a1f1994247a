import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { AttachmentRef } from '../../model';
import { imageNotAvailableText, type ImageLoadState } from '../image-loading';
import { coordinateSpace } from './original-pixel';
import type { StageZoom } from './stage-zoom';
import { useZoomLevel } from './use-stage-zoom';
import type { Size } from './zoom-view';

export interface LightboxStageProps {
  readonly attachment: AttachmentRef;
  readonly image: ImageLoadState;
  readonly fileName: string;
  /** Draws the image; the stage gives it the wheel and the pointers. */
  readonly zoom: StageZoom;
}

function StageMessage({ text, children }: { readonly text: string; readonly children?: ReactNode }): ReactNode {
  return (
    <div className="tc-lightbox__message">
      <p>{text}</p>
      {children}
    </div>
  );
}

/**
 * The image, zoomed and panned by `zoom`, or why it is not shown yet: loading, failed (with retry)
 * or not in the store. Mounted per image: each starts at the fit.
 */
export function LightboxStage({ attachment, image, fileName, zoom }: LightboxStageProps): ReactNode {
  const labels = useLabels();
  const stageRef = useRef<HTMLDivElement>(null);
  const level = useZoomLevel(zoom);
  // A linked image's reference only guessed its size: the loaded image tells.
  const [loaded, setLoaded] = useState<Size>();
  const { width, height } = loaded ?? attachment;
  const imageRef = useCallback(
    (element: HTMLImageElement | null) => {
      zoom.setImageElement(element);
    },
    [zoom],
  );

  useLayoutEffect(() => {
    const stage = stageRef.current;
    return stage === null ? undefined : zoom.attach(stage);
  }, [zoom]);

  useLayoutEffect(() => {
    const size = { width, height };
    zoom.show(size, coordinateSpace(attachment, size));
  }, [zoom, attachment, width, height]);

  let content: ReactNode;
  switch (image.status) {
    case 'ready':
      content = (
        <img
          ref={imageRef}
          className="tc-lightbox__image"
          src={image.url}
          alt={fileName}
          width={width}
          height={height}
          draggable={false}
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (naturalWidth > 0 && (naturalWidth !== width || naturalHeight !== height)) setLoaded({ width: naturalWidth, height: naturalHeight });
          }}
        />
      );
      break;
    case 'failed': {
      const { retry } = image;
      content = (
        <StageMessage text={labels['image.failed']}>
          <button
            type="button"
            className="tc-lightbox__button"
            onClick={() => {
              // The button goes with the failed state: keep focus in the dialog, not on the body.
              stageRef.current?.focus();
              retry();
            }}
          >
            {labels['image.retry']}
          </button>
        </StageMessage>
      );
      break;
    }
    case 'not-available':
      content = <StageMessage text={imageNotAvailableText(image.reason, labels)} />;
      break;
    case 'idle':
    case 'loading':
      content = <StageMessage text={labels['image.loading']} />;
      break;
  }

  const mode = level.fitted ? 'fit' : level.actual ? 'actual' : 'zoomed';
  return (
    <div ref={stageRef} className={`tc-lightbox__stage tc-lightbox__stage--${mode}`} data-status={image.status} data-zoomed={level.zoomed} tabIndex={-1}>
      {content}
    </div>
  );
}
