import { AttachmentNotAvailableError, type LoadImage } from '@toolcard/ui-tool-image';

import { sessionApi } from './session-api';

class AttachmentLoadError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`loading the attachment failed: HTTP ${status}`);
    this.name = 'AttachmentLoadError';
    this.status = status;
  }
}

/** The server's answer for an image of another agent's file that the store refused on its first request; the body is the store's reason. */
const REFUSED = 422;

/**
 * Loads a session's images through the server's attachment route (the host's
 * `createAttachmentHandler`). 404 is the handler's one answer for "not in the store", "not
 * referenced by this log" and "no --store given": the card shows "Not in the attachment store" and
 * does not retry. 422 is the store's refusal of the bytes (not an image, a decompression bomb…): the
 * card shows the reason and does not retry either. Anything else is a failure the card offers to retry.
 */
export function attachmentLoader(sessionId: string): LoadImage {
  const attachments = `${sessionApi(sessionId)}/attachments/`;
  return async (ref, { signal }) => {
    const response = await fetch(`${attachments}${encodeURIComponent(ref.attachmentId)}`, { signal });
    if (response.status === 404) throw new AttachmentNotAvailableError();
    if (response.status === REFUSED) {
      const reason = (await response.text()).trim();
      throw new AttachmentNotAvailableError(`The attachment store refused the image: ${reason}`, { reason });
    }
    if (!response.ok) throw new AttachmentLoadError(response.status);
    return response.blob();
  };
}
