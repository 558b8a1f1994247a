import type { FormatSnapshot, SessionFacts } from '../agent-log/format-reader';
import type { WireBlock } from '../content/foreign-content';
import { otherEventCounts, type LogProblem } from '../toolcard/session-log';
import type { ToolCallNode, ToolCallOrigin, ToolCallProblem, ToolResult } from '../../call-tree';
import { conversationItemKey, type ConversationItem, type ItemTimes } from '../../conversation';
import { messageParts, type MessageRole } from '../../message-parts';
import { isNonEmptyString, isRecord, type JsonRecord } from '../../narrow';
import { callHead, hostedCall, itemCallId, outputFamily, outputResult, type CallFamily, type CallHead, type HostedCall } from './call-items';
import { blocksFromResponseContent } from './response-content';

/** Text a harness adds to user messages, which a replay does not show as a person's words. */
export interface HarnessText {
  /** Tags around an attached image (Codex: `<image name=[Image #1]>`, `</image>`): dropped. */
  readonly isImageWrapper: (text: string) => boolean;
  /** The harness's own context in the user role (Codex: `<environment_context>`, AGENTS.md): not a prompt. */
  readonly isContext: (text: string) => boolean;
}

/** What differs between the formats that carry Responses items. */
export interface ResponsesDialect {
  readonly origin: ToolCallOrigin;
  /** Prepended to the item types counted in `otherEvents` (Codex: `response_item/`). */
  readonly otherTypePrefix: string;
  readonly harness?: HarnessText;
}

interface CallFields {
  readonly callId: string;
  readonly name: string | null;
  readonly argsRaw: string | null;
  readonly line: number;
  /** The time of the line it was read from, where the format records one. */
  readonly at: number | undefined;
}

/** An item's times, each only where it is known. */
function itemTimes(startedAt: number | undefined, endedAt?: number): ItemTimes {
  return { ...(startedAt === undefined ? {} : { startedAt }), ...(endedAt === undefined ? {} : { endedAt }) };
}

/** A call's node: `firstEventIndex` is its 0-based line (or item position), as problems' `eventIndex` are. */
function callNode(fields: CallFields, origin: ToolCallOrigin, result?: ToolResult): ToolCallNode {
  const { callId, name, argsRaw, line } = fields;
  const common = { callId, origin, kind: 'top-level' as const, name, argsRaw, children: [], firstEventIndex: line - 1 };
  return result === undefined ? { ...common, status: 'running' } : { ...common, status: 'settled', result };
}

/** A call item of the conversation: where it is, and what the node was built from. */
interface PlacedCall {
  readonly fields: CallFields;
  readonly index: number;
}

interface UnansweredCall {
  readonly call: PlacedCall;
  readonly family: CallFamily;
}

/**
 * What Codex's `view_image` answered before 2026: the picture itself followed as a separate user
 * message holding one `input_image`, which belongs to that call's card.
 */
const VIEW_IMAGE_ATTACHED = 'attached local image path';

function isLoneImage(content: unknown): boolean {
  return Array.isArray(content) && content.length === 1 && isRecord(content[0]) && content[0].type === 'input_image';
}

function isHarnessContext(blocks: readonly WireBlock[], harness: HarnessText): boolean {
  const texts = blocks.flatMap((block) => (block.type === 'text' ? [block.text] : []));
  return texts.length > 0 && texts.every(harness.isContext);
}

/**
 * A conversation read from OpenAI Responses items one at a time (an embedder's `input`/`output`
 * array, or the `ResponseItem`s of a Codex rollout): messages and call nodes in order, calls
 * answered by their outputs' `call_id` (in any order; a reused id answers its calls oldest first).
 * Reasoning (its encrypted content above all), system and developer messages and unknown items are
 * counted, never shown. Never throws.
 *
 * Each item is read once; a snapshot copies only what changed since the previous one, and an item
 * that did not change is the same object in every snapshot (a call that settles is a new item).
 */
export class ResponsesConversation {
  private readonly items: ConversationItem[] = [];
  private readonly callProblems: ToolCallProblem[] = [];
  private readonly problems: LogProblem[] = [];
  private readonly otherCounts = new Map<string, number>();
  /** Calls waiting for their output, by `call_id`, oldest first. */
  private readonly unanswered = new Map<string, UnansweredCall[]>();
  private readonly nodeIds = new Set<string>();
  private readonly repeatsOfId = new Map<string, number>();
  /** Durations a call's own events measured (Codex's `exec_command_end`), by `call_id`, for outputs still to come. */
  private readonly durations = new Map<string, number>();
  /** The latest settled call of each `call_id`, for a duration measured after its output. */
  private readonly settled = new Map<string, { readonly call: PlacedCall; readonly result: ToolResult }>();
  /** Answered `view_image` calls whose picture is still to come (see `VIEW_IMAGE_ATTACHED`), oldest first. */
  private awaitingImage: { readonly call: PlacedCall; readonly result: ToolResult }[] = [];
  private conversationChanged = false;
  private problemsChanged = false;
  private othersChanged = false;
  private last: FormatSnapshot | null = null;
  /** The indexes of the items changed since `takeChangedKeys` was last asked; kept only once it is (a filtered export). */
  private changedSinceTaken: Set<number> | undefined;

