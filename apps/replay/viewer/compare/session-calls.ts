import {
  buildToolCalls,
  messageParts,
  viewContentBlock,
  type ConversationItem,
  type ImageCardImage,
  type MessagePart,
  type SessionEvent,
  type ToolCallNode,
} from '@toolcard/ui-tool-image/model';

import { isConversationLog, type ViewerLog } from '../viewer-log';
import { normaliseArguments, type CallOutcome, type CallSequence, type ComparedCall, type ComparedMessage } from './align-calls';

const OUTCOME: Readonly<Record<'ok' | 'error' | 'stopped', CallOutcome>> = { ok: 'ok', error: 'failed', stopped: 'stopped' };

/** A call and the calls nested in it, depth first (the order the replay shows them), each with what a comparison needs of it. */
function comparedCalls(node: ToolCallNode, messages: readonly ComparedMessage[], into: ComparedCall[]): void {
  const texts: string[] = [];
  const images: ImageCardImage[] = [];
  for (const block of node.result?.content ?? []) {
    const view = viewContentBlock(block);
    if (view.kind === 'text') texts.push(view.text);
    else if (view.kind === 'image') images.push({ attachment: view.attachment });
  }
  into.push({
    callId: node.callId,
    name: node.name ?? '',
    args: normaliseArguments(node.argsRaw),
    outcome: node.result === undefined ? 'running' : OUTCOME[node.result.outcome],
    resultText: texts.join('\n'),
    images,
    messages,
  });
  for (const child of node.children) comparedCalls(child, [], into);
}

/** A message's text and its images counted; `null` for one with neither. */
function messageOfParts(role: ComparedMessage['role'], parts: readonly MessagePart[]): ComparedMessage | null {
  const text = parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join('\n');
  const images = parts.reduce((sum, part) => sum + (part.kind === 'images' ? part.images.length : 0), 0);
  return text === '' && images === 0 ? null : { role, text, images };
}

/** Our own log's events as conversation items in log order: the user's and the assistant's messages, and each top-level call where it began. */
function itemsOfEvents(events: readonly SessionEvent[]): (ComparedMessage | ToolCallNode)[] {
  const at: { readonly index: number; readonly item: ComparedMessage | ToolCallNode }[] = [];
  events.forEach((event, index) => {
    const message =
      event.type === 'assistant/message'
        ? messageOfParts('assistant', messageParts((event.data.message as { content?: unknown } | undefined)?.content))
        : event.type === 'user/message' && (event.data.source as { kind?: unknown } | undefined)?.kind === 'user'
          ? messageOfParts('user', messageParts(event.data.content))
          : null;
    if (message !== null) at.push({ index, item: message });
  });
  for (const node of buildToolCalls(events).roots) at.push({ index: node.firstEventIndex, item: node });
  return at.sort((left, right) => left.index - right.index).map(({ item }) => item);
}

function itemOfConversation(item: ConversationItem): ComparedMessage | ToolCallNode | null {
  return item.kind === 'call' ? item.node : messageOfParts(item.role, item.parts);
}

/** A session's conversation in order (any format): its messages, and each top-level call where it began; `null` for a message with nothing to compare. */
export function conversationItemsOf(log: ViewerLog): readonly (ComparedMessage | ToolCallNode | null)[] {
  return isConversationLog(log) ? log.conversation.items.map(itemOfConversation) : itemsOfEvents(log.events);
}

/** A session's calls gathered item by item (so a long one can be read in slices), each with the messages before it. */
export class CallSequenceBuilder {
  private readonly calls: ComparedCall[] = [];
  private pending: ComparedMessage[] = [];

  add(item: ComparedMessage | ToolCallNode | null): void {
    if (item === null) return;
    if ('callId' in item) {
      comparedCalls(item, this.pending, this.calls);
      this.pending = [];
    } else this.pending.push(item);
  }

  sequence(): CallSequence {
    return { calls: this.calls, trailing: this.pending };
  }
}

/** The calls of a session as the viewer holds it (any format), each with the messages before it. */
export function callSequenceOf(log: ViewerLog): CallSequence {
  const builder = new CallSequenceBuilder();
  for (const item of conversationItemsOf(log)) builder.add(item);
  return builder.sequence();
}
