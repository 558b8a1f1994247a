import {
  buildToolCalls,
  isRecord,
  viewContentBlock,
  type ParsedSessionLog,
  type SessionEvent,
  type ToolCallNode,
} from '../../model';

export type MessageRole = 'user' | 'assistant' | 'context';

export type ReplayItem =
  | { readonly kind: 'message'; readonly seq: number; readonly role: MessageRole; readonly texts: readonly string[] }
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

/** Runtime-context snapshots (`plugin`) and other sources are harness plumbing, not conversation. */
function messageRole(event: SessionEvent): MessageRole | null {
  if (event.type === 'assistant/message') return 'assistant';
  if (event.type !== 'user/message') return null;
  const kind = isRecord(event.data.source) ? event.data.source.kind : undefined;
  if (kind === 'user') return 'user';
  // A nested call's result forwarded to the model at the next step.
  if (kind === 'ptc-mode') return 'context';
  return null;
}

function messageItem(event: SessionEvent): ReplayItem | null {
  const role = messageRole(event);
  if (role === null) return null;
  const content = role === 'assistant' ? (isRecord(event.data.message) ? event.data.message.content : undefined) : event.data.content;
  const texts = textsOf(content);
  return texts.length === 0 ? null : { kind: 'message', seq: event.seq, role, texts };
}

function textsOf(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  const texts: string[] = [];
  for (const block of content) {
    const view = viewContentBlock(block);
    if (view.kind === 'text' && view.text.trim() !== '') texts.push(view.text);
  }
  return texts;
}
