import { jsonText } from '../ai-sdk/ai-sdk-call-tree';
import type { WireBlock } from '../content/foreign-content';
import { toolResult, type ToolResult } from '../../call-tree';
import { isRecord, tryParseJson } from '../../narrow';
import { blocksFromResponseContent, isContentItem } from './response-content';

function text(value: string): WireBlock {
  return { type: 'text', text: value };
}

/** A run of base64 long enough to be a payload (an image), not a word. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{256,}/;

/** The header newer Codex builds put before a command's plain-text output: `Exit code: 1` or `Process exited with code 1`, then `Output:`. */
const HEADER_EXIT_CODE = /^(?:Exit code:|Process exited with code) (-?\d+)$/m;

function headerExitCode(output: string): number | undefined {
  const outputAt = output.indexOf('\nOutput:');
  if (outputAt < 0) return undefined;
  const code = HEADER_EXIT_CODE.exec(output.slice(0, outputAt))?.[1];
  return code === undefined ? undefined : Number(code);
}

/** A command's output text; a non-zero exit code is a failure. */
function commandResult(output: string, exitCode: unknown): ToolResult {
  return toolResult({ content: [text(output)], isError: typeof exitCode === 'number' && exitCode !== 0 });
}

function contentResult(items: readonly unknown[], isError?: unknown): ToolResult {
  return toolResult({ content: blocksFromResponseContent(items), isError });
}

/** Content a tool returned as JSON: content items (one, or a list), or an MCP `CallToolResult`; `null` for any other JSON. */
function contentInJson(value: unknown): ToolResult | null {
  if (Array.isArray(value)) return value.length > 0 && value.every(isContentItem) ? contentResult(value) : null;
  if (isContentItem(value)) return contentResult([value]);
  if (isRecord(value) && Array.isArray(value.content) && value.content.every(isContentItem)) return contentResult(value.content, value.isError);
  return null;
}

/** A tool's output as its result, and how long the run took where the output says. */
export interface ReadOutput {
  readonly result: ToolResult;
  readonly durationMs?: number | undefined;
}

/**
 * An output string. JSON that encodes a shell run (Codex 0.5x: `{"output", "metadata":
 * {"exit_code", "duration_seconds"}}`) or content (older Codex builds stringified MCP results) is
 * decoded; other JSON holding a base64 payload is shown with the payload left out; any other text
 * is shown as it is.
 */
function textOutput(output: string): ReadOutput {
  const parsed = /^\s*[[{]/.test(output) ? tryParseJson(output) : null;
  if (parsed !== null) {
    const { value } = parsed;
    if (isRecord(value) && typeof value.output === 'string' && isRecord(value.metadata)) {
      const { exit_code: exitCode, duration_seconds: seconds } = value.metadata;
      return { result: commandResult(value.output, exitCode), durationMs: typeof seconds === 'number' && seconds >= 0 ? seconds * 1000 : undefined };
    }
    const decoded = contentInJson(value);
    if (decoded !== null) return { result: decoded };
    if (BASE64_RUN.test(output)) return { result: toolResult({ content: [text(jsonText(value))], isError: false }) };
  }
  return { result: commandResult(output, headerExitCode(output)) };
}

/**
 * A tool call's `output` (`function_call_output`, `custom_tool_call_output`, …) as its result:
 * a string (see `textOutput`), a list of content items, one content item, or other JSON as text.
 */
export function readOutput(output: unknown): ReadOutput {
  if (typeof output === 'string') return textOutput(output);
  if (Array.isArray(output)) return { result: contentResult(output) };
  if (output === undefined || output === null) return { result: toolResult({ content: [], isError: false }) };
  return { result: contentInJson(output) ?? toolResult({ content: [text(jsonText(output))], isError: false }) };
}
