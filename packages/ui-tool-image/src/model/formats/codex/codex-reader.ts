import type { FormatReader, FormatSnapshot } from '../agent-log/format-reader';
import { recordTime } from '../agent-log/record-time';
import { ResponsesConversation, type ResponsesDialect } from '../openai-responses/responses-conversation';
import { isRecord, type JsonRecord } from '../../narrow';
import { CodexFacts } from './codex-facts';
import { CODEX_HARNESS_TEXT } from './codex-harness';
import { isCodexSessionHeader, looksLikeCodexDocument } from './codex-detection';

/** The line types whose payload is read (for the conversation, the facts, or the count of `event_msg` per kind); the others are counted whole. */
const PAYLOAD_READ: ReadonlySet<string> = new Set(['session_meta', 'response_item', 'turn_context', 'event_msg']);

/** The `event_msg`s that end a call with the time it took. */
const MEASURED_ENDS: ReadonlySet<string> = new Set(['exec_command_end', 'mcp_tool_call_end']);

const CODEX_DIALECT: ResponsesDialect = { origin: 'codex', otherTypePrefix: 'response_item/', harness: CODEX_HARNESS_TEXT };

/**
 * A Codex CLI rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`), fed one parsed line at a
 * time, of either era: `{timestamp, type, payload}` envelopes (September 2025 on), or the bare
 * 2025 lines (a `{id, timestamp, instructions}` header, then bare `ResponseItem`s and
 * `{record_type: "state"}` markers). `readDocument` reads the TypeScript CLI's one-document file.
 *
 * The conversation is the model-visible `ResponseItem`s. Every `event_msg` is counted, never
 * shown: the ones a replay could show (user and agent messages, command ends, image generation
 * ends…) copy what a `response_item` already holds. `compacted` is counted too: its
 * `replacement_history` repeats messages already shown. Calls are `origin: 'codex'`.
 */
export class CodexReader implements FormatReader {
  readonly format = 'codex';
  private readonly conversation = new ResponsesConversation(CODEX_DIALECT);
  private readonly facts = new CodexFacts();

  readLine(value: unknown, line: number): void {
    if (!isRecord(value)) {
      this.conversation.problem(line, 'line is not a JSON object');
      return;
    }
    const { type, record_type: marker } = value;
    if (typeof type === 'string' && Object.hasOwn(value, 'payload')) this.readEnvelope(type, value, line);
    else if (marker !== undefined) this.conversation.count(typeof marker === 'string' ? `record_type/${marker}` : 'record_type');
    else if (isCodexSessionHeader(value)) this.facts.readSessionHeader(value);
    else this.conversation.read(value, line);
  }

  /** The TypeScript CLI's `{session, items}` document; each item's `line` is its 1-based position in `items`. */
  readDocument(value: unknown): void {
    if (!looksLikeCodexDocument(value)) {
      this.conversation.problem(1, 'not a Codex session document ({session, items})');
      return;
    }
    this.facts.readSessionHeader(value.session);
    value.items.forEach((item, index) => {
      this.conversation.read(item, index + 1);
    });
  }

  takeChangedItemKeys(): string[] {
    return this.conversation.takeChangedKeys();
  }

  snapshot(): FormatSnapshot {
    return this.conversation.snapshot(this.facts.current());
  }

  /** An `event_msg` is shown nowhere; a call's end event gives the call its measured duration. */
  private readEvent(payload: JsonRecord): void {
    const { type, call_id: callId } = payload;
    if (typeof type !== 'string' || !MEASURED_ENDS.has(type) || typeof callId !== 'string') return;
    const ms = durationMs(payload.duration);
    if (ms !== undefined) this.conversation.measured(callId, ms);
  }

  private readEnvelope(type: string, envelope: JsonRecord, line: number): void {
    const at = recordTime(envelope.timestamp);
    this.facts.readTime(at);
    const { payload } = envelope;
    if (!PAYLOAD_READ.has(type)) {
      this.conversation.count(type);
      return;
    }
    if (!isRecord(payload)) {
      this.conversation.problem(line, `${type} line without a "payload" object`);
      return;
    }
    switch (type) {
      case 'session_meta':
        this.facts.readSessionMeta(payload);
        break;
      case 'response_item':
        this.conversation.read(payload, line, at);
        break;
      case 'turn_context':
        this.facts.readTurnContext(payload);
        this.conversation.count(type);
        break;
      default:
        this.readEvent(payload);
        this.conversation.count(typeof payload.type === 'string' ? `${type}/${payload.type}` : type);
    }
  }
}

/** A `{secs, nanos}` duration (Rust's `Duration`, as Codex's events write it) in ms. */
function durationMs(value: unknown): number | undefined {
  if (!isRecord(value) || typeof value.secs !== 'number' || typeof value.nanos !== 'number' || value.secs < 0 || value.nanos < 0) return undefined;
  return value.secs * 1000 + value.nanos / 1e6;
}

/** A TypeScript Codex CLI session document (`{session, items}`) read whole. */
export function readCodexDocument(value: unknown): FormatSnapshot {
  const reader = new CodexReader();
  reader.readDocument(value);
  return reader.snapshot();
}
