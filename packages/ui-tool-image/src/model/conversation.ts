import type { ToolCallNode, ToolCallProblem } from './call-tree';
import type { MessagePart, MessageRole } from './message-parts';

/**
 * What a session shows, in order: messages (text and images) between the tool calls that split
 * them. One type for every format and for the replay. `line` is the 1-based line of the file an
 * item starts at, where the format has lines (what a problem's line is matched to).
 */
export type ConversationItem =
  | (ItemTimes & {
      readonly kind: 'message';
      /** The message's identity across renders and across snapshots of a growing file. */
      readonly key: string;
      readonly line?: number;
      readonly role: MessageRole;
      readonly parts: readonly MessagePart[];
    })
  | (ItemTimes & { readonly kind: 'call'; readonly line?: number; readonly node: ToolCallNode });

/** When an item happened, in epoch milliseconds, where its format records times (Claude Code and Codex lines do; our own log does not). */
export interface ItemTimes {
  /** The time of the record the item starts at. */
  readonly startedAt?: number;
  /** A call's: the time of the record that settled it. */
  readonly endedAt?: number;
}

export interface Conversation {
  readonly items: readonly ConversationItem[];
  readonly problems: readonly ToolCallProblem[];
}

/** An item's identity across renders and across prefixes of the same session. */
export function conversationItemKey(item: ConversationItem): string {
  return item.kind === 'call' ? callItemKey(item.node.callId) : messageItemKey(item.key);
}

/** The key of a call's item, from its node's `callId` (for a reader that has not built the item). */
export function callItemKey(callId: string): string {
  return `call:${callId}`;
}

/** The key of a message's item, from its `key`. */
export function messageItemKey(key: string): string {
  return `message:${key}`;
}
