import { narrowAttachmentRef, type AttachmentRef } from '../../content-blocks';

// A server that moves a log's inline images into a store (the replay server does) writes one of
// these in place of each image's base64, so the page is sent references only. The text cannot be
// mistaken for base64: `:` and `;` are not in either base64 alphabet.
const STORED_PREFIX = 'toolcard:stored-image;';
const REFUSED_PREFIX = 'toolcard:refused-image;';

/** What a marker says: the image is in the store under `ref`, or was refused for `reason`. */
export type InlineImageMarker = { readonly kind: 'stored'; readonly ref: AttachmentRef } | { readonly kind: 'refused'; readonly reason: string };

/** The text to write in place of an inline image's base64 once its bytes are in the store as `ref`. */
export function storedImageMarker(ref: AttachmentRef): string {
  const { attachmentId, mediaType, bytes, width, height } = ref;
  return STORED_PREFIX + JSON.stringify({ attachmentId, mediaType, bytes, width, height });
}

/** The text to write in place of an inline image's base64 that the store refused (`reason` is shown to the reader). */
export function refusedImageMarker(reason: string): string {
  return REFUSED_PREFIX + reason;
}

/** The marker `data` holds, or `null` when it is anything else (base64 included). */
export function readInlineImageMarker(data: string): InlineImageMarker | null {
  if (data.startsWith(REFUSED_PREFIX)) return { kind: 'refused', reason: data.slice(REFUSED_PREFIX.length) };
  if (!data.startsWith(STORED_PREFIX)) return null;
  let value: unknown;
  try {
    value = JSON.parse(data.slice(STORED_PREFIX.length));
  } catch {
    return null;
  }
  const ref = narrowAttachmentRef(value);
  return ref === null ? null : { kind: 'stored', ref };
}
