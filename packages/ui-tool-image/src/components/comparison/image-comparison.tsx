import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { formatLabel, useLabels, useLocale, type LabelSet, type Locale } from '../../labels';
import type { ImageCardImage } from '../../model';
import { renderOptionalSlot } from '../../slots';
import { useAttachmentImage, type ImageLoadState } from '../image-loading';
import { imageFileName } from '../lightbox/image-file-name';
import { ToolbarButton } from '../lightbox/toolbar-button';
import { useModalDialog } from '../lightbox/use-modal-dialog';
import type { LoadImage } from '../load-image';
import { isTyping } from '../session-replay/replay-keys';
import type { ImageActionsOwnerProps } from '../tool-slots';
import { modeForKey, type ImageComparisonMode } from './comparison-modes';
import { ModeSwitcher } from './mode-switcher';
import { ComparisonStage, type ComparedSide } from './comparison-stage';
import { changedPixelsText, scaleText } from './difference-text';
import { SideImage } from './side-image';
import { useImageDifference, type DifferenceState } from './use-image-difference';

/** One side of a comparison: an image and the loader of the store it came from. */
export interface ComparedImage {
  readonly image: ImageCardImage;
  readonly loadImage: LoadImage;
}

export interface ImageComparisonProps {
  /** A: the image of the first run (the golden one). */
  readonly before: ComparedImage;
  /** B: the image of the second run; the `lightbox.image.actions` slot (verdicts) is given this one. */
  readonly after: ComparedImage;
  /** The user asked to close; the owner unmounts the comparison. */
  readonly onClose: () => void;
  /** Focus goes back here when the comparison goes. */
  readonly returnFocusTo?: HTMLElement | null;
  /** The call whose result holds B, handed to the app's controls in `lightbox.image.actions`. */
  readonly callId?: string | undefined;
  /** Where the dialog is portalled; `document.body` by default. */
  readonly container?: Element | null;
  /** The mode shown first; Side by side by default. */
  readonly initialMode?: ImageComparisonMode;
  /**
   * Makes a worker running the package's `@toolcard/ui-tool-image/diff-worker` module, which decodes
   * and compares the images off the page's thread. With Vite,
   * `import DiffWorker from '@toolcard/ui-tool-image/diff-worker?worker'` and `() => new DiffWorker()`;
   * with webpack 5 or Next.js, `() => new Worker(new URL('@toolcard/ui-tool-image/diff-worker', import.meta.url), { type: 'module' })`.
   * Without it the images are compared on the page's thread, in short steps.
   */
  readonly createDiffWorker?: (() => Worker) | undefined;
}

/**
 * Two images compared in a modal `<dialog>`, the lightbox's sibling: Side by side, Swipe, Onion skin
 * and Difference (pixelmatch, anti-aliasing tolerant, changed regions outlined). A pair with the same
 * digest is the Same image: nothing is decoded or compared. Rendered only while open.
 */
export function ImageComparison(props: ImageComparisonProps): ReactNode {
  return createPortal(<ComparisonDialog {...props} />, props.container ?? document.body);
}

function resultText(same: boolean, unavailable: boolean, difference: DifferenceState, labels: LabelSet, locale: Locale): string {
  if (same) return labels['comparison.sameImage'];
  if (unavailable) return labels['comparison.failed'];
  switch (difference.status) {
    case 'waiting':
      return labels['comparison.waiting'];
    case 'computing':
      return labels['comparison.computing'];
    case 'failed':
      return labels['comparison.failed'];
    case 'done': {
      const { changed, compared } = difference.difference;
      return changedPixelsText(changed, compared.width * compared.height, labels, locale);
    }
  }
}

function readyUrl(state: ImageLoadState): string | undefined {
  return state.status === 'ready' ? state.url : undefined;
}

function ComparisonDialog({ before, after, onClose, returnFocusTo, callId, initialMode = 'side-by-side', createDiffWorker }: ImageComparisonProps): ReactNode {
  const labels = useLabels();
  const locale = useLocale();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [mode, setMode] = useState(initialMode);

  // The same digest is the same bytes: one image loads, nothing is decoded to compare.
  const same = before.image.attachment.attachmentId === after.image.attachment.attachmentId;
  const beforeState = useAttachmentImage(before.image.attachment, before.loadImage, { enabled: !same });
  const afterState = useAttachmentImage(after.image.attachment, after.loadImage, { enabled: true });
  const difference = useImageDifference(same ? undefined : readyUrl(beforeState), same ? undefined : readyUrl(afterState), same ? undefined : createDiffWorker);

  const actionsProps = useMemo<ImageActionsOwnerProps>(() => ({ image: after.image, callId, index: 0 }), [after.image, callId]);

  useModalDialog(dialogRef, {
    initialFocus: closeRef,
    returnFocusTo,
    onClose,
    onKeyDown: (event) => {
      // Digits choose a mode from anywhere in the dialog but a text field of the app's (a note).
      if (same || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target) || !/^[1-4]$/.test(event.key)) return;
      const next = modeForKey(event.key, mode);
      if (next === undefined) return;
      event.preventDefault();
      setMode(next);
    },
  });

  const names = [imageFileName(before.image.attachment), imageFileName(after.image.attachment)] as const;
  const sides = [
    { letter: labels['comparison.before'], name: names[0], state: beforeState },
    { letter: labels['comparison.after'], name: names[1], state: afterState },
  ].map(({ letter, name, state }): ComparedSide => ({ state, alt: `${letter}: ${name}`, caption: `${letter} · ${name}` })) as [ComparedSide, ComparedSide];

  // A side that failed or is not in the store leaves nothing to compare until a retry loads it.
  const unavailable = [beforeState, afterState].some(({ status }) => status === 'failed' || status === 'not-available');
  const busy = !same && !unavailable && (difference.status === 'waiting' || difference.status === 'computing');
  const result = resultText(same, unavailable, difference, labels, locale);
  const announced = same ? result : formatLabel(labels['comparison.announce'], { mode: labels[`comparison.mode.${mode}`], result });
  const scale = difference.status === 'done' ? scaleText(difference.difference, labels) : undefined;

  return (
    <dialog ref={dialogRef} className="tc-lightbox tc-comparison" aria-labelledby={titleId}>
      <div className="tc-lightbox__toolbar">
        {same ? <span className="tc-comparison__spacer" /> : <ModeSwitcher mode={mode} onModeChange={setMode} />}
        {renderOptionalSlot('lightbox.image.actions', actionsProps)}
        <ToolbarButton control="close" buttonRef={closeRef} onClick={onClose} />
      </div>
      {same ? (
        <div className="tc-comparison__stage">
          <div className="tc-comparison__frame">
            <SideImage state={afterState} alt={names[1]} />
          </div>
        </div>
      ) : (
        <ComparisonStage mode={mode} before={sides[0]} after={sides[1]} difference={difference} />
      )}
      <div className="tc-lightbox__caption">
        <h2 id={titleId} className="tc-lightbox__title">
          {formatLabel(labels['comparison.title'], { before: names[0], after: names[1] })}
        </h2>
        <p className="tc-lightbox__details">
          {/* Announces the mode with the result: a switch, and the count once it is known. */}
          <span className="tc-comparison__result" aria-live="polite" aria-atomic="true" data-status={busy ? 'loading' : 'done'}>
            {announced}
          </span>
          {scale === undefined ? null : <span>{scale}</span>}
        </p>
      </div>
    </dialog>
  );
}