  constructor(private readonly dialect: ResponsesDialect) {}

  /** The time of the item being read (a Codex line's `timestamp`); items of a plain array have none. */
  private at: number | undefined;

  /** Reads one item; `line` is its 1-based line in the file (or position in the array), `at` its time in epoch milliseconds if known. */
  read(item: unknown, line: number, at?: number): void {
    this.at = at;
    if (!isRecord(item)) {
      this.problem(line, 'item is not a JSON object');
      return;
    }
    // An easy input message (`{role, content}`) has no type.
    const type = item.type ?? (item.role === undefined ? undefined : 'message');
    if (typeof type !== 'string') {
      this.problem(line, 'item without a "type"');
      return;
    }
    if (type === 'message') {
      this.message(item, line);
      return;
    }
    const head = callHead(item);
    if (head !== null) {
      this.call(item, type, line, head);
      return;
    }
    const family = outputFamily(type);
    if (family !== null) {
      this.output(item, type, line, family);
      return;
    }
    const hosted = hostedCall(item, type);
    if (hosted !== null) {
      this.hosted(item, line, hosted);
      return;
    }
    if (type === 'reasoning') this.modelResponded();
    this.countItem(type);
  }

  /** Counts a well-formed record that is not shown. */
  count(type: string): void {
    this.otherCounts.set(type, (this.otherCounts.get(type) ?? 0) + 1);
    this.othersChanged = true;
  }

  /**
   * How long the call `callId` took, as its own events measured it (Codex's `exec_command_end`
   * and `mcp_tool_call_end`, before or after its output): its row's duration, where the line
   * times only say when the output was written.
   */
  measured(callId: string, ms: number): void {
    const done = this.settled.get(callId);
    if (done === undefined) this.durations.set(callId, ms);
    else this.place(done.call, done.result, ms);
  }

  /** Reports a defect at `line`. */
  problem(line: number, message: string): void {
    this.problems.push({ line, message });
    this.problemsChanged = true;
  }

  /** What has been read so far, with `facts`; the previous snapshot itself when nothing changed. */
  snapshot(facts: SessionFacts): FormatSnapshot {
    const { last } = this;
    if (last !== null && !this.conversationChanged && !this.problemsChanged && !this.othersChanged && last.facts === facts) return last;
    const snapshot: FormatSnapshot = {
      conversation: last === null || this.conversationChanged ? { items: [...this.items], problems: [...this.callProblems] } : last.conversation,
      problems: last === null || this.problemsChanged ? [...this.problems] : last.problems,
      otherEvents: last === null || this.othersChanged ? otherEventCounts(this.otherCounts) : last.otherEvents,
      facts,
    };
    this.conversationChanged = false;
    this.problemsChanged = false;
    this.othersChanged = false;
    this.last = snapshot;
    return snapshot;
  }

  /** The keys of the items added or changed since last asked (the first time: all), without a snapshot. */
  takeChangedKeys(): string[] {
    const changed = this.changedSinceTaken ?? this.items.keys();
    this.changedSinceTaken = new Set();
    return Array.from(changed, (at) => this.items[at]).flatMap((item) => (item === undefined ? [] : [conversationItemKey(item)]));
  }

  private countItem(type: string): void {
    this.count(this.dialect.otherTypePrefix + type);
  }

  private callProblem(line: number, message: string): void {
    this.problem(line, message);
    this.callProblems.push({ eventIndex: line - 1, message });
  }

  /** The model began a new response: a `view_image` picture can no longer follow. */
  private modelResponded(): void {
    if (this.awaitingImage.length > 0) this.awaitingImage = [];
  }

  private append(item: ConversationItem): number {
    this.conversationChanged = true;
    const index = this.items.push(item) - 1;
    this.changedSinceTaken?.add(index);
    return index;
  }

  /** Places `call` with its result; it ended `durationMs` after it started where that was measured, else at the line read. */
  private place(call: PlacedCall, result?: ToolResult, durationMs?: number): void {
    this.conversationChanged = true;
    const { at } = call.fields;
    const endedAt = durationMs !== undefined && at !== undefined ? at + durationMs : this.at;
    const times = itemTimes(at, result === undefined ? undefined : endedAt);
    this.changedSinceTaken?.add(call.index);
    this.items[call.index] = { kind: 'call', line: call.fields.line, ...times, node: callNode(call.fields, this.dialect.origin, result) };
  }

