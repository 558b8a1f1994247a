import type { AgentLog, ConversationItem } from '@toolcard/ui-tool-image';

/**
 * Another agent's conversation sent from the worker to the page, piece by piece: the items that
 * changed since the last snapshot (a call that settled) and the ones appended, in small messages,
 * then the rest of the log, which completes a snapshot.
 */
export type ConversationMessage =
  | { readonly kind: 'conversation-items'; readonly from: number; readonly items: readonly ConversationItem[] }
  | ({ readonly kind: 'conversation-log'; readonly length: number; readonly conversationProblems: AgentLog['conversation']['problems'] } & Omit<
      AgentLog,
      'conversation' | 'session'
    >);

/** Items per message: about a millisecond of structured clone each on the page. */
const ITEMS_PER_MESSAGE = 500;

/**
 * The worker's side. A reader keeps an unchanged item the same object from one snapshot to the
 * next, so what changed is found by identity, and only that is copied to the page again.
 */
export class ConversationSender {
  private sent: ConversationItem[] = [];

  constructor(private readonly post: (message: ConversationMessage) => void) {}

  /** Sends `log` as it now stands, with at most `maxItems` more items than already sent; true when all of it is sent. */
  send(log: AgentLog, maxItems = Number.POSITIVE_INFINITY): boolean {
    const { items } = log.conversation;
    const sentBefore = Math.min(this.sent.length, items.length);
    for (let index = 0; index < sentBefore; index += 1) {
      if (items[index] === this.sent[index]) continue;
      let end = index + 1;
      while (end < sentBefore && items[end] !== this.sent[end]) end += 1;
      this.postItems(index, items.slice(index, end));
      index = end - 1;
    }
    const end = Math.min(items.length, sentBefore + maxItems);
    this.postItems(sentBefore, items.slice(sentBefore, end));
    this.sent = items.slice(0, end);
    const { format, problems, otherEvents, facts } = log;
    this.post({ kind: 'conversation-log', length: end, conversationProblems: log.conversation.problems, format, problems, otherEvents, facts });
    return end === items.length;
  }

  /** The next log sent is another one. */
  restart(): void {
    this.sent = [];
  }

  private postItems(from: number, items: readonly ConversationItem[]): void {
    for (let start = 0; start < items.length; start += ITEMS_PER_MESSAGE) {
      this.post({ kind: 'conversation-items', from: from + start, items: items.slice(start, start + ITEMS_PER_MESSAGE) });
    }
  }
}

/** The page's side: an item it already holds stays the same object in every later snapshot, so the replay builds only the rows that changed. */
export class ConversationReceiver {
  private items: ConversationItem[] = [];

  receive(message: ConversationMessage): AgentLog | null {
    if (message.kind === 'conversation-items') {
      message.items.forEach((item, index) => {
        this.items[message.from + index] = item;
      });
      return null;
    }
    const { length, conversationProblems, format, problems, otherEvents, facts } = message;
    this.items.length = length;
    return { format, conversation: { items: [...this.items], problems: conversationProblems }, problems, otherEvents, facts };
  }

  restart(): void {
    this.items = [];
  }
}
