import { blocksFromMcpContent, imageAtUrl, type WireBlock } from '../content/foreign-content';
import { isNonEmptyString, isRecord, type JsonRecord } from '../../narrow';

function text(value: string): WireBlock {
  return { type: 'text', text: value };
}

/** An `input_image` whose `image_url` is `null` (redacted fixtures) or absent: the log does not hold the picture. */
export const IMAGE_NOT_IN_LOG = '[image not in the log]';

const UNREADABLE_IMAGE = '[image that could not be read]';

/** Longer links are cut in a placeholder: a link is for reading, and a huge one is rather a payload. */
const MAX_SHOWN_LINK_LENGTH = 200;

/** A link's image type, known only from its extension until the app's loader fetches it. */
const EXTENSION_MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

function linkMediaType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return extension !== undefined && Object.hasOwn(EXTENSION_MEDIA_TYPES, extension) ? EXTENSION_MEDIA_TYPES[extension] : undefined;
}

function shownLink(url: string): string {
  return url.length > MAX_SHOWN_LINK_LENGTH ? `${url.slice(0, MAX_SHOWN_LINK_LENGTH)}…` : url;
}

/**
 * An image's URL: a `data:` URL decodes inline; an `https:` or `file:` URL with an image extension
 * becomes a link the app's loader resolves; anything else is a short placeholder naming the link.
 */
export function imageFromUrl(url: string): WireBlock {
  if (/^data:/i.test(url)) return url.includes(',') ? imageAtUrl(url, undefined) : text(UNREADABLE_IMAGE);
  const mediaType = linkMediaType(url);
  return mediaType === undefined ? text(`[image at ${shownLink(url)}]`) : imageAtUrl(url, mediaType);
}

function inputImage(item: JsonRecord): WireBlock {
  const { image_url: url, file_id: fileId } = item;
  if (isNonEmptyString(url)) return imageFromUrl(url);
  // The Chat Completions spelling, `{image_url: {url}}`, which some converters keep.
  if (isRecord(url) && isNonEmptyString(url.url)) return imageFromUrl(url.url);
  if (isNonEmptyString(fileId)) return text(`[image file ${fileId}]`);
  return text(IMAGE_NOT_IN_LOG);
}

function inputFile(item: JsonRecord): WireBlock {
  const name = [item.filename, item.file_id].find(isNonEmptyString);
  return text(name === undefined ? '[file]' : `[file: ${name}]`);
}

/** One content item as a block; `null` for what is never shown (an encrypted blob, a text the caller drops). */
function contentBlock(item: unknown, dropsText: (text: string) => boolean): WireBlock | null {
  if (!isRecord(item)) return text('[unsupported content]');
  switch (item.type) {
    case 'input_text':
    case 'output_text':
    case 'text':
      if (typeof item.text !== 'string') return text('[unreadable text]');
      return dropsText(item.text) ? null : text(item.text);
    case 'refusal':
      return typeof item.refusal === 'string' ? text(item.refusal) : text('[refusal]');
    case 'input_image':
    case 'computer_screenshot':
      return inputImage(item);
    case 'input_file':
      return inputFile(item);
    case 'encrypted_content':
      return null;
    default:
      // MCP blocks (`image` with base64 `data`, `resource_link`, …) reach Codex outputs unconverted in older builds.
      return blocksFromMcpContent([item])[0] ?? null;
  }
}

const NOTHING_DROPPED = (): boolean => false;

/**
 * The content of an OpenAI Responses message or tool output (`input_text`, `output_text`,
 * `input_image`, `input_file`, `refusal`; Codex's `ResponseItem` is this shape) as recorded blocks,
 * in order: a string is one text, a lone item is a list of one. `dropsText` names texts that are
 * not content (a harness's wrapper tags).
 */
export function blocksFromResponseContent(content: unknown, dropsText: (text: string) => boolean = NOTHING_DROPPED): WireBlock[] {
  if (typeof content === 'string') return dropsText(content) ? [] : [text(content)];
  const items: readonly unknown[] = Array.isArray(content) ? content : content === undefined || content === null ? [] : [content];
  const blocks: WireBlock[] = [];
  for (const item of items) {
    const block = contentBlock(item, dropsText);
    if (block !== null) blocks.push(block);
  }
  return blocks;
}

/** Content item types of the Responses API and of MCP, as tools return them (inside JSON-encoded outputs too). */
const CONTENT_ITEM_TYPES: ReadonlySet<unknown> = new Set([
  'input_text',
  'output_text',
  'input_image',
  'input_file',
  'computer_screenshot',
  'text',
  'image',
  'audio',
  'resource',
  'resource_link',
]);

/** True for an object that is one content item (a type above), not arbitrary JSON that happens to have a `type`. */
export function isContentItem(value: unknown): value is JsonRecord {
  return isRecord(value) && CONTENT_ITEM_TYPES.has(value.type);
}
