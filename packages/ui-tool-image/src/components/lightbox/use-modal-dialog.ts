import { useEffect, type RefObject } from 'react';

import { useLatestCallback } from '../use-latest-callback';

export interface ModalDialogOptions {
  /** Receives focus once the dialog is shown; it must always be rendered and focusable. */
  readonly initialFocus: RefObject<HTMLElement | null>;
  /** Gets focus back when the dialog goes, if it is still in the document. */
  readonly returnFocusTo: HTMLElement | null | undefined;
  /** The user asked to close: Esc, or another close request of the platform. */
  readonly onClose: () => void;
  /** Every other keydown inside the dialog, heard at the dialog before any listener of the host page. */
  readonly onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * Shows a `<dialog>` as a modal while mounted: the platform makes the rest of the page inert, so
 * Tab never reaches the page behind. Closing is the owner's decision: close requests are cancelled and reported.
 * Listeners are native, on the dialog itself: React's sit on the portal container, where a host
 * page's own listeners may run first.
 */
export function useModalDialog(dialogRef: RefObject<HTMLDialogElement | null>, options: ModalDialogOptions): void {
  const { initialFocus } = options;
  const requestClose = useLatestCallback(() => {
    options.onClose();
  });
  const forwardKeyDown = useLatestCallback((event: KeyboardEvent) => {
    options.onKeyDown(event);
  });
  const focusReturnTarget = useLatestCallback(() => options.returnFocusTo);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') {
        forwardKeyDown(event);
        return;
      }
      // Esc is the dialog's: the host page must not act on it too (close a panel behind, say).
      // Handled here rather than left to `cancel`, which only trusted key presses raise;
      // preventDefault keeps the platform from raising it as well.
      event.stopPropagation();
      event.preventDefault();
      requestClose();
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // The platform may still close the dialog itself (a close request repeated without user
    // activation skips `cancel`): the owner must hear of it to unmount.
    const onClosed = () => {
      requestClose();
    };
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    if (!dialog.open) dialog.showModal();
    initialFocus.current?.focus();

    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
      // Still in the document when StrictMode re-runs the effect: showModal needs it closed.
      dialog.close();
      // A target removed meanwhile (its card went too) is not focusable: focus() does nothing.
      focusReturnTarget()?.focus();
    };
  }, [dialogRef, initialFocus, requestClose, forwardKeyDown, focusReturnTarget]);
}
