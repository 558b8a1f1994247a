import { blocksFromMcpContent } from '../content/foreign-content';
import { isNonEmptyString, isRecord } from '../../narrow';
import { rawArguments, toolResult, type ToolCallNode, type ToolCallProblem, type ToolCallTree, type ToolResult } from '../../call-tree';

/**
 * The `_meta` key under which a `read_image` served over MCP (`toolcard-mcp`) sends its
 * presentation meta `{path}`: the display path a card is labelled with.
 */
export const MCP_PRESENTATION_META_KEY = 'dev.toolcard/presentation';

/** Where it sends a failure's `{name, code}` (as a session log records `error`). */
const MCP_ERROR_META_KEY = 'dev.toolcard/error';

/** An MCP `CallToolResult`, read structurally (the SDK's own type is assignable to it). */
export interface McpCallToolResult {
  readonly content?: readonly unknown[] | undefined;
  readonly isError?: boolean | undefined;
  readonly _meta?: Readonly<Record<string, unknown>> | undefined;
  readonly [key: string]: unknown;
}

/** One MCP tool call as an MCP client saw it (contract): `result` absent = still running. */
export interface McpToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments?: unknown;
  readonly result?: McpCallToolResult | undefined;
}

function mcpResult(result: McpCallToolResult): ToolResult {
  const content = Array.isArray(result.content) ? blocksFromMcpContent(result.content) : [];
  const meta = isRecord(result._meta) ? result._meta : {};
  return toolResult({ content, isError: result.isError, error: meta[MCP_ERROR_META_KEY], meta: meta[MCP_PRESENTATION_META_KEY] });
}

// Per call object, then per result object: an unchanged call keeps its node (React skips it) and
// its inline images are decoded and hashed once.
const nodesByCall = new WeakMap<McpToolCall, { readonly result: McpCallToolResult | undefined; readonly node: ToolCallNode; readonly index: number }>();

function mcpNode(call: McpToolCall, index: number): ToolCallNode {
  const cached = nodesByCall.get(call);
  if (cached !== undefined && cached.result === call.result && cached.index === index) return cached.node;
  const node: ToolCallNode = {
    callId: call.id,
    origin: 'mcp',
    kind: 'top-level',
    name: call.name,
    argsRaw: rawArguments(call.arguments ?? {}),
    ...(call.result === undefined ? { status: 'running' as const } : { status: 'settled' as const, result: mcpResult(call.result) }),
    children: [],
    firstEventIndex: index,
  };
  nodesByCall.set(call, { result: call.result, node, index });
  return node;
}

/**
 * MCP tool calls with their `CallToolResult`s (contract, DESIGN §7) as the call tree the cards
 * render: `image` blocks become references served by the built-in loader, sized from their
 * headers; `resource_link`s to images go through the app's `loadImage`; audio, embedded
 * resources and unknown blocks become text placeholders; `isError` results decline the card.
 * `firstEventIndex` is the call's index in `calls`. Unusable entries are reported, never thrown.
 */
export function callTreeFromMcp(calls: readonly McpToolCall[]): ToolCallTree {
  const roots: ToolCallNode[] = [];
  const problems: ToolCallProblem[] = [];
  const seen = new Set<string>();
  for (const [index, call] of calls.entries()) {
    if (!isRecord(call) || !isNonEmptyString(call.id) || typeof call.name !== 'string') {
      problems.push({ eventIndex: index, message: 'MCP call without an "id" or a "name" (ignored)' });
      continue;
    }
    if (seen.has(call.id)) {
      problems.push({ eventIndex: index, message: `repeated call id ${call.id} (ignored)` });
      continue;
    }
    seen.add(call.id);
    if (call.result !== undefined && (!isRecord(call.result) || !Array.isArray(call.result.content))) {
      problems.push({ eventIndex: index, message: `result for call ${call.id} has no "content" array` });
    }
    roots.push(mcpNode(call, index));
  }
  return { roots, problems };
}
