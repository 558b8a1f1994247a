import { isRecord } from '../narrow';
import type { SessionEvent } from '../formats/toolcard/session-log';

/** What a step control says about one event: its type, and what it is about (a tool and call id, or a message's first words). */
export interface EventSummary {
  readonly kind: string;
  readonly label: string;
}

const EXCERPT_LENGTH = 60;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function excerpt(content: unknown): string {
  const blocks: readonly unknown[] = Array.isArray(content) ? content : [];
  const first = blocks.map((block) => (isRecord(block) && block.type === 'text' ? text(block.text).trim() : '')).find((words) => words !== '') ?? '';
  const line = first.replace(/\s+/g, ' ');
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

function resultCallId(data: Readonly<Record<string, unknown>>): string {
  const { message } = data;
  const [first] = isRecord(message) && Array.isArray(message.content) ? (message.content as readonly unknown[]) : [];
  return isRecord(first) ? text(first.toolCallId) : '';
}

/**
 * One event of our own log in words: `tool/call` → `read_image · call-1`, a result → its call id
 * (and the tool's name, looked up among `events` before it), a dispatch → the nested tool and
 * call, a message → its first words. Never throws on any event data.
 */
export function eventSummary(event: SessionEvent, events: readonly SessionEvent[]): EventSummary {
  const { type, data } = event;
  switch (type) {
    case 'tool/call':
      return { kind: type, label: [text(data.name), text(data.callId)].filter(Boolean).join(' · ') };
    case 'tool/result': {
      const callId = resultCallId(data);
      const call = events.find((earlier) => earlier.type === 'tool/call' && earlier.data.callId === callId);
      return { kind: type, label: [text(call?.data.name), callId].filter(Boolean).join(' · ') };
    }
    case 'user/message':
    case 'assistant/message': {
      const message = type === 'assistant/message' && isRecord(data.message) ? data.message : data;
      return { kind: type, label: excerpt(message.content) };
    }
    default:
      return { kind: type, label: [text(data.name), text(data.subCallId)].filter(Boolean).join(' · ') };
  }
}
