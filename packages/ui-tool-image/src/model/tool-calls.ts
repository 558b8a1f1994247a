import { isNonEmptyString, isRecord, type JsonRecord } from './narrow';

/** How a settled call ended: `stopped` = interrupted or aborted, which a UI shows differently from a failure. */
export type ToolOutcome = 'ok' | 'error' | 'stopped';

export interface ToolResultError {
  readonly name?: string;
  readonly code?: string;
}

export interface ToolResult {
  /** The result's content blocks as recorded (arbitrary JSON; consumers narrow each block). */
  readonly content: readonly unknown[];
  /** The recorded `isError` flag (`true` only when the log says exactly `true`). */
  readonly isError: boolean;
  readonly outcome: ToolOutcome;
  readonly error?: ToolResultError;
  /** The persisted presentationMeta, as recorded (top-level `tool/result` only). */
  readonly meta?: unknown;
}

/** The format a call was adapted from (DESIGN §7); absent for a call from a session log. */
export type ToolCallOrigin = 'mcp' | 'ai-sdk';

export interface ToolCallNode {
  readonly callId: string;
  /**
   * Set by the format adapters. A call from another format gets an image card for any tool whose
   * result carries images, labelled from its `file_path`/`path` argument or its tool name.
   */
  readonly origin?: ToolCallOrigin;
  /** `top-level` = a `tool/call`/`tool/result` pair; `nested` = dispatched from inside a program. */
  readonly kind: 'top-level' | 'nested';
  /** `null` when the log holds a result but no call head for this id. */
  readonly name: string | null;
  /** The arguments as the model produced them (nested: JSON of the arguments object); `null` when unknown. */
  readonly argsRaw: string | null;
  /** `result` is present exactly when `status` is `settled`. */
  readonly status: 'running' | 'settled';
  readonly result?: ToolResult;
  /** The recorded parent of a nested call, also when that parent is missing from the log. */
  readonly parentCallId?: string;
  readonly children: readonly ToolCallNode[];
  /** Where the node begins in log order: the index, into the `events` given to `buildToolCalls`, of the event that created it. */
  readonly firstEventIndex: number;
}

export interface ToolCallProblem {
  /** Index into the `events` array given to `buildToolCalls`. */
  readonly eventIndex: number;
  readonly message: string;
}

export interface ToolCallTree {
  /** Top-level calls (and nested calls whose parent is missing) in log order: ascending `firstEventIndex`. */
  readonly roots: readonly ToolCallNode[];
  readonly problems: readonly ToolCallProblem[];
}

interface NodeUnderConstruction {
  callId: string;
  kind: 'top-level' | 'nested';
  name: string | null;
  argsRaw: string | null;
  status: 'running' | 'settled';
  result?: ToolResult;
  parentCallId?: string;
  children: NodeUnderConstruction[];
  firstEventIndex: number;
}

const STOP_CODES: ReadonlySet<string> = new Set(['interrupted', 'aborted']);

/** Arguments as recorded: a string as it is, anything else as JSON; `null` when absent or not serialisable. */
export function rawArguments(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value === undefined) return null;
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

function contentBlocks(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  // Some dispatch records carry the nested result as plain text.
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  return [];
}

