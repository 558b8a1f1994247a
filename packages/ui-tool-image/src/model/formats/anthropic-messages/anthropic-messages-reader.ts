import type { Conversation } from '../../conversation';
import type { MessageRole } from '../../message-parts';
import { isRecord } from '../../narrow';
import type { FormatReader, FormatSnapshot, SessionFacts } from '../agent-log/format-reader';
import { OtherEventCounter } from '../agent-log/other-event-counter';
import { formatSnapshot } from '../anthropic/assembled-snapshot';
import { ConversationAssembler } from '../anthropic/conversation-assembler';
import { readMessageContent } from '../anthropic/message-content';

const ROLES: Readonly<Record<string, MessageRole>> = { user: 'user', assistant: 'assistant' };

/**
 * An Anthropic Messages API `messages` array, one element per `readLine` (`line` = its 1-based
 * position): text and images in order, split around the `tool_use` calls, each call settled by
 * the `tool_result` with its id in any later (or earlier) message. Thinking and other blocks the
 * cards do not show are counted in `otherEvents`.
 */
export class AnthropicMessagesReader implements FormatReader {
  readonly format = 'anthropic-messages';
  private readonly conversation = new ConversationAssembler('anthropic-messages');
  private readonly others = new OtherEventCounter();
  private last: FormatSnapshot | null = null;

  /** `facts`: what the request body around the messages says (a bare messages array says nothing). */
  constructor(private readonly facts: SessionFacts = {}) {}

  private readonly countHidden = (type: string): void => {
    this.others.count(type);
  };

  readLine(value: unknown, line: number): void {
    const position = { line, index: line - 1 };
    if (!isRecord(value)) {
      this.conversation.report(position, 'element is not a message object');
      return;
    }
    const role = typeof value.role === 'string' && Object.hasOwn(ROLES, value.role) ? ROLES[value.role] : undefined;
    if (role === undefined) {
      const shown = typeof value.role === 'string' ? `"${value.role}"` : typeof value.role;
      this.conversation.report(position, `message role ${shown} is neither "user" nor "assistant" (not shown)`);
      return;
    }
    readMessageContent(this.conversation, { position, role, messageKey: String(line) }, value.content, { hidden: this.countHidden });
  }

  takeChangedItemKeys(): string[] {
    return this.conversation.takeChangedKeys();
  }

  snapshot(): FormatSnapshot {
    this.last = formatSnapshot(this.last, this.conversation.snapshot(), this.others.snapshot(), this.facts);
    return this.last;
  }
}

/**
 * An Anthropic Messages API `messages` array (contract, DESIGN §9) as the conversation a replay
 * shows, for an embedder holding it in app state. Never throws.
 */
export function conversationFromAnthropicMessages(messages: readonly unknown[]): Conversation {
  const reader = new AnthropicMessagesReader();
  // Typed as an array, but what JavaScript hands over from app state may be anything.
  const list: readonly unknown[] = Array.isArray(messages) ? messages : [];
  for (const [index, message] of list.entries()) reader.readLine(message, index + 1);
  return reader.snapshot().conversation;
}
