import type { AttachmentRef } from '@toolcard/ui-tool-image';

/**
 * Small builders for hand-made session logs in the harness's JSONL format (DESIGN §2), for
 * stories that need one exact situation. Recorded fixtures replace them where they exist.
 */

export const STORY_CWD = '/home/reviewer/project';

export interface LogEvent {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * The log text: a header line, then one line per event. Each `tool/result` points at its
 * `tool/call` through `sourceEventSeqs`, as the harness writes it.
 */
export function sessionLog(events: readonly LogEvent[], cwd = STORY_CWD): string {
  const header = { type: 'session', version: 0, id: 'story-session', createdAt: 1783951000000, cwd };
  const callSeqs = new Map<unknown, number>();
  const lines = events.map((event, seq) => {
    if (event.type === 'tool/call') callSeqs.set(event.data.callId, seq);
    const callSeq = event.type === 'tool/result' ? callSeqs.get(resultCallId(event)) : undefined;
    return callSeq === undefined ? event : { ...event, sourceEventSeqs: [callSeq] };
  });
  return [header, ...lines].map((line) => JSON.stringify(line)).join('\n') + '\n';
}

function resultCallId(event: LogEvent): unknown {
  const message = event.data.message as { source?: { callId?: unknown } } | undefined;
  return message?.source?.callId;
}

export function userMessage(text: string): LogEvent {
  return { type: 'user/message', data: { content: [{ type: 'text', text }], source: { kind: 'user' }, role: 'user' } };
}

export function assistantMessage(text: string): LogEvent {
  return {
    type: 'assistant/message',
    data: { turn: 1, step: 2, message: { role: 'assistant', content: [{ type: 'text', text }] } },
  };
}

/** `args` is what the model produced: a raw string (possibly not JSON yet) or an object to serialise. */
export function toolCall(callId: string, name: string, args: string | Readonly<Record<string, unknown>>): LogEvent {
  const raw = typeof args === 'string' ? args : JSON.stringify(args);
  return { type: 'tool/call', data: { turn: 1, step: 1, callId, name, arguments: raw } };
}

export interface ResultExtras {
  readonly isError?: boolean;
  readonly error?: { readonly name: string; readonly code: string };
  readonly meta?: unknown;
}

export function toolResult(callId: string, content: readonly unknown[], { isError = false, ...extras }: ResultExtras = {}): LogEvent {
  return {
    type: 'tool/result',
    data: {
      turn: 1,
      step: 1,
      message: {
        source: { kind: 'tool', callId },
        content: [{ type: 'tool-result', toolCallId: callId, content, isError }],
        role: 'user',
      },
      ...extras,
    },
  };
}

/** A successful `read_image` result's content: the exact envelope (no downscale), then the image block. */
export function imageResultContent(resolvedPath: string, ref: AttachmentRef): readonly unknown[] {
  const envelope = [
    `<path>${resolvedPath}</path>`,
    '<type>image</type>',
    '<content>',
    `${ref.mediaType} image, ${ref.width}x${ref.height} px, ${ref.bytes} bytes`,
    '</content>',
  ].join('\n');
  return [
    { type: 'text', text: envelope },
    { type: 'image', attachment: ref },
  ];
}

/** A failed result's content as the host writes it. */
export function errorContent(message: string): readonly unknown[] {
  return [{ type: 'text', text: `Error: ${message}` }];
}

export interface DispatchIds {
  readonly rootCallId: string;
  readonly parentCallId: string;
  readonly subCallId: string;
}

/** A call dispatched from inside a `run_code` program, start and settle (no meta: nested results carry none). */
export function nestedCall(
  ids: DispatchIds,
  name: string,
  args: Readonly<Record<string, unknown>>,
  content: readonly unknown[],
  isError = false,
): readonly [LogEvent, LogEvent] {
  const start = { ...ids, name, arguments: args };
  return [
    { type: 'tool/ptc-dispatch-start', data: start },
    { type: 'tool/ptc-dispatch', data: { ...start, isError, content } },
  ];
}

/** A nested image result forwarded to the model at the next step, as a context message. */
export function deferredContext(content: readonly unknown[]): readonly [LogEvent, LogEvent] {
  const message = { content, source: { kind: 'ptc-mode' }, role: 'user' };
  return [
    { type: 'agent/inbox/spliced', data: { target: 'next-turn', start: 0, inserted: [message] } },
    { type: 'user/message', data: message },
  ];
}
