import { AttachmentNotAvailableError, type LoadImage } from '@toolcard/ui-tool-image';

/** The replay server's attachment route for its one session (the host's `createAttachmentHandler`). */
const ATTACHMENTS = '/api/sessions/current/attachments/';

class AttachmentLoadError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`loading the attachment failed: HTTP ${status}`);
    this.name = 'AttachmentLoadError';
    this.status = status;
  }
}

/**
 * Loads an image through the server. 404 is the handler's one answer for "not in the store", "not
 * referenced by this log" and "no --store given": the card shows "Not in the attachment store" and
 * does not retry. Anything else is a failure the card offers to retry.
 */
export const loadAttachment: LoadImage = async (ref, { signal }) => {
  const response = await fetch(`${ATTACHMENTS}${encodeURIComponent(ref.attachmentId)}`, { signal });
  if (response.status === 404) throw new AttachmentNotAvailableError();
  if (!response.ok) throw new AttachmentLoadError(response.status);
  return response.blob();
};
