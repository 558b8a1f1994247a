import { imageAtUrl, imageFromBase64, placeholderBlock, type WireBlock } from '../content/foreign-content';
import { isRecord } from '../../narrow';

/** A `tool_use` block's fields, as recorded (each arbitrary JSON). */
export interface ToolUseBlock {
  readonly id: unknown;
  readonly name: unknown;
  readonly input: unknown;
}

/** A `tool_result` block's fields, as recorded (each arbitrary JSON). */
export interface ToolResultBlock {
  readonly toolUseId: unknown;
  readonly content: unknown;
  readonly isError: unknown;
}

/** What a conversation does with one block of an Anthropic message's `content`. */
export type AnthropicBlockReading =
  | { readonly kind: 'shown'; readonly block: WireBlock }
  | ({ readonly kind: 'tool-use' } & ToolUseBlock)
  | ({ readonly kind: 'tool-result' } & ToolResultBlock)
  /** Recorded but not shown (thinking, server tool blocks, a type this reader does not know), by its type. */
  | { readonly kind: 'hidden'; readonly type: string }
  | { readonly kind: 'malformed'; readonly why: string };

const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * The media type an `http(s)` image URL names by its extension, so the app's loader can be asked
 * for it; `undefined` for any other URL, which then stays a link in text.
 */
function mediaTypeOfImageUrl(url: string): string | undefined {
  const match = /^https?:\/\/[^?#]*\.([a-z]+)(?:[?#]|$)/i.exec(url);
  const extension = match?.[1]?.toLowerCase();
  return extension !== undefined && Object.hasOwn(IMAGE_EXTENSIONS, extension) ? IMAGE_EXTENSIONS[extension] : undefined;
}

/**
 * An `image` block's `source`: inline base64 (the header decides the format, a missing
 * `media_type` is fine), a URL (a `data:` URL inline; an `http(s)` image URL through the app's
 * loader; anything else as text), or a Files API `file_id` (named: its bytes are not in the log).
 */
export function imageFromAnthropicSource(source: unknown, name?: string): WireBlock {
  if (!isRecord(source)) return placeholderBlock('image that could not be read');
  switch (source.type) {
    case 'base64':
      return imageFromBase64(source.data, source.media_type, name);
    case 'url':
      return typeof source.url === 'string'
        ? imageAtUrl(source.url, source.media_type ?? mediaTypeOfImageUrl(source.url), name)
        : placeholderBlock('image that could not be read');
    case 'file':
      return placeholderBlock('image file', source.file_id);
    default:
      return placeholderBlock('image that could not be read', source.media_type);
  }
}

function documentPlaceholder(block: Readonly<Record<string, unknown>>): WireBlock {
  const source = isRecord(block.source) ? block.source : {};
  return placeholderBlock('document', typeof block.title === 'string' && block.title !== '' ? block.title : source.media_type);
}

/** Text, image and document blocks as shown; `null` for any other block. */
function shownBlock(block: Readonly<Record<string, unknown>>): WireBlock | null {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? { type: 'text', text: block.text } : placeholderBlock('unreadable text');
    case 'image':
      return imageFromAnthropicSource(block.source);
    case 'document':
      return documentPlaceholder(block);
    default:
      return null;
  }
}

/** One block of a message's `content`. Never throws. */
export function readAnthropicBlock(block: unknown): AnthropicBlockReading {
  if (!isRecord(block)) return { kind: 'malformed', why: 'is not an object' };
  const shown = shownBlock(block);
  if (shown !== null) return { kind: 'shown', block: shown };
  if (block.type === 'tool_use') return { kind: 'tool-use', id: block.id, name: block.name, input: block.input };
  if (block.type === 'tool_result') return { kind: 'tool-result', toolUseId: block.tool_use_id, content: block.content, isError: block.is_error };
  if (typeof block.type === 'string' && block.type !== '') return { kind: 'hidden', type: block.type };
  return { kind: 'malformed', why: 'has no string "type"' };
}

/**
 * A `tool_result`'s `content` (a string, or text, image and document blocks) as recorded blocks,
 * in order; any other block is named, so nothing is silently dropped.
 */
export function blocksFromToolResultContent(content: unknown): WireBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.map((block) => {
    if (!isRecord(block)) return placeholderBlock('unsupported content');
    return shownBlock(block) ?? placeholderBlock('unsupported content', block.type);
  });
}