  /** A node id no other node has: the call's id, suffixed `#2`, `#3`… when the id was used before. */
  private nodeId(callId: string | null, line: number): string {
    const base = callId ?? `line:${line}`;
    let id = base;
    while (this.nodeIds.has(id)) {
      const repeat = (this.repeatsOfId.get(base) ?? 1) + 1;
      this.repeatsOfId.set(base, repeat);
      id = `${base}#${repeat}`;
    }
    this.nodeIds.add(id);
    return id;
  }

  private placeNew(fields: CallFields, result?: ToolResult): PlacedCall {
    const times = itemTimes(fields.at, result === undefined ? undefined : this.at);
    const index = this.append({ kind: 'call', line: fields.line, ...times, node: callNode(fields, this.dialect.origin, result) });
    return { fields, index };
  }

  private message(item: JsonRecord, line: number): void {
    const { role, content } = item;
    if (role !== 'user' && role !== 'assistant') {
      if (typeof role === 'string') this.countItem(`message/${role}`);
      else this.problem(line, 'message without a "role"');
      return;
    }
    if (role === 'assistant') this.modelResponded();
    const { harness } = this.dialect;
    const blocks = blocksFromResponseContent(content, harness?.isImageWrapper);
    if (role === 'user' && isLoneImage(content) && this.attachViewedImage(blocks)) return;
    const parts = messageParts(blocks);
    let shownRole: MessageRole = role;
    if (role === 'user' && harness !== undefined && isHarnessContext(blocks, harness)) {
      // Restated by the harness every turn: left out like a runtime-context snapshot, unless it carries an image.
      if (!parts.some((part) => part.kind === 'images')) {
        this.countItem('message/harness-context');
        return;
      }
      shownRole = 'context';
    }
    if (parts.length === 0) {
      this.countItem('message/empty');
      return;
    }
    this.append({ kind: 'message', key: `line:${line}`, line, ...itemTimes(this.at), role: shownRole, parts });
  }

  /** Gives the picture of a lone-image user message to the oldest `view_image` call waiting for one; `false` when none waits. */
  private attachViewedImage(blocks: readonly WireBlock[]): boolean {
    const waiting = this.awaitingImage.shift();
    if (waiting === undefined) return false;
    this.place(waiting.call, { ...waiting.result, content: [...waiting.result.content, ...blocks] });
    return true;
  }

  private call(item: JsonRecord, type: string, line: number, head: CallHead): void {
    this.modelResponded();
    const callId = itemCallId(item);
    if (callId === null) this.callProblem(line, `${type} without a "call_id" (shown; no output can answer it)`);
    if (head.name === null) this.callProblem(line, `${type} without a "name"`);
    const { name, argsRaw, family } = head;
    const call = this.placeNew({ callId: this.nodeId(callId, line), name, argsRaw, line, at: this.at });
    if (callId === null) return;
    const waiting = this.unanswered.get(callId) ?? [];
    if (waiting.some((earlier) => earlier.family === family)) {
      this.callProblem(line, `call id ${callId} repeats while an earlier call with it is unanswered (outputs answer them in order)`);
    }
    waiting.push({ call, family });
    this.unanswered.set(callId, waiting);
  }

  /** The oldest unanswered call with this id, of the output's own kind if there is one. */
  private answeredCall(callId: string | null, family: CallFamily): PlacedCall | undefined {
    const waiting = callId === null ? undefined : this.unanswered.get(callId);
    if (callId === null || waiting === undefined) return undefined;
    const ownKind = waiting.findIndex((candidate) => candidate.family === family);
    const [answered] = waiting.splice(Math.max(ownKind, 0), 1);
    if (waiting.length === 0) this.unanswered.delete(callId);
    return answered?.call;
  }

  private output(item: JsonRecord, type: string, line: number, family: CallFamily): void {
    const { result, durationMs } = outputResult(item);
    const callId = itemCallId(item);
    const call = this.answeredCall(callId, family);
    if (call === undefined) {
      this.callProblem(line, callId === null ? `${type} without a "call_id"` : `result for call ${callId}, which has no call before it`);
      this.placeNew({ callId: this.nodeId(callId, line), name: null, argsRaw: null, line, at: this.at }, result);
      return;
    }
    this.place(call, result, (callId === null ? undefined : this.durations.get(callId)) ?? durationMs);
    if (callId !== null) {
      this.durations.delete(callId);
      this.settled.set(callId, { call, result });
    }
    if (call.fields.name === 'view_image' && typeof item.output === 'string' && item.output.startsWith(VIEW_IMAGE_ATTACHED)) {
      this.awaitingImage.push({ call, result });
    }
  }

  private hosted(item: JsonRecord, line: number, { name, argsRaw, result }: HostedCall): void {
    this.modelResponded();
    const id = [item.id, item.call_id].find(isNonEmptyString) ?? null;
    this.placeNew({ callId: this.nodeId(id, line), name, argsRaw, line, at: this.at }, result);
  }
}
