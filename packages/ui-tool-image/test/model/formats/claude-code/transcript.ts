import type { ConversationItem } from '../../../../src/model';
import type { FormatSnapshot } from '../../../../src/model/formats/agent-log/format-reader';
import { ClaudeCodeReader } from '../../../../src/model/formats/claude-code/claude-code-reader';

/** Lines in the documented Claude Code shapes (FORMATS.md §1), written by the tests: no real session's data. */
export type Line = Record<string, unknown>;

export const SESSION_ID = '3f0c1b2a-0000-4000-8000-000000000001';
export const SESSION_CWD = '/home/qa/project';

/**
 * Writes a transcript line by line as Claude Code 2.x does: every line chained to the previous
 * one by `parentUuid`, one second apart, the session's fields on each.
 */
export class TranscriptWriter {
  private count = 0;
  private lastUuid: string | null = null;

  /** `thread` tells the uuids of several writers apart. */
  constructor(
    private readonly common: Line = { sessionId: SESSION_ID, cwd: SESSION_CWD, version: '2.0.5', userType: 'external', isSidechain: false },
    private readonly thread = 'main',
  ) {}

  line(type: string, fields: Line = {}): Line {
    this.count += 1;
    const uuid = `${this.thread}-${String(this.count).padStart(4, '0')}`;
    const line = {
      parentUuid: this.lastUuid,
      ...this.common,
      type,
      uuid,
      timestamp: new Date(Date.UTC(2025, 9, 1, 12, 0, this.count)).toISOString(),
      ...fields,
    };
    this.lastUuid = uuid;
    return line;
  }

  user(content: unknown, fields: Line = {}): Line {
    return this.line('user', { message: { role: 'user', content }, ...fields });
  }

  /** One block of an assistant reply: 2.x writes each block of a streamed reply on its own line, all with the reply's `message.id`. */
  assistant(messageId: string, block: unknown, fields: Line = {}): Line {
    const message = {
      id: messageId,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [block],
      stop_reason: null,
      usage: { input_tokens: 3, output_tokens: 9 },
    };
    return this.line('assistant', { message, requestId: `req_${messageId}`, ...fields });
  }

  /** A `tool_result` on its own user line, with the tool's own record as `toolUseResult` when given. */
  result(toolUseId: string, content: unknown, fields: { readonly isError?: boolean; readonly toolUseResult?: unknown; readonly line?: Line } = {}): Line {
    const block = { tool_use_id: toolUseId, type: 'tool_result', content, ...(fields.isError === undefined ? {} : { is_error: fields.isError }) };
    return this.user([block], { ...(fields.toolUseResult === undefined ? {} : { toolUseResult: fields.toolUseResult }), ...fields.line });
  }
}

export function text(value: string): Line {
  return { type: 'text', text: value };
}

export function toolUse(id: string, name: string, input: unknown): Line {
  return { type: 'tool_use', id, name, input };
}

/** `mediaType: null` leaves `media_type` out, as some transcripts do. */
export function base64Image(data: string, mediaType: string | null = 'image/png'): Line {
  return { type: 'image', source: { type: 'base64', ...(mediaType === null ? {} : { media_type: mediaType }), data } };
}

/** Feeds `lines` to a reader (line numbers from `firstLine`), returning the reader. */
export function feed(lines: readonly unknown[], reader = new ClaudeCodeReader(), firstLine = 1): ClaudeCodeReader {
  lines.forEach((line, index) => {
    reader.readLine(line, firstLine + index);
  });
  return reader;
}

export function replay(lines: readonly unknown[]): FormatSnapshot {
  return feed(lines).snapshot();
}

/** Each item in a word or three: `user text+images`, `call Read settled`. */
export function outline(items: readonly ConversationItem[]): string[] {
  return items.map((item) =>
    item.kind === 'call'
      ? `call ${item.node.name ?? '?'} ${item.node.status}${item.node.children.length > 0 ? ` [${item.node.children.map((child) => child.name ?? '?').join(', ')}]` : ''}`
      : `${item.role} ${item.parts.map((part) => part.kind).join('+')}`,
  );
}

export function callNodes(snapshot: FormatSnapshot) {
  return snapshot.conversation.items.flatMap((item) => (item.kind === 'call' ? [item.node] : []));
}
