import type { AttachmentRef } from './content-blocks';
import { isRecord } from './narrow';

/**
 * Where the bytes of a reference made by a format adapter come from. Held under a symbol: no log
 * line (JSON) can forge it, and `JSON.stringify` of a reference never writes the bytes out, so
 * the base64 an MCP or AI SDK result carried cannot reach the page as text.
 */
export type AdaptedImageSource =
  /** Decoded from inline data; the cards' built-in loader serves them with no help from the app. */
  | { readonly kind: 'inline'; readonly bytes: Uint8Array }
  /** A link (`resource_link`, a URL part): the app's `loadImage` resolves the id, which is the link. The size is not known before it loads. */
  | { readonly kind: 'link' };

export const ADAPTED_IMAGE_SOURCE: unique symbol = Symbol('toolcard.adaptedImageSource');

export type AdaptedRef = AttachmentRef & { readonly [ADAPTED_IMAGE_SOURCE]?: AdaptedImageSource };

/** The source an adapter recorded on `ref`, `undefined` for a reference from a session log. */
export function adaptedImageSource(ref: AttachmentRef): AdaptedImageSource | undefined {
  const source: unknown = (ref as AdaptedRef)[ADAPTED_IMAGE_SOURCE];
  if (!isRecord(source)) return undefined;
  if (source.kind === 'link') return { kind: 'link' };
  return source.kind === 'inline' && source.bytes instanceof Uint8Array ? { kind: 'inline', bytes: source.bytes } : undefined;
}

/** Carries an adapter's source over to a narrowed copy of a reference. */
export function withAdaptedImageSource<Ref extends AttachmentRef>(copy: Ref, original: unknown): Ref {
  if (!isRecord(original)) return copy;
  const source = adaptedImageSource(original as unknown as AttachmentRef);
  return source === undefined ? copy : { ...copy, [ADAPTED_IMAGE_SOURCE]: source };
}
