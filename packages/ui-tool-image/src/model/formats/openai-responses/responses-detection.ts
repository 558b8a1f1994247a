import { isRecord } from '../../narrow';

/** Item types only the Responses API (and Codex's `ResponseItem`) has; `message` is not one: Anthropic's API calls its replies that too. */
const RESPONSE_ITEM_TYPES: ReadonlySet<unknown> = new Set([
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'reasoning',
  'web_search_call',
  'image_generation_call',
  'local_shell_call',
  'local_shell_call_output',
  'file_search_call',
  'computer_call',
  'computer_call_output',
  'code_interpreter_call',
  'mcp_call',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
  'item_reference',
  'tool_search_call',
  'tool_search_output',
]);

const RESPONSE_CONTENT_TYPES: ReadonlySet<unknown> = new Set(['input_text', 'output_text', 'input_image', 'input_file', 'refusal']);

/** True for one parsed item only the Responses API has: a tool item, or a message whose content uses its part types. */
export function looksLikeResponsesItem(item: unknown): boolean {
  if (!isRecord(item)) return false;
  if (RESPONSE_ITEM_TYPES.has(item.type)) return true;
  return Array.isArray(item.content) && item.content.some((part) => isRecord(part) && RESPONSE_CONTENT_TYPES.has(part.type));
}

/** The items of a Responses request or response body (`input` then `output`), or `null` when it holds neither array. */
export function responsesItemsOf(value: unknown): readonly unknown[] | null {
  if (Array.isArray(value)) return value as readonly unknown[];
  if (!isRecord(value)) return null;
  const { input, output } = value;
  if (!Array.isArray(input) && !Array.isArray(output)) return null;
  return [...(Array.isArray(input) ? (input as readonly unknown[]) : []), ...(Array.isArray(output) ? (output as readonly unknown[]) : [])];
}

/**
 * True for a parsed JSON array of OpenAI Responses items: every element an object, and at least
 * one that only Responses has (a tool item such as `function_call`, or a message whose content
 * uses `input_text`, `output_text`, `input_image`…). Messages of `{role, content: string}` alone
 * are Anthropic Messages just as well, and are not claimed.
 */
export function looksLikeResponsesItems(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  let evidence = false;
  for (const item of value) {
    if (!isRecord(item)) return false;
    evidence ||= looksLikeResponsesItem(item);
  }
  return evidence;
}
