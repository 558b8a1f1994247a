import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { ADAPTED_IMAGE_SOURCE, type AdaptedRef } from '../../adapted-image-source';
import { isImageMediaType, type AttachmentRef } from '../../content-blocks';
import { imageHeaderSize } from './image-header-size';
import { isPositiveInteger } from '../../narrow';

/** The standard alphabet, then the URL-safe one; padding and whitespace are allowed anywhere `atob` allows them. */
function decodeBase64(data: string): Uint8Array | null {
  let binary: string;
  try {
    binary = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * A reference for an image sent inline as base64 (an MCP `image` block, an AI SDK media part):
 * an id minted from the bytes (`inline:sha256:<hex>`, so the same image in many results loads
 * once), the format and size read from the header (the box is sized before anything decodes),
 * and the bytes themselves for the built-in loader. `null` when the data is not base64 of a PNG,
 * JPEG, GIF or WebP image. The header decides the format: a declared media type that disagrees
 * with the bytes is not trusted.
 */
export function inlineImageRef(data: string, name?: string): AttachmentRef | null {
  const bytes = decodeBase64(data);
  if (bytes === null || bytes.length === 0) return null;
  const header = imageHeaderSize(bytes);
  if (header === null) return null;
  const ref: AdaptedRef = {
    attachmentId: `inline:sha256:${bytesToHex(sha256(bytes))}`,
    mediaType: header.mediaType,
    bytes: bytes.length,
    width: header.width,
    height: header.height,
    ...(name === undefined ? {} : { name }),
    [ADAPTED_IMAGE_SOURCE]: { kind: 'inline', bytes },
  };
  return ref;
}

/** The box a linked image gets until it loads: its size is not known from the link. */
const LINKED_IMAGE_BOX = { width: 1024, height: 768 } as const;

/**
 * A reference to an image only linked to (an MCP `resource_link`, a URL part): the link is the
 * id, which the app's `loadImage` resolves. `null` unless the media type is one the cards show.
 */
export function linkedImageRef(link: string, mediaType: unknown, options: { readonly name?: string; readonly bytes?: unknown } = {}): AttachmentRef | null {
  if (link === '' || !isImageMediaType(mediaType)) return null;
  const ref: AdaptedRef = {
    attachmentId: link,
    mediaType,
    // Unknown until it loads; the lightbox then shows no stored size or byte count.
    bytes: isPositiveInteger(options.bytes) ? options.bytes : 1,
    ...LINKED_IMAGE_BOX,
    ...(options.name === undefined ? {} : { name: options.name }),
    [ADAPTED_IMAGE_SOURCE]: { kind: 'link' },
  };
  return ref;
}
