import { jsonText } from '../ai-sdk/ai-sdk-call-tree';
import { imageFromBase64, type WireBlock } from '../content/foreign-content';
import { rawArguments, toolResult, type ToolResult } from '../../call-tree';
import { isNonEmptyString, type JsonRecord } from '../../narrow';
import { IMAGE_NOT_IN_LOG } from './response-content';
import { readOutput, type ReadOutput } from './tool-output';

function text(value: string): WireBlock {
  return { type: 'text', text: value };
}

/** Arguments as the model produced them; a recorded `null` is no arguments. */
function recordedArguments(value: unknown): string | null {
  return rawArguments(value === null ? undefined : value);
}

/** Which outputs answer a call: each kind of call has its own output item (Codex answers a local shell call with a `function_call_output`). */
export type CallFamily = 'function' | 'custom' | 'tool_search';

export interface CallHead {
  readonly name: string | null;
  readonly argsRaw: string | null;
  readonly family: CallFamily;
}

/** The head of an item that opens a call a later item answers by the same `call_id`; `null` for any other item. */
export function callHead(item: JsonRecord): CallHead | null {
  const name = typeof item.name === 'string' ? item.name : null;
  switch (item.type) {
    case 'function_call':
      return { name, argsRaw: recordedArguments(item.arguments), family: 'function' };
    case 'custom_tool_call':
      return { name, argsRaw: recordedArguments(item.input), family: 'custom' };
    case 'local_shell_call':
      return { name: 'local_shell', argsRaw: recordedArguments(item.action), family: 'function' };
    case 'tool_search_call':
      return { name: 'tool_search', argsRaw: recordedArguments(item.arguments), family: 'tool_search' };
    default:
      return null;
  }
}

const OUTPUT_FAMILIES: Readonly<Record<string, CallFamily>> = {
  function_call_output: 'function',
  local_shell_call_output: 'function',
  custom_tool_call_output: 'custom',
  tool_search_output: 'tool_search',
};

/** The kind of call an output item answers; `null` for an item that is not an output. */
export function outputFamily(type: string): CallFamily | null {
  return Object.hasOwn(OUTPUT_FAMILIES, type) ? (OUTPUT_FAMILIES[type] ?? null) : null;
}

/** An output item's result: a tool search's tools found, as JSON text; any other item's `output` (and its run time, where it says). */
export function outputResult(item: JsonRecord): ReadOutput {
  return item.type === 'tool_search_output' ? { result: toolResult({ content: [text(jsonText(item.tools))], isError: false }) } : readOutput(item.output);
}

/** The id an item's call is known by: `call_id`, or the Responses API's `id` of a local shell call. */
export function itemCallId(item: JsonRecord): string | null {
  if (isNonEmptyString(item.call_id)) return item.call_id;
  const spelledById = item.type === 'local_shell_call' || item.type === 'local_shell_call_output';
  return spelledById && isNonEmptyString(item.id) ? item.id : null;
}

/** Tools run by the model's host, each recorded as one item with its outcome (no output item follows). */
const HOSTED_TOOL_NAMES: Readonly<Record<string, string>> = { web_search_call: 'web_search', image_generation_call: 'image_generation' };

const HOSTED_RUNNING_STATUSES: ReadonlySet<unknown> = new Set(['in_progress', 'searching', 'generating']);

function hostedArguments(item: JsonRecord): string {
  if (item.type === 'web_search_call') return recordedArguments(item.action) ?? '{}';
  return JSON.stringify(typeof item.revised_prompt === 'string' ? { revised_prompt: item.revised_prompt } : {});
}

/** A hosted tool's result; `undefined` while it runs. An image generation's `result` is raw base64. */
function hostedResult(item: JsonRecord, name: string): ToolResult | undefined {
  if (item.status === 'failed') return toolResult({ content: [text(`[${name} failed]`)], isError: true });
  if (HOSTED_RUNNING_STATUSES.has(item.status)) return undefined;
  if (item.type !== 'image_generation_call') return toolResult({ content: [], isError: false });
  const image = isNonEmptyString(item.result) ? imageFromBase64(item.result, undefined) : text(IMAGE_NOT_IN_LOG);
  return toolResult({ content: [image], isError: false });
}

export interface HostedCall {
  readonly name: string;
  readonly argsRaw: string;
  /** `undefined` while it runs. */
  readonly result: ToolResult | undefined;
}

/** A hosted tool's call (web search, image generation) with its outcome; `null` for any other item. */
export function hostedCall(item: JsonRecord, type: string): HostedCall | null {
  const name = Object.hasOwn(HOSTED_TOOL_NAMES, type) ? HOSTED_TOOL_NAMES[type] : undefined;
  return name === undefined ? null : { name, argsRaw: hostedArguments(item), result: hostedResult(item, name) };
}
