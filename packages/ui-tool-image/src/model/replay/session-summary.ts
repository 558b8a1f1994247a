import type { ToolCallNode } from '../call-tree';
import { viewContentBlock } from '../content-blocks';
import type { ConversationItem } from '../conversation';
import { isAgentLog, type AgentLog } from '../formats/agent-log/agent-log';
import type { AgentLogFormat, SessionFacts } from '../formats/agent-log/format-reader';
import type { ParsedSessionLog } from '../formats/toolcard/session-log';
import { toolcardFacts } from '../formats/toolcard/session-facts';

/** What a session's header shows: its facts where the format records them, and its format. */
export interface SessionSummaryFacts extends SessionFacts {
  readonly format: AgentLogFormat | 'unknown';
}

/**
 * Calls at every depth, distinct images (by attachment: an image a nested call returned and the
 * context message that forwarded it to the model are one), calls that failed, and calls whose
 * result holds at least one image.
 */
export interface SessionCounts {
  readonly calls: number;
  readonly images: number;
  readonly failures: number;
  readonly imageCalls: number;
}

interface ItemCounts {
  readonly calls: number;
  readonly failures: number;
  readonly imageCalls: number;
  readonly imageIds: readonly string[];
}

/** A log's facts, whichever reader read it (`parseSessionLog`'s result is our own format). */
export function sessionFactsOf(log: ParsedSessionLog | AgentLog): SessionSummaryFacts {
  return isAgentLog(log) ? { ...log.facts, format: log.format } : { ...toolcardFacts(log), format: 'toolcard' };
}

function imageIdsIn(blocks: readonly unknown[]): string[] {
  return blocks.flatMap((block) => {
    const view = viewContentBlock(block);
    return view.kind === 'image' ? [view.attachment.attachmentId] : [];
  });
}

function callCounts(node: ToolCallNode): ItemCounts {
  const children = node.children.map(callCounts);
  const ownImageIds = node.status === 'settled' ? imageIdsIn(node.result.content) : [];
  return {
    calls: 1 + children.reduce((sum, child) => sum + child.calls, 0),
    failures: (node.status === 'settled' && node.result.outcome === 'error' ? 1 : 0) + children.reduce((sum, child) => sum + child.failures, 0),
    imageCalls: (ownImageIds.length > 0 ? 1 : 0) + children.reduce((sum, child) => sum + child.imageCalls, 0),
    imageIds: [...ownImageIds, ...children.flatMap((child) => child.imageIds)],
  };
}

// Items are immutable and a growing log's snapshots reuse the unchanged ones: each is read once.
const countsOfItem = new WeakMap<ConversationItem, ItemCounts>();

function itemCounts(item: ConversationItem): ItemCounts {
  let counts = countsOfItem.get(item);
  if (counts === undefined) {
    counts =
      item.kind === 'call'
        ? callCounts(item.node)
        : {
            calls: 0,
            failures: 0,
            imageCalls: 0,
            imageIds: item.parts.flatMap((part) => (part.kind === 'images' ? part.images.map((image) => image.attachment.attachmentId) : [])),
          };
    countsOfItem.set(item, counts);
  }
  return counts;
}

/** The counts of a conversation's items. */
export function conversationCounts(items: readonly ConversationItem[]): SessionCounts {
  let calls = 0;
  let failures = 0;
  let imageCalls = 0;
  for (const item of items) {
    const counts = itemCounts(item);
    calls += counts.calls;
    failures += counts.failures;
    imageCalls += counts.imageCalls;
  }
  return { calls, images: conversationImageIds(items).size, failures, imageCalls };
}

/** The attachment ids of a conversation's images (its calls' at every depth and its messages'), each once. */
export function conversationImageIds(items: readonly ConversationItem[]): Set<string> {
  const ids = new Set<string>();
  for (const item of items) for (const id of itemCounts(item).imageIds) ids.add(id);
  return ids;
}
