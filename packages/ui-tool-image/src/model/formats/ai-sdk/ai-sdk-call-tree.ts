import { blockFromFilePart, blocksFromMcpContent, blocksFromToolOutputContent, type WireBlock } from '../content/foreign-content';
import { MCP_PRESENTATION_META_KEY } from '../mcp/mcp-call-tree';
import type { Conversation, ConversationItem } from '../../conversation';
import { messageParts, type MessageRole } from '../../message-parts';
import { isNonEmptyString, isRecord, type JsonRecord } from '../../narrow';
import { rawArguments, toolResult, type ToolCallNode, type ToolCallProblem, type ToolCallTree, type ToolResult } from '../../call-tree';

/** An AI SDK `UIMessage`, read structurally (the SDK's own type is assignable to it). */
export interface UIMessageLike {
  readonly id: string;
  readonly role: string;
  readonly parts: readonly unknown[];
}

function text(value: string): WireBlock {
  return { type: 'text', text: value };
}

/** Long base64, bare or as a data URL's payload. */
const LONG_BASE64 = /^(?:data:[^,]*,)?[A-Za-z0-9+/_-]{256,}={0,2}$/;

/**
 * Output JSON as text for the OUT view, with every long base64-looking string (a data URL's too)
 * replaced by its length: an image hidden in an arbitrary JSON output never reaches the page as text.
 */
export function jsonText(value: unknown): string {
  try {
    const json = JSON.stringify(
      value,
      (_key, field: unknown) => (typeof field === 'string' && LONG_BASE64.test(field) ? `[${field.length} characters of base64 data]` : field),
      2,
    ) as string | undefined;
    return json ?? String(value);
  } catch {
    return String(value);
  }
}

function denied(reason: unknown): ToolResult {
  return {
    content: [text(isNonEmptyString(reason) ? `Denied: ${reason}` : 'Denied.')],
    isError: false,
    outcome: 'stopped',
    error: { code: 'denied' },
  };
}

/** A tool's output: this host's result shape or an MCP result, the SDK's tool-output shapes, else text or JSON. */
function outputResult(output: unknown): ToolResult {
  if (typeof output === 'string') return toolResult({ content: [text(output)], isError: false });
  if (!isRecord(output)) return toolResult({ content: [text(jsonText(output))], isError: false });
  if (Array.isArray(output.content)) {
    const meta = output.meta ?? (isRecord(output._meta) ? output._meta[MCP_PRESENTATION_META_KEY] : undefined);
    return toolResult({ content: blocksFromMcpContent(output.content), isError: output.isError, error: output.error, meta });
  }
  const { type, value } = output;
  if (type === 'content' && Array.isArray(value)) return toolResult({ content: blocksFromToolOutputContent(value), isError: false });
  if (type === 'text' && typeof value === 'string') return toolResult({ content: [text(value)], isError: false });
  if (type === 'json') return toolResult({ content: [text(jsonText(value))], isError: false });
  if (type === 'error-text' && typeof value === 'string') return toolResult({ content: [text(value)], isError: true });
  if (type === 'error-json') return toolResult({ content: [text(jsonText(value))], isError: true });
  if (type === 'execution-denied') return denied(output.reason);
  return toolResult({ content: [text(jsonText(output))], isError: false });
}

function partToolName(part: JsonRecord): string | null {
  if (part.type === 'dynamic-tool') return typeof part.toolName === 'string' ? part.toolName : null;
  return typeof part.type === 'string' && part.type.startsWith('tool-') ? part.type.slice('tool-'.length) : null;
}

/** The settled result of a part, or `undefined` while it runs (streaming its input, awaiting approval, preliminary output). */
function partResult(part: JsonRecord): ToolResult | undefined {
  switch (part.state) {
    case 'output-available':
      return part.preliminary === true ? undefined : outputResult(part.output);
    case 'output-error':
      return toolResult({ content: [text(typeof part.errorText === 'string' ? part.errorText : 'The tool failed.')], isError: true });
    case 'output-denied':
      return denied(isRecord(part.approval) ? part.approval.reason : undefined);
    default:
      return undefined;
  }
}

const RUNNING_STATES: ReadonlySet<unknown> = new Set(['input-streaming', 'input-available', 'approval-requested', 'approval-responded']);
const SETTLED_STATES: ReadonlySet<unknown> = new Set(['output-available', 'output-error', 'output-denied']);

