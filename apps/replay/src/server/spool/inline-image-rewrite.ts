import type { SavedImage } from './inline-image-saver.ts';
import { inlineImageIn } from './inline-image-text.ts';
import { stringSlots } from './json-string-slots.ts';
import { notReplayedLine } from './not-replayed.ts';

/** JSON text with its inline images moved: the text to write (undefined when none was in it) and the ids stored. */
export interface RewrittenJson {
  readonly text: string | undefined;
  readonly attachmentIds: readonly string[];
}

const BYTE_ORDER_MARK = '\uFEFF';

function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text) as unknown };
  } catch {
    return undefined;
  }
}

/** True when `text` is one JSON object or array, whole (a last line written without its `\n`). */
export function isWholeJsonContainer(text: string): boolean {
  const trimmed = text.trim();
  return /^[[{]/.test(trimmed) && /[\]}]$/.test(trimmed) && parsed(trimmed) !== undefined;
}

/** True when `text` starts like JSON but does not parse: the first line of one document spread over many lines. */
export function startsMultiLineDocument(firstLine: string): boolean {
  return /^\s*[[{]/.test(firstLine) && parsed(firstLine) === undefined;
}

/**
 * `text` parsed as JSON with every inline image (see inlineImageIn) saved by `save` and replaced
 * by its marker (in a data URL, the payload only); re-serialised only when something was moved.
 * Undefined when `text` is not JSON. Images are saved one after another: each decode can take
 * hundreds of MB, and the store limits them anyway.
 */
export async function rewriteInlineImages(text: string, save: (base64: string) => Promise<SavedImage>): Promise<RewrittenJson | undefined> {
  const json = parsed(text);
  if (json === undefined) return undefined;
  const box = [json.value];
  const attachmentIds: string[] = [];
  let moved = 0;
  for (const { holder, key, text: value } of stringSlots(box)) {
    const image = inlineImageIn(value);
    if (image === undefined) continue;
    const saved = await save(image.payload);
    (holder as Record<number | string, unknown>)[key] = image.head + saved.marker;
    if (saved.attachmentId !== undefined) attachmentIds.push(saved.attachmentId);
    moved += 1;
  }
  if (moved === 0) return { text: undefined, attachmentIds };
  try {
    return { text: JSON.stringify(box[0]), attachmentIds };
  } catch {
    // JSON.stringify recurses: a value nested some ten thousand levels deep overflows its stack.
    return { text: notReplayedLine('a JSON value nested too deep to rewrite'), attachmentIds: [] };
  }
}
