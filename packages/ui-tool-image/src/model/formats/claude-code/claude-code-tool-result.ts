import type { ToolResult } from '../../call-tree';
import { isRecord } from '../../narrow';
import type { ToolResultBlock } from '../anthropic/anthropic-content';
import { imageFromBase64 } from '../content/foreign-content';
import { anthropicToolResult } from '../anthropic/message-content';

function hasImage(content: readonly unknown[]): boolean {
  return content.some((block) => isRecord(block) && block.type === 'image');
}

/** Claude Code wraps the text of a failed tool call in this tag; the reason is what is inside. */
const TOOL_USE_ERROR = /^\s*<tool_use_error>([\s\S]*)<\/tool_use_error>\s*$/;

function withoutErrorTag(block: unknown): unknown {
  if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') return block;
  const reason = TOOL_USE_ERROR.exec(block.text)?.[1];
  return reason === undefined ? block : { ...block, text: reason };
}

/**
 * A Claude Code `tool_result`, with the line's `toolUseResult` (the tool's own record of it): a
 * `Read` of an image keeps the bytes there too (`file.base64`), and that copy is shown when the
 * `tool_result` itself holds no image. The same bytes are never decoded, or shown, twice.
 */
export function claudeToolResult(block: ToolResultBlock, toolUseResult: unknown): ToolResult {
  const read = anthropicToolResult(block);
  const result = read.isError ? { ...read, content: read.content.map(withoutErrorTag) } : read;
  const file = isRecord(toolUseResult) && isRecord(toolUseResult.file) ? toolUseResult.file : undefined;
  if (file?.base64 === undefined || hasImage(result.content)) return result;
  return { ...result, content: [...result.content, imageFromBase64(file.base64, file.type)] };
}