function resultError(value: unknown): ToolResultError | undefined {
  if (!isRecord(value)) return undefined;
  const { name, code } = value;
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** A settled result from recorded fields (arbitrary JSON), its outcome derived as for a log. */
export function toolResult(content: unknown, isError: unknown, error: unknown, meta: unknown): ToolResult {
  const narrowedError = resultError(error);
  const flagged = isError === true;
  let outcome: ToolOutcome = 'ok';
  if (narrowedError?.code !== undefined && STOP_CODES.has(narrowedError.code)) outcome = 'stopped';
  else if (flagged || narrowedError !== undefined) outcome = 'error';
  return {
    content: contentBlocks(content),
    isError: flagged,
    outcome,
    ...(narrowedError === undefined ? {} : { error: narrowedError }),
    ...(meta === undefined ? {} : { meta }),
  };
}

/** The call id a `tool/result` answers: the tool-result block's `toolCallId`, else `message.source.callId`. */
function resultCallId(message: JsonRecord, block: JsonRecord): string | null {
  if (isNonEmptyString(block.toolCallId)) return block.toolCallId;
  const source = message.source;
  if (isRecord(source) && isNonEmptyString(source.callId)) return source.callId;
  return null;
}

const DISPATCH_START_TYPES: ReadonlySet<unknown> = new Set(['tool/ptc-dispatch-start', 'tool/code-dispatch-start']);
const DISPATCH_SETTLE_TYPES: ReadonlySet<unknown> = new Set(['tool/ptc-dispatch', 'tool/code-dispatch']);

/**
 * Builds the tool-call tree from recorded events (arbitrary JSON; anything unusable is reported).
 * One pass with an id index, so the work is linear in the number of events.
 *
 * - The first `tool/call` for an id wins; a repeated call head, or a second result for an
 *   already settled call, is reported and ignored.
 * - A result without its call becomes a settled top-level node with `name` and `argsRaw` `null`.
 * - A nested dispatch whose parent is not in the log is kept at the top level, still carrying the
 *   recorded `parentCallId`, and reported.
 * - A settle record (`tool/ptc-dispatch`) without its start record creates the node from its own fields.
 */
export function buildToolCalls(events: readonly unknown[]): ToolCallTree {
  const roots: NodeUnderConstruction[] = [];
  const problems: ToolCallProblem[] = [];
  const byCallId = new Map<string, NodeUnderConstruction>();

  function place(node: NodeUnderConstruction, eventIndex: number): void {
    // The parent is looked up before the node is indexed, so a node can never become its own parent.
    const parent = node.parentCallId === undefined ? undefined : byCallId.get(node.parentCallId);
    byCallId.set(node.callId, node);
    if (parent !== undefined) {
      parent.children.push(node);
      return;
    }
    if (node.parentCallId !== undefined) {
      problems.push({ eventIndex, message: `nested call ${node.callId} names parent ${node.parentCallId}, which is not in the log` });
    }
    roots.push(node);
  }

  function settle(node: NodeUnderConstruction, result: ToolResult, eventIndex: number): void {
    if (node.status === 'settled') {
      problems.push({ eventIndex, message: `second result for call ${node.callId} (ignored)` });
      return;
    }
    node.status = 'settled';
    node.result = result;
  }

  /** The node a dispatch record is about, created on first sight; `null` when the record names no call. */
  function nestedNode(data: JsonRecord, eventIndex: number): { node: NodeUnderConstruction; created: boolean } | null {
    const { subCallId, parentCallId, rootCallId, name } = data;
    if (!isNonEmptyString(subCallId)) {
      problems.push({ eventIndex, message: 'nested dispatch without a "subCallId" (ignored)' });
      return null;
    }
    const existing = byCallId.get(subCallId);
    if (existing !== undefined) return { node: existing, created: false };
    const parent = isNonEmptyString(parentCallId) ? parentCallId : rootCallId;
    const node: NodeUnderConstruction = {
      callId: subCallId,
      kind: 'nested',
      name: typeof name === 'string' ? name : null,
      argsRaw: rawArguments(data.arguments),
      status: 'running',
      ...(isNonEmptyString(parent) ? { parentCallId: parent } : {}),
      children: [],
      firstEventIndex: eventIndex,
    };
    place(node, eventIndex);
    return { node, created: true };
  }

  for (const [eventIndex, event] of events.entries()) {
    if (!isRecord(event)) continue;
    const { type, data } = event;
    if (!isRecord(data)) continue;

    if (type === 'tool/call') {
      const { callId, name } = data;
      if (!isNonEmptyString(callId)) {
        problems.push({ eventIndex, message: 'tool/call without a "callId" (ignored)' });
      } else if (byCallId.has(callId)) {
        problems.push({ eventIndex, message: `repeated call id ${callId} (ignored)` });
      } else {
        const node: NodeUnderConstruction = {
          callId,
          kind: 'top-level',
          name: typeof name === 'string' ? name : null,
          argsRaw: rawArguments(data.arguments),
          status: 'running',
          children: [],
          firstEventIndex: eventIndex,
        };
        place(node, eventIndex);
      }
    } else if (type === 'tool/result') {
      const message = isRecord(data.message) ? data.message : {};
      const blocks = message.content;
      const first: unknown = Array.isArray(blocks) ? blocks[0] : undefined;
      const block = isRecord(first) ? first : {};
      const callId = resultCallId(message, block);
      if (callId === null) {
        problems.push({ eventIndex, message: 'tool/result without a call id (ignored)' });
        continue;
      }
      let node = byCallId.get(callId);
      if (node === undefined) {
        problems.push({ eventIndex, message: `result for call ${callId}, whose call head is not in the log` });
        node = { callId, kind: 'top-level', name: null, argsRaw: null, status: 'running', children: [], firstEventIndex: eventIndex };
        place(node, eventIndex);
      }
      settle(node, toolResult(block.content, block.isError, data.error, data.meta), eventIndex);
    } else if (DISPATCH_START_TYPES.has(type)) {
      const found = nestedNode(data, eventIndex);
      if (found?.created === false) problems.push({ eventIndex, message: `repeated call id ${found.node.callId} (ignored)` });
    } else if (DISPATCH_SETTLE_TYPES.has(type)) {
      const found = nestedNode(data, eventIndex);
      if (found !== null) settle(found.node, toolResult(data.content, data.isError, data.error, undefined), eventIndex);
    }
  }
  return { roots, problems };
}
