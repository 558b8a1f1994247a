import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { formatLabel, useLabels } from '../../labels';
import type { ImageCardImage } from '../../model';
import { useAttachmentImageWithNeighbours } from '../image-loading';
import type { LoadImage } from '../load-image';
import { renderOptionalSlot } from '../../slots';
import type { ImageActionsOwnerProps } from '../tool-slots';
import { DownloadLink } from './download-link';
import { imageFileName } from './image-file-name';
import { indexForKey, zoomCommandForKey } from './keyboard-navigation';
import { LightboxCaption } from './lightbox-caption';
import { LightboxFilmstrip } from './lightbox-filmstrip';
import { LightboxStage } from './lightbox-stage';
import { neighboursOf } from './neighbours';
import { ToolbarButton } from './toolbar-button';
import { isTyping } from '../session-replay/replay-keys';
import { useModalDialog } from './use-modal-dialog';
import { useStageZoom } from './use-stage-zoom';
import { ZoomControls } from './zoom-controls';

/** How long the copy key's confirmation stays. */
const COPY_NOTE_MS = 2500;

/**
 * The dialog fills the viewport, so its backdrop is what shows of the dialog itself and of the
 * stage around the image: a press there closes, a press on the image, a control or the caption does not.
 */
function isBackdrop(target: EventTarget | null, dialog: HTMLDialogElement | null): boolean {
  return target === dialog || (target instanceof Element && target.classList.contains('tc-lightbox__stage'));
}

export interface ImageLightboxProps {
  /** The card's images; ←/→ move between them. */
  readonly images: readonly ImageCardImage[];
  /** The image shown (clamped to the images). */
  readonly index: number;
  readonly onIndexChange: (index: number) => void;
  /** The user asked to close; the owner unmounts the lightbox. */
  readonly onClose: () => void;
  readonly loadImage: LoadImage;
  /** Focus goes back here when the lightbox goes (the thumbnail that opened it). */
  readonly returnFocusTo?: HTMLElement | null;
  /** The call whose images these are, handed to the app's controls in `lightbox.image.actions`. */
  readonly callId?: string | undefined;
  /**
   * The shown image's place among call `callId`'s images, handed with it, when `images` are not that
   * call's alone (a session's, across calls); the shown `index` by default.
   */
  readonly callImageIndex?: number | undefined;
  /** Where the dialog is portalled; `document.body` by default. */
  readonly container?: Element | null;
}

/**
 * A card's images full size in a modal `<dialog>`, one at a time. Rendered only while open: it
 * shows itself on mount and hands focus back on unmount.
 */
export function ImageLightbox(props: ImageLightboxProps): ReactNode {
  const { images, index, container } = props;
  const shown = Math.min(Math.max(index, 0), images.length - 1);
  const image = images[shown];
  if (image === undefined) return null;
  return createPortal(<LightboxDialog {...props} index={shown} image={image} />, container ?? document.body);
}

interface LightboxDialogProps extends ImageLightboxProps {
  readonly image: ImageCardImage;
}

