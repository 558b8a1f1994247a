import type { ToolResult } from '../../call-tree';
import { isRecord } from '../../narrow';
import type { ToolResultBlock } from '../anthropic/anthropic-content';
import { imageFromBase64 } from '../content/foreign-content';
import { anthropicToolResult } from '../anthropic/message-content';

function hasImage(content: readonly unknown[]): boolean {
  return content.some((block) => isRecord(block) && block.type === 'image');
}

/**
 * A Claude Code `tool_result`, with the line's `toolUseResult` (the tool's own record of it): a
 * `Read` of an image keeps the bytes there too (`file.base64`), and that copy is shown when the
 * `tool_result` itself holds no image. The same bytes are never decoded, or shown, twice.
 */
export function claudeToolResult(block: ToolResultBlock, toolUseResult: unknown): ToolResult {
  const result = anthropicToolResult(block);
  const file = isRecord(toolUseResult) && isRecord(toolUseResult.file) ? toolUseResult.file : undefined;
  if (file?.base64 === undefined || hasImage(result.content)) return result;
  return { ...result, content: [...result.content, imageFromBase64(file.base64, file.type)] };
}
