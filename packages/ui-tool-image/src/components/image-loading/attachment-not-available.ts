/**
 * A loader rejects with this to say the attachment is not in the store (retrying will not help);
 * with a `reason` when the store refused the image's bytes (the card shows it in place of the image).
 */
export class AttachmentNotAvailableError extends Error {
  readonly reason: string | undefined;

  constructor(message = 'The attachment is not in the attachment store.', options?: ErrorOptions & { readonly reason?: string }) {
    super(message, options);
    this.name = 'AttachmentNotAvailableError';
    this.reason = options?.reason;
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

/** The store's reason for refusing the image, when a loader's "not in the store" error gives one (read by shape, across bundles). */
export function notAvailableReason(error: unknown): string | undefined {
  if (!isAttachmentNotAvailable(error)) return undefined;
  const { reason } = error as { reason?: unknown };
  return typeof reason === 'string' && reason.trim() !== '' ? reason : undefined;
}