function LightboxDialog({
  images,
  index,
  onIndexChange,
  onClose,
  loadImage,
  returnFocusTo,
  callId,
  callImageIndex,
  image: shownImage,
}: LightboxDialogProps): ReactNode {
  const { attachment } = shownImage;
  const labels = useLabels();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const zoom = useStageZoom();
  const [copyNote, setCopyNote] = useState('');
  // Where the press began: a drag from the image out onto the backdrop is not a press on the backdrop.
  const pressTarget = useRef<EventTarget | null>(null);
  // The neighbours load too, so ←/→ find them ready; a step keeps every load still needed.
  const image = useAttachmentImageWithNeighbours(attachment, neighboursOf(images, index), loadImage);

  const actionsProps = useMemo<ImageActionsOwnerProps>(
    () => ({ image: shownImage, callId, index: callImageIndex ?? index }),
    [shownImage, callId, callImageIndex, index],
  );

  const count = images.length;
  const fileName = imageFileName(attachment);

  /** Moves as the key would; at an end nothing changes, so focus stays where it is. */
  const navigate = (key: string): boolean => {
    const target = indexForKey(key, index, count);
    if (target === undefined) return false;
    if (target !== index) onIndexChange(target);
    return true;
  };

  useEffect(() => {
    if (copyNote === '') return undefined;
    const timer = setTimeout(() => {
      setCopyNote('');
    }, COPY_NOTE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copyNote]);

  /** "x, y" of the pixel under the pointer to the clipboard, and a word on how it went. */
  const copyPosition = (): void => {
    const pixel = zoom.getPixel();
    if (pixel === undefined) {
      setCopyNote(labels['lightbox.copyNothing']);
      return;
    }
    navigator.clipboard.writeText(`${pixel.x}, ${pixel.y}`).then(
      () => {
        setCopyNote(formatLabel(labels['lightbox.copied'], { x: pixel.x, y: pixel.y }));
      },
      () => {
        setCopyNote(labels['lightbox.copyFailed']);
      },
    );
  };

  /** Zooms, pans or copies as the key says; `false` when it does none (an arrow at the fit navigates). */
  const zoomWithKey = (key: string): boolean => {
    const command = zoomCommandForKey(key);
    switch (command?.kind) {
      case undefined:
        return false;
      case 'zoom':
        zoom.zoomStep(command.direction);
        return true;
      case 'fit':
        zoom.fit();
        return true;
      case 'copy':
        copyPosition();
        return true;
      case 'pan':
        return zoom.panStep(command.x, command.y);
    }
  };

  useModalDialog(dialogRef, {
    initialFocus: closeRef,
    returnFocusTo,
    onClose,
    onKeyDown: (event) => {
      // An app's text field in the toolbar (a note) keeps its arrows and Home / End. Shift is
      // part of typing `+` on most layouts.
      if (event.altKey || event.ctrlKey || event.metaKey || (event.shiftKey && event.key !== '+') || isTyping(event.target)) return;
      if (!zoomWithKey(event.key) && !navigate(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
    },
  });

  return (
    <dialog
      ref={dialogRef}
      className="tc-lightbox"
      aria-labelledby={titleId}
      onPointerDown={(event) => {
        pressTarget.current = event.target;
      }}
      onClick={(event) => {
        const pressedBackdrop = isBackdrop(pressTarget.current, dialogRef.current);
        pressTarget.current = null;
        if (pressedBackdrop && isBackdrop(event.target, dialogRef.current)) onClose();
      }}
    >
      <div className="tc-lightbox__toolbar">
        {count > 1 ? (
          <>
            {/* The live region's text changes only with the index: only moves are announced. */}
            <p className="tc-lightbox__counter" aria-live="polite" aria-atomic="true">
              {formatLabel(labels['lightbox.counter'], { current: index + 1, total: count })}
            </p>
            {/* aria-disabled, not disabled: a disabled button would drop the focus at the ends. */}
            <ToolbarButton control="previous" aria-disabled={index === 0} onClick={() => navigate('ArrowLeft')} />
            <ToolbarButton control="next" aria-disabled={index === count - 1} onClick={() => navigate('ArrowRight')} />
          </>
        ) : null}
        <ZoomControls zoom={zoom} />
        <DownloadLink url={image.status === 'ready' ? image.url : undefined} fileName={fileName} />
        {renderOptionalSlot('lightbox.image.actions', actionsProps)}
        <ToolbarButton control="close" buttonRef={closeRef} onClick={onClose} />
      </div>
      {/* Keyed: every image starts at the fit, with its own size. */}
      <LightboxStage key={`${index}:${attachment.attachmentId}`} attachment={attachment} image={image} fileName={fileName} zoom={zoom} />
      {count > 1 ? <LightboxFilmstrip images={images} index={index} loadImage={loadImage} onSelect={onIndexChange} /> : null}
      <LightboxCaption attachment={attachment} fileName={fileName} titleId={titleId} zoom={zoom} copyNote={copyNote} />
    </dialog>
  );
}
