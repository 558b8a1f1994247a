import { inlineImageRef, linkedImageRef } from './adapted-image';
import { readInlineImageMarker } from './inline-image-marker';
import { narrowAttachmentRef, type AttachmentRef } from '../../content-blocks';
import { isNonEmptyString, isRecord, type JsonRecord } from '../../narrow';

/**
 * Content blocks of other formats — MCP `CallToolResult` content, AI SDK tool-output and message
 * parts — as the blocks a session log records: `{type:"text", text}` and `{type:"image",
 * attachment}`. Inline base64 becomes a reference whose bytes the built-in loader serves; what
 * the cards cannot show (audio, an embedded document, an unknown block) becomes a short text
 * placeholder, so nothing is silently dropped and no payload is ever shown as text.
 */
export type WireBlock = { readonly type: 'text'; readonly text: string } | { readonly type: 'image'; readonly attachment: AttachmentRef };

function text(value: string): WireBlock {
  return { type: 'text', text: value };
}

function image(attachment: AttachmentRef): WireBlock {
  return { type: 'image', attachment };
}

function described(kind: string, detail: unknown): string {
  return isNonEmptyString(detail) ? `[${kind}: ${detail}]` : `[${kind}]`;
}

/** A short text naming what is not shown (`[kind: detail]`, or `[kind]` without a text detail), worded as every adapter words it. */
export function placeholderBlock(kind: string, detail?: unknown): WireBlock {
  return text(described(kind, detail));
}

/**
 * Inline base64 image data (any format's: MCP `data`, Anthropic `source.data`, a data URL's payload) as
 * an image block; data that is not base64 of a PNG, JPEG, GIF or WebP image becomes a short placeholder text.
 * Every format adapter decodes inline images through here.
 */
export function imageFromBase64(data: unknown, mediaType: unknown, name?: string): WireBlock {
  const marker = typeof data === 'string' ? readInlineImageMarker(data) : null;
  if (marker !== null)
    return marker.kind === 'refused' ? text(`[image not shown: ${marker.reason}]`) : image(name === undefined ? marker.ref : { ...marker.ref, name });
  const ref = typeof data === 'string' ? inlineImageRef(data, name) : null;
  return ref === null ? text(described('image that could not be read', mediaType)) : image(ref);
}

function storedImage(attachment: unknown): WireBlock {
  const ref = narrowAttachmentRef(attachment);
  return ref === null ? text(described('image that could not be read', undefined)) : image(ref);
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/i;

/** A `data:` URL's bytes as an inline image; any other URL as a link the app's loader resolves. */
export function imageAtUrl(url: string, mediaType: unknown, name?: string): WireBlock {
  const dataUrl = DATA_URL.exec(url);
  if (dataUrl !== null) {
    const isBase64 = (dataUrl[2] ?? '').toLowerCase().split(';').includes('base64');
    return isBase64 ? imageFromBase64(url.slice(dataUrl[0].length), mediaType ?? dataUrl[1], name) : text(described('image that could not be read', mediaType));
  }
  const ref = linkedImageRef(url, mediaType, name === undefined ? {} : { name });
  return ref === null ? text(described('link', url)) : image(ref);
}

function optionalName(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isImageMediaTypeLike(value: unknown): boolean {
  return typeof value === 'string' && /^image(\/|$)/i.test(value);
}

/** An embedded MCP resource: an image blob is shown, text and other blobs are named. */
function embeddedResource(resource: unknown): WireBlock {
  if (!isRecord(resource)) return text(described('resource', undefined));
  const { uri, mimeType, blob } = resource;
  if (typeof blob === 'string' && isImageMediaTypeLike(mimeType)) return imageFromBase64(blob, mimeType, optionalName(uri));
  return text(described('resource', uri));
}

function mcpBlock(block: JsonRecord): WireBlock {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? text(block.text) : text(described('unreadable text', undefined));
    case 'image':
      // Already a reference: this host's own result shape, forwarded.
      if (block.attachment !== undefined) return storedImage(block.attachment);
      return imageFromBase64(block.data, block.mimeType);
    case 'audio':
      return text(described('audio', block.mimeType));
    case 'resource_link': {
      const name = optionalName(block.name);
      const ref =
        typeof block.uri === 'string' ? linkedImageRef(block.uri, block.mimeType, { ...(name === undefined ? {} : { name }), bytes: block.size }) : null;
      return ref === null ? text(described('link', block.uri)) : image(ref);
    }
    case 'resource':
      return embeddedResource(block.resource);
    default:
      return text(described('unsupported content', block.type));
  }
}

/** MCP content blocks (`CallToolResult.content`) as recorded blocks, in order. */
export function blocksFromMcpContent(content: readonly unknown[]): WireBlock[] {
  return content.map((block) => (isRecord(block) ? mcpBlock(block) : text(described('unsupported content', undefined))));
}

function fileData(part: JsonRecord): WireBlock {
  const { data, mediaType } = part;
  const name = optionalName(part.filename);
  if (isRecord(data)) {
    if (data.type === 'data') return imageFromBase64(data.data, mediaType, name);
    if (data.type === 'url' && typeof data.url === 'string') return imageAtUrl(data.url, mediaType, name);
    return text(described('file', name ?? mediaType));
  }
  return imageFromBase64(data, mediaType, name);
}

function toolOutputPart(part: JsonRecord): WireBlock {
  switch (part.type) {
    case 'text':
      return typeof part.text === 'string' ? text(part.text) : text(described('unreadable text', undefined));
    case 'file':
      return isImageMediaTypeLike(part.mediaType) ? fileData(part) : text(described('file', optionalName(part.filename) ?? part.mediaType));
    case 'image-data':
    case 'media':
    case 'file-data':
      return isImageMediaTypeLike(part.mediaType)
        ? imageFromBase64(part.data, part.mediaType, optionalName(part.filename))
        : text(described('file', part.mediaType));
    case 'image-url':
      return typeof part.url === 'string' ? imageAtUrl(part.url, undefined) : text(described('link', undefined));
    default:
      return text(described('unsupported content', part.type));
  }
}

/** The parts of an AI SDK tool output `{type:"content", value}` as recorded blocks, in order. */
export function blocksFromToolOutputContent(parts: readonly unknown[]): WireBlock[] {
  return parts.map((part) => (isRecord(part) ? toolOutputPart(part) : text(described('unsupported content', undefined))));
}

/** An AI SDK message `file` part: an image is shown (data URL inline, other URLs through the app's loader), any other file named. */
export function blockFromFilePart(part: JsonRecord): WireBlock {
  const name = optionalName(part.filename);
  if (!isImageMediaTypeLike(part.mediaType) || typeof part.url !== 'string') return text(described('file', name ?? part.mediaType));
  return imageAtUrl(part.url, part.mediaType, name);
}
