import type { AttachmentError, AttachmentErrorCode } from '@toolcard/host-read-image';

/** The store's verdicts on the bytes themselves: the same bytes get the same verdict every time. */
const VERDICTS_ON_BYTES: ReadonlySet<AttachmentErrorCode> = new Set([
  'INVALID_IMAGE',
  'IMAGE_TYPE_MISMATCH',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_DIMENSION_TOO_LARGE',
]);

/** The store is going away (the server is closing): the work stops rather than mark images refused. */
const STOPPING: ReadonlySet<AttachmentErrorCode> = new Set(['ATTACHMENT_ABORTED', 'ATTACHMENT_STORE_DISPOSED']);

export function isVerdictOnBytes(error: AttachmentError): boolean {
  return VERDICTS_ON_BYTES.has(error.code);
}

export function isStopping(error: AttachmentError): boolean {
  return STOPPING.has(error.code);
}

/** "The image is 30000x30000 px; each side…." → "the image is 30000x30000 px; each side…", as the page shows it after "Not shown:". */
export function refusalReason(error: AttachmentError): string {
  const message = error.message.trim().replace(/\.$/, '');
  return message.charAt(0).toLowerCase() + message.slice(1);
}
