import {
  buildToolCalls,
  isRecord,
  messageParts,
  type MessagePart,
  type MessageRole,
  type ParsedSessionLog,
  type SessionEvent,
  type ToolCallNode,
} from '../../model';

export type ReplayItem =
  | { readonly kind: 'message'; readonly seq: number; readonly role: MessageRole; readonly parts: readonly MessagePart[] }
  | { readonly kind: 'call'; readonly node: ToolCallNode };

/** An item's identity across renders and across prefixes of the same log. */
export function replayItemKey(item: ReplayItem): string {
  return item.kind === 'call' ? `call:${item.node.callId}` : `event:${item.seq}`;
}

export interface ReplayProblem {
  readonly line: number;
  readonly message: string;
}

export interface Replay {
  readonly items: readonly ReplayItem[];
  readonly problems: readonly ReplayProblem[];
}

/**
 * What a replay shows, in log order: messages, and each top-level call at the event that created
 * it (its nested calls go inside it). Linear in the number of events.
 */
export function replayOf(log: ParsedSessionLog): Replay {
  const { events } = log;
  const tree = buildToolCalls(events);
  const items: ReplayItem[] = [];
  // Roots come in ascending `firstEventIndex`, so one merge pass with the events keeps log order.
  let pending = 0;
  for (const [index, event] of events.entries()) {
    let root = tree.roots[pending];
    while (root !== undefined && root.firstEventIndex <= index) {
      items.push({ kind: 'call', node: root });
      pending += 1;
      root = tree.roots[pending];
    }
    const message = messageItem(event);
    if (message !== null) items.push(message);
  }

  const treeProblems = tree.problems.map(({ eventIndex, message }) => ({ line: events[eventIndex]?.line ?? 0, message }));
  const problems = [...log.problems, ...treeProblems].sort((a, b) => a.line - b.line);
  return { items, problems };
}

/**
 * Which messages are conversation. A deferred context message (a nested call's result forwarded
 * to the model at the next step: `ptc-mode`, or `plugin` in older logs) is shown, because it is
 * what the model saw next. A runtime-context snapshot (`plugin` with `form: "snapshot"`) is harness
 * plumbing restated every turn and is left out, unless it carries an image: no image is lost.
 */
function messageRole(event: SessionEvent, parts: readonly MessagePart[]): MessageRole | null {
  if (event.type === 'assistant/message') return 'assistant';
  if (event.type !== 'user/message') return null;
  const source = isRecord(event.data.source) ? event.data.source : {};
  if (source.kind === 'user') return 'user';
  if (source.kind === 'ptc-mode') return 'context';
  if (source.kind !== 'plugin') return null;
  return source.form !== 'snapshot' || parts.some((part) => part.kind === 'images') ? 'context' : null;
}

function messageItem(event: SessionEvent): ReplayItem | null {
  if (event.type !== 'user/message' && event.type !== 'assistant/message') return null;
  const content = event.type === 'assistant/message' ? (isRecord(event.data.message) ? event.data.message.content : undefined) : event.data.content;
  const parts = messageParts(content);
  const role = messageRole(event, parts);
  return role === null || parts.length === 0 ? null : { kind: 'message', seq: event.seq, role, parts };
}
