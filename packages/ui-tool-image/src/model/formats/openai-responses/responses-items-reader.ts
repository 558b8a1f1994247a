import type { FormatReader, FormatSnapshot, SessionFacts } from '../agent-log/format-reader';
import type { Conversation } from '../../conversation';
import { ResponsesConversation } from './responses-conversation';

/**
 * OpenAI Responses / Agents SDK items (DESIGN §9), fed one item per `readLine`; `line` is the
 * item's 1-based position in its array (or its line in a JSONL file of items). Calls are
 * `origin: 'openai-responses'`.
 */
export class ResponsesItemsReader implements FormatReader {
  readonly format = 'openai-responses';
  private readonly conversation = new ResponsesConversation({ origin: 'openai-responses', otherTypePrefix: '' });

  /** `facts`: what the document around the items says (a bare items array says nothing). */
  constructor(private readonly facts: SessionFacts = {}) {}

  readLine(value: unknown, line: number): void {
    this.conversation.read(value, line);
  }

  takeChangedItemKeys(): string[] {
    return this.conversation.takeChangedKeys();
  }

  snapshot(): FormatSnapshot {
    return this.conversation.snapshot(this.facts);
  }
}

interface ReadPrefix {
  readonly reader: ResponsesItemsReader;
  readonly items: readonly unknown[];
}

// Per first item: an array that extends the last one read (the same item objects, then more, as
// React state grows while a response streams) reads only its new items, and its unchanged
// conversation items stay the same objects.
const readPrefixes = new WeakMap<object, ReadPrefix>();

function extendsPrefix(items: readonly unknown[], prefix: readonly unknown[]): boolean {
  return items.length >= prefix.length && prefix.every((item, index) => items[index] === item);
}

/**
 * The conversation of OpenAI Responses / Agents SDK `input`/`output` items (contract, DESIGN §9):
 * messages (text and images), tool calls with their outputs, hosted tools (web search, image
 * generation). Items are read as immutable, as React state is. Never throws.
 */
export function conversationFromResponsesItems(items: readonly unknown[]): Conversation {
  const list: readonly unknown[] = Array.isArray(items) ? items : [];
  const first = list[0];
  const key = typeof first === 'object' && first !== null ? first : null;
  const cached = key === null ? undefined : readPrefixes.get(key);
  const prefix = cached !== undefined && extendsPrefix(list, cached.items) ? cached : { reader: new ResponsesItemsReader(), items: [] };
  for (let index = prefix.items.length; index < list.length; index += 1) prefix.reader.readLine(list[index], index + 1);
  if (key !== null) readPrefixes.set(key, { reader: prefix.reader, items: [...list] });
  return prefix.reader.snapshot().conversation;
}
