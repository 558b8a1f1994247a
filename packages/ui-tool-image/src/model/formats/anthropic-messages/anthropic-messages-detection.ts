import { isRecord } from '../../narrow';

/** The content block types of the Messages API (request and response, server tools included). */
const BLOCK_TYPES: ReadonlySet<unknown> = new Set([
  'text',
  'image',
  'document',
  'search_result',
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'mcp_tool_use',
  'mcp_tool_result',
  'container_upload',
]);

function isAnthropicBlock(block: unknown): boolean {
  return isRecord(block) && BLOCK_TYPES.has(block.type);
}

function isAnthropicMessage(value: unknown): boolean {
  if (!isRecord(value) || (value.role !== 'user' && value.role !== 'assistant')) return false;
  const { content } = value;
  return typeof content === 'string' || (Array.isArray(content) && content.every(isAnthropicBlock));
}

/** The `messages` of a parsed value: the array itself, or a request body's `messages`. */
export function anthropicMessagesOf(value: unknown): readonly unknown[] | null {
  const messages = isRecord(value) ? value.messages : value;
  return Array.isArray(messages) ? (messages as readonly unknown[]) : null;
}

/**
 * True for a parsed Anthropic Messages API `messages` array (or a request body holding one): at
 * least one message, each `{role: "user"|"assistant", content}` with string content or blocks of
 * the API's types. An array whose messages are all plain strings fits the OpenAI Responses
 * shorthand input messages as well; telling those apart is the caller's order of checks.
 */
export function looksLikeAnthropicMessages(value: unknown): boolean {
  const messages = anthropicMessagesOf(value);
  return messages !== null && messages.length > 0 && messages.every(isAnthropicMessage);
}
