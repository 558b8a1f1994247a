/** A loader rejects with this to say the attachment is not in the store (retrying will not help). */
export class AttachmentNotAvailableError extends Error {
  constructor(message = 'The attachment is not in the attachment store.', options?: ErrorOptions) {
    super(message, options);
    this.name = 'AttachmentNotAvailableError';
  }
}

/**
 * Whether a loader's error means "not in the store". Loaders written against another store or an
 * HTTP endpoint say so in their own words: the store's `ATTACHMENT_NOT_FOUND` code, this error's
 * name (across bundles, where `instanceof` fails) or an HTTP-ish `status: 404`.
 */
export function isAttachmentNotAvailable(error: unknown): boolean {
  if (error instanceof AttachmentNotAvailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, status } = error as { code?: unknown; name?: unknown; status?: unknown };
  return code === 'ATTACHMENT_NOT_FOUND' || name === 'AttachmentNotAvailableError' || status === 404;
}
