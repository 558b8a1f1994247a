import { rawArguments, toolResult, type ToolCallNode, type ToolCallProblem, type ToolCallTree, type ToolResult } from '../../call-tree';
import { isNonEmptyString, isRecord, type JsonRecord } from '../../narrow';

interface NodeUnderConstruction {
  callId: string;
  kind: 'top-level' | 'nested';
  name: string | null;
  argsRaw: string | null;
  /** Set once, when the call settles. */
  result?: ToolResult;
  parentCallId?: string;
  /** The node it is nested in, when that is in the log. */
  parent?: NodeUnderConstruction;
  children: NodeUnderConstruction[];
  firstEventIndex: number;
  /** The `ToolCallNode` last handed out for it; cleared when it or a node nested in it changes. */
  view?: ToolCallNode | undefined;
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

function viewOf(node: NodeUnderConstruction): ToolCallNode {
  node.view ??= {
    callId: node.callId,
    kind: node.kind,
    name: node.name,
    argsRaw: node.argsRaw,
    ...(node.parentCallId === undefined ? {} : { parentCallId: node.parentCallId }),
    children: node.children.map(viewOf),
    firstEventIndex: node.firstEventIndex,
    ...(node.result === undefined ? { status: 'running' as const } : { status: 'settled' as const, result: node.result }),
  };
  return node.view;
}

/**
 * `buildToolCalls` one event at a time, for a log that grows: what an event costs does not depend
 * on how many came before it. A node that has not changed since it was last handed out is handed
 * out again as the same object (so `memo` and `WeakMap` caches keyed on it still hold); a node that
 * settled or gained a nested call, and the nodes it is nested in, are new objects.
 */
export class ToolCallTreeBuilder {
  private readonly roots: NodeUnderConstruction[] = [];
  private readonly problems: ToolCallProblem[] = [];
  private readonly byCallId = new Map<string, NodeUnderConstruction>();
  private readonly changedRoots = new Set<NodeUnderConstruction>();
  private events = 0;

  /** How many events have been read: the index the next one gets. */
  get eventCount(): number {
    return this.events;
  }

  /** The tree as it stands. */
  tree(): ToolCallTree {
    this.changedRoots.clear();
    return { roots: this.roots.map(viewOf), problems: [...this.problems] };
  }

  /** The top-level nodes created or changed since the last `takeChanged` (or `tree`), in log order. */
  takeChanged(): ToolCallNode[] {
    const changed = [...this.changedRoots].sort((a, b) => a.firstEventIndex - b.firstEventIndex).map(viewOf);
    this.changedRoots.clear();
    return changed;
  }

  /** Problems found so far, from index `from` on (problems are only ever appended). */
  problemsFrom(from: number): readonly ToolCallProblem[] {
    return this.problems.slice(from);
  }

  /** Reads the next event (arbitrary JSON; anything unusable is reported). */
  add(event: unknown): void {
    const eventIndex = this.events++;
    if (!isRecord(event)) return;
    const { type, data } = event;
    if (!isRecord(data)) return;

    if (type === 'tool/call') {
      const { callId, name } = data;
      if (!isNonEmptyString(callId)) {
        this.report(eventIndex, 'tool/call without a "callId" (ignored)');
      } else if (this.byCallId.has(callId)) {
        this.report(eventIndex, `repeated call id ${callId} (ignored)`);
      } else {
        const node: NodeUnderConstruction = {
          callId,
          kind: 'top-level',
          name: typeof name === 'string' ? name : null,
          argsRaw: rawArguments(data.arguments),
          children: [],
          firstEventIndex: eventIndex,
        };
        this.place(node, eventIndex);
      }
    } else if (type === 'tool/result') {
      const message = isRecord(data.message) ? data.message : {};
      const blocks = message.content;
      const first: unknown = Array.isArray(blocks) ? blocks[0] : undefined;
      const block = isRecord(first) ? first : {};
      const callId = resultCallId(message, block);
      if (callId === null) {
        this.report(eventIndex, 'tool/result without a call id (ignored)');
        return;
      }
      let node = this.byCallId.get(callId);
      if (node === undefined) {
        this.report(eventIndex, `result for call ${callId}, whose call head is not in the log`);
        node = { callId, kind: 'top-level', name: null, argsRaw: null, children: [], firstEventIndex: eventIndex };
        this.place(node, eventIndex);
      }
      this.settle(node, toolResult({ content: block.content, isError: block.isError, error: data.error, meta: data.meta }), eventIndex);
    } else if (DISPATCH_START_TYPES.has(type)) {
      const found = this.nestedNode(data, eventIndex);
      if (found?.created === false) this.report(eventIndex, `repeated call id ${found.node.callId} (ignored)`);
    } else if (DISPATCH_SETTLE_TYPES.has(type)) {
      const found = this.nestedNode(data, eventIndex);
      if (found !== null) this.settle(found.node, toolResult({ content: data.content, isError: data.isError, error: data.error }), eventIndex);
    }
  }

  private report(eventIndex: number, message: string): void {
    this.problems.push({ eventIndex, message });
  }

  /** `node` changed: it and every node it is nested in get a new view, and its root is reported changed. */
  private changed(node: NodeUnderConstruction): void {
    let at = node;
    at.view = undefined;
    while (at.parent !== undefined) {
      at = at.parent;
      at.view = undefined;
    }
    this.changedRoots.add(at);
  }

  private place(node: NodeUnderConstruction, eventIndex: number): void {
    // The parent is looked up before the node is indexed, so a node can never become its own parent.
    const parent = node.parentCallId === undefined ? undefined : this.byCallId.get(node.parentCallId);
    this.byCallId.set(node.callId, node);
    if (parent !== undefined) {
      node.parent = parent;
      parent.children.push(node);
    } else {
      if (node.parentCallId !== undefined) {
        this.report(eventIndex, `nested call ${node.callId} names parent ${node.parentCallId}, which is not in the log`);
      }
      this.roots.push(node);
    }
    this.changed(node);
  }

  private settle(node: NodeUnderConstruction, result: ToolResult, eventIndex: number): void {
    if (node.result !== undefined) {
      this.report(eventIndex, `second result for call ${node.callId} (ignored)`);
      return;
    }
    node.result = result;
    this.changed(node);
  }

  /** The node a dispatch record is about, created on first sight; `null` when the record names no call. */
  private nestedNode(data: JsonRecord, eventIndex: number): { node: NodeUnderConstruction; created: boolean } | null {
    const { subCallId, parentCallId, rootCallId, name } = data;
    if (!isNonEmptyString(subCallId)) {
      this.report(eventIndex, 'nested dispatch without a "subCallId" (ignored)');
      return null;
    }
    const existing = this.byCallId.get(subCallId);
    if (existing !== undefined) return { node: existing, created: false };
    const parent = isNonEmptyString(parentCallId) ? parentCallId : rootCallId;
    const node: NodeUnderConstruction = {
      callId: subCallId,
      kind: 'nested',
      name: typeof name === 'string' ? name : null,
      argsRaw: rawArguments(data.arguments),
      ...(isNonEmptyString(parent) ? { parentCallId: parent } : {}),
      children: [],
      firstEventIndex: eventIndex,
    };
    this.place(node, eventIndex);
    return { node, created: true };
  }
}

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
  const builder = new ToolCallTreeBuilder();
  for (const event of events) builder.add(event);
  return builder.tree();
}
