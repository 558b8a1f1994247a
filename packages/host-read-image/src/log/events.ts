import type { ModelRoute } from '../seams/model-resolver.ts';
import type { ToolResult } from '../seams/tool.ts';
import { wireBlocks, type LoggedUserMessage } from './wire-content.ts';

/**
 * One event line of a session log (DESIGN §2). Every builder below writes its object
 * literally, so key order — and therefore the bytes of a log — is fixed.
 */
export interface LogEvent {
  readonly type: string;
  readonly data: object;
  readonly sourceEventSeqs?: readonly number[];
  readonly surfaceOp?: 'append';
}

/** A tool call as the model produced it; `arguments` is the raw JSON string (possibly invalid). */
export interface ToolCallRecord {
  readonly callId: string;
  readonly name: string;
  readonly arguments: string;
}

/** A call a `run_code` program dispatched; `arguments` is the object the program passed. */
export interface NestedDispatch {
  readonly rootCallId: string;
  readonly parentCallId: string;
  readonly subCallId: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

export type AssistantBlock =
  { readonly type: 'text'; readonly text: string } | { readonly type: 'tool-call'; readonly id: string; readonly name: string; readonly arguments: string };

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface AssistantMessageRecord {
  readonly turn: number;
  readonly step: number;
  readonly route: ModelRoute;
  readonly content: readonly AssistantBlock[];
  readonly usage?: TokenUsage;
}

/** The `target` of every inbox splice: messages wait for the next model request. */
const NEXT_TURN = 'next-turn';

export function turnStartEvent(turn: number): LogEvent {
  return { type: 'turn/start', data: { turn } };
}

export function turnEndEvent(turn: number, reason: string): LogEvent {
  return { type: 'turn/end', data: { turn, reason: { kind: reason } } };
}

export function stepStartEvent(turn: number, step: number): LogEvent {
  return { type: 'step/start', data: { turn, step } };
}

export function stepEndEvent(turn: number, step: number): LogEvent {
  return { type: 'step/end', data: { turn, step } };
}

export function requestHeaderEvent(route: ModelRoute, reason: string): LogEvent {
  return {
    type: 'request/header',
    data: { header: { config: { provider: route.provider, model: route.model } }, reason },
  };
}

export function userMessageEvent(message: LoggedUserMessage): LogEvent {
  return { type: 'user/message', data: message, surfaceOp: 'append' };
}

export function inboxInsertedEvent(start: number, inserted: readonly LoggedUserMessage[]): LogEvent {
  return { type: 'agent/inbox/spliced', data: { target: NEXT_TURN, start, inserted } };
}

export function inboxRemovedEvent(start: number, removedCount: number): LogEvent {
  return { type: 'agent/inbox/spliced', data: { target: NEXT_TURN, start, removedCount, inserted: [] } };
}

export function assistantMessageEvent(record: AssistantMessageRecord, messageId: string): LogEvent {
  return {
    type: 'assistant/message',
    data: {
      turn: record.turn,
      step: record.step,
      message: {
        role: 'assistant',
        content: record.content.map(assistantBlock),
        source: { kind: 'model', provider: record.route.provider, model: record.route.model },
        id: messageId,
      },
      ...(record.usage === undefined ? {} : { usage: { inputTokens: record.usage.inputTokens, outputTokens: record.usage.outputTokens } }),
    },
    surfaceOp: 'append',
  };
}

export function toolCallEvent(turn: number, step: number, call: ToolCallRecord): LogEvent {
  return {
    type: 'tool/call',
    data: { turn, step, callId: call.callId, name: call.name, arguments: call.arguments },
  };
}

export interface ToolResultRecord {
  readonly turn: number;
  readonly step: number;
  readonly callId: string;
  /** Seq of the `tool/call` event this result settles. */
  readonly callSeq: number;
  readonly messageId: string;
  readonly result: ToolResult;
}

export function toolResultEvent({ turn, step, callId, callSeq, messageId, result }: ToolResultRecord): LogEvent {
  return {
    type: 'tool/result',
    data: {
      turn,
      step,
      message: {
        source: { kind: 'tool', callId },
        content: [{ type: 'tool-result', toolCallId: callId, content: wireBlocks(result.content), isError: result.isError }],
        role: 'user',
        id: messageId,
      },
      ...(result.error === undefined ? {} : { error: { name: result.error.name, code: result.error.code } }),
      ...(result.meta === undefined ? {} : { meta: { path: result.meta.path } }),
    },
    sourceEventSeqs: [callSeq],
    surfaceOp: 'append',
  };
}

export function ptcDispatchStartEvent(dispatch: NestedDispatch): LogEvent {
  return { type: 'tool/ptc-dispatch-start', data: dispatchIdentity(dispatch) };
}

/** `content` is what the program received; nested results carry no meta. */
export function ptcDispatchEvent(dispatch: NestedDispatch, result: ToolResult): LogEvent {
  return {
    type: 'tool/ptc-dispatch',
    data: { ...dispatchIdentity(dispatch), isError: result.isError, content: wireBlocks(result.content) },
  };
}

function dispatchIdentity(dispatch: NestedDispatch): NestedDispatch {
  return {
    rootCallId: dispatch.rootCallId,
    parentCallId: dispatch.parentCallId,
    subCallId: dispatch.subCallId,
    name: dispatch.name,
    arguments: dispatch.arguments,
  };
}

function assistantBlock(block: AssistantBlock): AssistantBlock {
  return block.type === 'text' ? { type: 'text', text: block.text } : { type: 'tool-call', id: block.id, name: block.name, arguments: block.arguments };
}
