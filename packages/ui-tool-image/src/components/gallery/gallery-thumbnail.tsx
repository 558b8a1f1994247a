import { useId, useRef, type ReactNode } from 'react';
import { formatLabel, useLabels, type LabelSet } from '../../labels';
import type { AttachmentRef, ThumbnailLayout } from '../../model';
import { imageNotAvailableText, useAttachmentImage, useNearViewport, type ImageLoadState } from '../image-loading';
import type { LoadImage } from '../load-image';
import { imageDisplayName } from './image-display-name';
import { TileIcon } from './tile-icon';

export interface GalleryThumbnailProps {
  readonly attachment: AttachmentRef;
  readonly layout: ThumbnailLayout;
  readonly loadImage: LoadImage;
  readonly onOpen: (opener: HTMLButtonElement) => void;
  /** The image shown now (the lightbox's filmstrip marks it with `aria-current`). */
  readonly current?: boolean;
}

function problemText(state: ImageLoadState, labels: LabelSet): string | undefined {
  if (state.status === 'failed') return labels['image.failed'];
  if (state.status === 'not-available') return imageNotAvailableText(state.reason, labels);
  return undefined;
}

/**
 * One image as a button that opens the lightbox. The tile has its final size from the layout
 * whatever the state, and its bytes are requested only once it comes near the viewport.
 *
 * A problem is said in words over the thumbnail; a tile too small for the words (a tiny image, a
 * narrow one in a row) shows an icon instead (CSS container query), the words as the thumbnail's
 * tooltip, its description and the live region's text, and in the lightbox it opens.
 */
export function GalleryThumbnail({ attachment, layout, loadImage, onOpen, current }: GalleryThumbnailProps): ReactNode {
  const labels = useLabels();
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  const state = useAttachmentImage(attachment, loadImage, { enabled: near });
  const thumbRef = useRef<HTMLButtonElement>(null);
  const nameId = useId();
  const problemId = useId();
  const retryId = useId();
  const name = imageDisplayName(attachment, labels);
  const problem = problemText(state, labels);
  const imageSize = { width: layout.imageWidth, height: layout.imageHeight };

  return (
    <div ref={nearRef} className="tc-gallery__tile" data-status={state.status} style={{ width: layout.width, height: layout.height }}>
      <button
        ref={thumbRef}
        type="button"
        className="tc-gallery__thumb"
        aria-describedby={problem === undefined ? undefined : problemId}
        aria-current={current === true ? 'true' : undefined}
        title={problem}
        onClick={(event) => {
          onOpen(event.currentTarget);
        }}
      >
        {/* Named by its content: the image's alt once shown, the same name as text until then. */}
        {state.status === 'ready' ? (
          <img
            className="tc-gallery__image"
            src={state.url}
            alt={name}
            {...imageSize}
            style={{ objectPosition: layout.objectPosition, ...(layout.pixelated ? { imageRendering: 'pixelated' } : {}) }}
            draggable={false}
          />
        ) : (
          <>
            <span id={nameId} className="tc-visually-hidden">
              {name}
            </span>
            <span className="tc-gallery__placeholder" style={imageSize} />
          </>
        )}
      </button>
      {/* Present from the start, as a live region must be, so a failure is announced. */}
      <p className="tc-visually-hidden" role="status">
        {problem === undefined ? null : formatLabel(labels['gallery.imageProblem'], { name, problem })}
      </p>
      {problem === undefined ? null : (
        <div className="tc-gallery__overlay">
          <p id={problemId} className="tc-gallery__problem" aria-hidden="true">
            {problem}
          </p>
          {state.status === 'not-available' ? <TileIcon icon="missing" className="tc-gallery__problem-icon" /> : null}
          {state.status === 'failed' ? (
            <button
              id={retryId}
              type="button"
              className="tc-gallery__retry"
              aria-labelledby={`${retryId} ${nameId}`}
              onClick={() => {
                // The button goes with the failed state: keep focus on the thumbnail, not the body.
                thumbRef.current?.focus();
                state.retry();
              }}
            >
              <TileIcon icon="retry" className="tc-gallery__retry-icon" />
              <span className="tc-gallery__retry-label">{labels['image.retry']}</span>
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