// Per part object: an unchanged part keeps its node (React skips it) and its images are decoded once.
const nodesByPart = new WeakMap<JsonRecord, { readonly index: number; readonly node: ToolCallNode }>();

function toolNode(part: JsonRecord, name: string, callId: string, index: number): ToolCallNode {
  const cached = nodesByPart.get(part);
  if (cached?.index === index) return cached.node;
  // While the input streams, the raw text so far: not yet a JSON object, so the row says "preparing".
  const argsRaw = part.state === 'input-streaming' ? (typeof part.rawInput === 'string' ? part.rawInput : null) : rawArguments(part.input);
  const result = partResult(part);
  const approval = part.state === 'approval-requested' && isRecord(part.approval) && isNonEmptyString(part.approval.id) ? { id: part.approval.id } : undefined;
  const node: ToolCallNode = {
    callId,
    origin: 'ai-sdk',
    kind: 'top-level',
    name,
    argsRaw,
    ...(result === undefined ? { status: 'running' as const, ...(approval === undefined ? {} : { approval }) } : { status: 'settled' as const, result }),
    children: [],
    firstEventIndex: index,
  };
  nodesByPart.set(part, { index, node });
  return node;
}

const ROLES: Readonly<Record<string, MessageRole>> = { user: 'user', assistant: 'assistant' };

/**
 * AI SDK `UIMessage[]` as what a chat shows: each message's text and images (`file` parts with
 * an image media type, through `conversation.message.images`), split around its tool calls,
 * which become nodes in every state — `input-streaming` (preparing), `input-available` and
 * `approval-responded` (running), `approval-requested` (running, with the approval to answer),
 * `output-available` (settled; a preliminary output still runs), `output-error` (failed),
 * `output-denied` (stopped with code `denied`, which a row shows as refused). System messages, reasoning, sources and
 * data parts are not shown. `firstEventIndex` counts parts across all messages.
 */
export function conversationFromUIMessages(messages: readonly UIMessageLike[]): Conversation {
  const items: ConversationItem[] = [];
  const problems: ToolCallProblem[] = [];
  const seen = new Set<string>();
  let index = 0;
  for (const message of messages) {
    const role = isRecord(message) && typeof message.role === 'string' && Object.hasOwn(ROLES, message.role) ? ROLES[message.role] : undefined;
    const parts: readonly unknown[] = isRecord(message) && Array.isArray(message.parts) ? message.parts : [];
    let blocks: WireBlock[] = [];
    let segment = 0;
    const flush = (): void => {
      const shown = messageParts(blocks);
      if (role !== undefined && shown.length > 0) items.push({ kind: 'message', key: `${message.id}:${segment}`, role, parts: shown });
      blocks = [];
      segment += 1;
    };
    for (const part of parts) {
      const at = index;
      index += 1;
      if (!isRecord(part)) continue;
      if (part.type === 'text' && typeof part.text === 'string') blocks.push(text(part.text));
      else if (part.type === 'file') blocks.push(blockFromFilePart(part));
      const name = partToolName(part);
      if (name === null) continue;
      const { toolCallId } = part;
      if (!isNonEmptyString(toolCallId)) {
        problems.push({ eventIndex: at, message: `tool part ${String(part.type)} without a "toolCallId" (ignored)` });
        continue;
      }
      if (seen.has(toolCallId)) {
        problems.push({ eventIndex: at, message: `repeated call id ${toolCallId} (ignored)` });
        continue;
      }
      seen.add(toolCallId);
      if (!RUNNING_STATES.has(part.state) && !SETTLED_STATES.has(part.state)) {
        problems.push({
          eventIndex: at,
          message: `call ${toolCallId} is in an unknown state "${typeof part.state === 'string' ? part.state : typeof part.state}" (shown as running)`,
        });
      }
      flush();
      items.push({ kind: 'call', node: toolNode(part, name, toolCallId, at) });
    }
    flush();
  }
  return { items, problems };
}

/**
 * The tool calls of AI SDK `UIMessage[]` (contract, DESIGN §7) as the call tree the cards
 * render, in order; see `conversationFromUIMessages` for the messages around them.
 */
export function callTreeFromUIMessages(messages: readonly UIMessageLike[]): ToolCallTree {
  const { items, problems } = conversationFromUIMessages(messages);
  return { roots: items.flatMap((item) => (item.kind === 'call' ? [item.node] : [])), problems };
}
