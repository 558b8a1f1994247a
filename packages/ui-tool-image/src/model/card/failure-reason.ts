import { viewContentBlock } from '../content-blocks';
import type { ToolResult } from '../call-tree';

/**
 * The `read_image` failure text (DESIGN §3) is `Error: cannot read "<path>" as an image: <reason>`:
 * the same subject on every failure, so a collapsed row that showed it would cut off the only part
 * that differs. The path inside the quotes is JSON-escaped, hence the escape-aware match.
 */
const ERROR_PREFIX = /^Error:\s*/;
const READ_IMAGE_SUBJECT = /^cannot read "(?:[^"\\]|\\.)*" as an image:\s*/;

/** The reason of a line shaped as a `read_image` failure, `undefined` for any other line (or a blank reason). */
export function readImageReason(line: string): string | undefined {
  if (!ERROR_PREFIX.test(line)) return undefined;
  const message = line.replace(ERROR_PREFIX, '');
  if (!READ_IMAGE_SUBJECT.test(message)) return undefined;
  const reason = message.replace(READ_IMAGE_SUBJECT, '');
  return reason === '' ? undefined : reason;
}

/**
 * Why a call failed, from the first line of its result's text: without the `Error:` prefix and
 * without the `read_image` subject, so the reason comes first. A line that is nothing but the
 * prefix or the subject is returned as written: a reason is never blank.
 */
export function failureReason(firstLine: string): string {
  const readImage = readImageReason(firstLine);
  if (readImage !== undefined) return readImage;
  const message = firstLine.replace(ERROR_PREFIX, '');
  return message === '' ? firstLine : message;
}

/** The first non-blank line of a result's text blocks, trimmed; `undefined` when it has none. */
export function firstTextLine(result: ToolResult): string | undefined {
  for (const block of result.content) {
    const view = viewContentBlock(block);
    if (view.kind !== 'text') continue;
    const line = view.text.split('\n').find((candidate) => candidate.trim() !== '');
    if (line !== undefined) return line.trim();
  }
  return undefined;
}
