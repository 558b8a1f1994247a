import type { AttachmentRef } from '../model';

/**
 * Fetches the bytes of an attachment (contract). The cards never build a URL or path from the
 * reference: the embedder's loader decides where the bytes come from and who may see them.
 * A `string` result is used as an image URL as is.
 */
export type LoadImage = (ref: AttachmentRef, options: { readonly signal: AbortSignal }) => Promise<Blob | string>;
