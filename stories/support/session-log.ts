import type { AttachmentRef } from '@toolcard/ui-tool-image';

/**
 * Small builders for hand-made session logs in the harness's JSONL format (DESIGN §2), only for
 * what no recorded session holds: states the harness, not the host adapter, produces (arguments
 * still streaming, a call aborted) and results no single real call returns.
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
