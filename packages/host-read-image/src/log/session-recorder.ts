import type { UserMessage } from '../seams/content-blocks.ts';
import type { ModelRoute } from '../seams/model-resolver.ts';
import type { ToolResult } from '../seams/tool.ts';
import {
  assistantMessageEvent,
  inboxInsertedEvent,
  inboxRemovedEvent,
  ptcDispatchEvent,
  ptcDispatchStartEvent,
  requestHeaderEvent,
  stepEndEvent,
  stepStartEvent,
  toolCallEvent,
  toolResultEvent,
  turnEndEvent,
  turnStartEvent,
  userMessageEvent,
  type AssistantMessageRecord,
  type NestedDispatch,
  type ToolCallRecord,
} from './events.ts';
import { checkSessionLogOptions, SessionLogWriter, type SessionLogOptions } from './session-log-writer.ts';
import { loggedUserMessage, type LoggedUserMessage } from './wire-content.ts';

export interface RecordStepInput {
  readonly turn: number;
  readonly step: number;
  /** In the order the model produced them; results are logged in this order. */
  readonly calls: readonly ToolCallRecord[];
  /** Runs one call. A rejection is logged as a failed result (`Error: <message>`). */
  readonly execute: (call: ToolCallRecord) => Promise<ToolResult>;
}

/**
 * Records a session as the harness' JSONL log (DESIGN §2). Same options, clock, ids and calls
 * give byte-identical logs.
 *
 * Framing is explicit: `startTurn`, `startStep`, …, `endStep`, `endTurn`. Deferred user-role
 * messages (a result's `deferred`, top-level or nested) are spliced into the inbox
 * (`agent/inbox/spliced`) by `endStep` and delivered by the next `startStep`: the inbox is
 * emptied (a `removedCount` splice), `step/start`, then one `user/message` each.
 */
export class SessionRecorder {
  private readonly log: SessionLogWriter;
  /** Deferred during the current step, not yet spliced. */
  private deferred: LoggedUserMessage[] = [];
  /** Spliced, waiting for the next step. */
  private inbox: LoggedUserMessage[] = [];
  /**
   * Nested dispatches of calls running in `recordStep`, by parent call id. They are logged
   * when the step reaches their parent, so concurrent calls cannot interleave them (or the
   * ids they draw) differently from one recording to the next.
   */
  private readonly nestedByParent = new Map<string, NestedRecord[]>();

  private constructor(log: SessionLogWriter) {
    this.log = log;
  }

  /** Writes the header line and returns a recorder for the session's events. */
  static async open(options: SessionLogOptions): Promise<SessionRecorder> {
    return new SessionRecorder(await SessionLogWriter.open(checkSessionLogOptions('SessionRecorder.open', options)));
  }

  get sessionId(): string {
    return this.log.sessionId;
  }

  startTurn(turn: number): Promise<number> {
    return this.log.append(turnStartEvent(turn));
  }

  endTurn(turn: number, reason = 'completed'): Promise<number> {
    return this.log.append(turnEndEvent(turn, reason));
  }

  async startStep(turn: number, step: number): Promise<void> {
    const delivered = this.inbox;
    this.inbox = [];
    if (delivered.length > 0) await this.log.append(inboxRemovedEvent(0, delivered.length));
    await this.log.append(stepStartEvent(turn, step));
    for (const message of delivered) await this.log.append(userMessageEvent(message));
  }

  async endStep(turn: number, step: number): Promise<void> {
    const inserted = this.deferred;
    this.deferred = [];
    if (inserted.length > 0) {
      const start = this.inbox.length;
      this.inbox.push(...inserted);
      await this.log.append(inboxInsertedEvent(start, inserted));
    }
    await this.log.append(stepEndEvent(turn, step));
  }

  requestHeader(route: ModelRoute, reason = 'initial'): Promise<number> {
    return this.log.append(requestHeaderEvent(route, reason));
  }

  /** A user message logged now (e.g. the prompt), not through the inbox. */
  userMessage(message: UserMessage): Promise<number> {
    return this.log.append(userMessageEvent(loggedUserMessage(message, this.log.newId())));
  }

  assistantMessage(record: AssistantMessageRecord): Promise<number> {
    return this.log.append(assistantMessageEvent(record, this.log.newId()));
  }

  /**
   * Logs every `tool/call`, then runs all calls concurrently and logs each `tool/result` as
   * soon as it and every earlier call have settled, so results stay in call order. Resolves
   * to the results in call order.
   */
  async recordStep({ turn, step, calls, execute }: RecordStepInput): Promise<ToolResult[]> {
    const logged = await Promise.all(calls.map(async (call) => ({ call, callSeq: await this.log.append(toolCallEvent(turn, step, call)) })));
    for (const call of calls) this.nestedByParent.set(call.callId, []);
    const running = logged.map(({ call, callSeq }) => ({ call, callSeq, result: settle(() => execute(call)) }));
    const results: ToolResult[] = [];
    for (const { call, callSeq, result: pending } of running) {
      const result = await pending;
      for (const nested of this.nestedByParent.get(call.callId) ?? []) await this.appendNested(nested);
      this.nestedByParent.delete(call.callId);
      const messageId = this.log.newId();
      await this.log.append(toolResultEvent({ turn, step, callId: call.callId, callSeq, messageId, result }));
      this.defer(result.deferred);
      results.push(result);
    }
    return results;
  }

  /**
   * Logs a call a `run_code` program dispatched (`tool/ptc-dispatch-start`, then
   * `tool/ptc-dispatch` with the content the program received) and defers the result's
   * `deferred` messages. The parent's own call and result are logged by `recordStep`; the
   * parent must not forward these deferred messages again. While the parent runs inside
   * `recordStep`, both events are logged just before the parent's result, so the log is the
   * same however the step's concurrent calls interleave; otherwise they are logged live.
   */
  async recordNestedDispatch(dispatch: NestedDispatch, execute: () => Promise<ToolResult>): Promise<ToolResult> {
    const siblings = this.nestedByParent.get(dispatch.parentCallId);
    if (siblings) {
      const result = await settle(execute);
      siblings.push({ dispatch, result });
      return result;
    }
    await this.log.append(ptcDispatchStartEvent(dispatch));
    const result = await settle(execute);
    await this.appendNestedEnd({ dispatch, result });
    return result;
  }

  private async appendNested(nested: NestedRecord): Promise<void> {
    await this.log.append(ptcDispatchStartEvent(nested.dispatch));
    await this.appendNestedEnd(nested);
  }

  private async appendNestedEnd({ dispatch, result }: NestedRecord): Promise<void> {
    await this.log.append(ptcDispatchEvent(dispatch, result));
    this.defer(result.deferred);
  }

  private defer(messages: readonly UserMessage[] | undefined): void {
    for (const message of messages ?? []) this.deferred.push(loggedUserMessage(message, this.log.newId()));
  }
}

interface NestedRecord {
  readonly dispatch: NestedDispatch;
  readonly result: ToolResult;
}

/** A tool that rejects (a bug, not a tool failure) still gets a result, so every call is settled in the log. */
async function settle(run: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await run();
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return { content: [{ type: 'text', text: `Error: ${message}` }], isError: true };
  }
}
