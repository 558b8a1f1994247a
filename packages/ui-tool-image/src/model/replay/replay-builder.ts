import { isRecord } from '../narrow';
import type { ToolCallNode } from '../call-tree';
import { conversationItemKey, type ConversationItem } from '../conversation';
import { messageParts, type MessagePart, type MessageRole } from '../message-parts';
import type { ParsedSessionLog, SessionEvent } from '../formats/toolcard/session-log';
import { ToolCallTreeBuilder } from '../formats/toolcard/tool-calls';

/** The index of the item a log line belongs to: the last item starting at or before it (the first item for lines before any). */
export function itemIndexAtLine(items: readonly ConversationItem[], line: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((items[middle]?.line ?? 0) <= line) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

export interface ReplayProblem {
  readonly line: number;
  readonly message: string;
}

export interface Replay {
  readonly items: readonly ConversationItem[];
  /** The log's problems, and the calls' (a result with no call…); while events are pending, those up to the last replayed line. */
  readonly problems: readonly ReplayProblem[];
  /** Events of the log not replayed yet (`ReplayBuilder.continue` replays more); 0 when the replay is whole. */
  readonly pendingEvents: number;
}

/** Asked after each event a build adds: `true` stops the build there, leaving the rest pending. */
export type ShouldYield = () => boolean;

const neverYield: ShouldYield = () => false;

/**
 * Builds a replay as its log grows. Each `replayOf` reads only the events appended since the last
 * one and the calls they changed: a new event adds its item; a call that settled or gained a
 * nested call gets a new item; every other item is the same object as before (so React skips it).
 * A log that does not extend the last one (its first events are not the same objects: another log,
 * or the file replaced or truncated and read again) is built from scratch.
 *
 * A build can stop early (`shouldYield`), so a long log handed over whole is replayed in slices
 * that each leave the page free to paint and respond in between; `continue` replays the next one.
 */
export class ReplayBuilder {
  private tree = new ToolCallTreeBuilder();
  private events: readonly SessionEvent[] = [];
  private items: ConversationItem[] = [];
  private readonly itemIndexOfCall = new Map<string, number>();
  private treeProblems: ReplayProblem[] = [];
  private last: { readonly log: ParsedSessionLog; readonly replay: Replay } | null = null;

  /** True once it has been given a log. */
  get started(): boolean {
    return this.last !== null;
  }

  /** What the replay of `log` shows: messages, and each top-level call at the event that created it (its nested calls go inside it). */
  replayOf(log: ParsedSessionLog, shouldYield: ShouldYield = neverYield): Replay {
    if (this.last?.log === log) return this.last.replay;
    if (!extendsEvents(log.events, this.events)) this.startOver();
    this.events = log.events;
    return this.build(log, shouldYield);
  }

  /** Replays more of the last log's pending events; the same replay when none are pending. */
  continue(shouldYield: ShouldYield = neverYield): Replay {
    if (this.last === null) throw new Error('ReplayBuilder.continue called before replayOf.');
    return this.last.replay.pendingEvents === 0 ? this.last.replay : this.build(this.last.log, shouldYield);
  }

  private build(log: ParsedSessionLog, shouldYield: ShouldYield): Replay {
    const { events } = log;
    const messages: AppendedItem[] = [];
    for (let index = this.tree.eventCount; index < events.length;) {
      const event = events[index];
      this.tree.add(event);
      const item = event === undefined ? null : messageItem(event);
      if (item !== null) messages.push({ eventIndex: index, item });
      index += 1;
      if (index < events.length && shouldYield()) break;
    }
    const items = this.withCalls(this.tree.takeChanged(), messages);
    for (const { eventIndex, message } of this.tree.problemsFrom(this.treeProblems.length)) {
      this.treeProblems.push({ line: events[eventIndex]?.line ?? 0, message });
    }
    const built = this.tree.eventCount;
    const pendingEvents = events.length - built;
    const logProblems = pendingEvents === 0 ? log.problems : problemsUpTo(log.problems, events[built - 1]?.line ?? 0);
    const problems = [...logProblems, ...this.treeProblems].sort((a, b) => a.line - b.line);
    const replay = { items, problems, pendingEvents };
    this.last = { log, replay };
    return replay;
  }

  private startOver(): void {
    this.tree = new ToolCallTreeBuilder();
    this.items = [];
    this.itemIndexOfCall.clear();
    this.treeProblems = [];
  }

  /**
   * The items with `changed` calls replaced or added and the appended messages added, in log
   * order; the same array when nothing changed. A new call is one created by an appended event,
   * so every added item comes after the existing ones.
   */
  private withCalls(changed: readonly ToolCallNode[], messages: readonly AppendedItem[]): ConversationItem[] {
    if (changed.length === 0 && messages.length === 0) return this.items;
    const items = [...this.items];
    const added: AppendedItem[] = [...messages];
    for (const node of changed) {
      const at = this.itemIndexOfCall.get(node.callId);
      if (at === undefined) added.push({ eventIndex: node.firstEventIndex, item: { kind: 'call', line: this.events[node.firstEventIndex]?.line ?? 0, node } });
      else items[at] = { kind: 'call', line: items[at]?.line ?? 0, node };
    }
    for (const { item } of added.sort((a, b) => a.eventIndex - b.eventIndex)) {
      if (item.kind === 'call') this.itemIndexOfCall.set(item.node.callId, items.length);
      items.push(item);
    }
    this.items = items;
    return items;
  }
}

/**
 * For each of `events`, the keys (`conversationItemKey`) of the items it creates or changes: the
 * items a `ReplayBuilder` replaying one event at a time hands out anew for it, in one pass without
 * building them (what line made which item, for a log cut down to some of its calls).
 */
export function itemKeysByEvent(events: readonly SessionEvent[]): string[][] {
  const tree = new ToolCallTreeBuilder();
  return events.map((event) => {
    tree.add(event);
    const keys = tree.takeChanged().map((node) => conversationItemKey({ kind: 'call', line: event.line, node }));
    const message = messageItem(event);
    return message === null ? keys : [...keys, conversationItemKey(message)];
  });
}

function problemsUpTo(problems: readonly ReplayProblem[], line: number): ReplayProblem[] {
  return problems.filter((problem) => problem.line <= line);
}

/** An item of appended events, with the index of the event it starts at. */
interface AppendedItem {
  readonly eventIndex: number;
  readonly item: ConversationItem;
}

/** True when `events` starts with `previous` (the same event objects, as the snapshots of one growing `SessionLogReader` hold). */
function extendsEvents(events: readonly SessionEvent[], previous: readonly SessionEvent[]): boolean {
  const count = previous.length;
  return count === 0 || (events.length >= count && events[0] === previous[0] && events[count - 1] === previous[count - 1]);
}

/**
 * Which messages are conversation. A deferred context message (a nested call's result forwarded
 * to the model at the next step: `ptc-mode`, or `plugin` in older logs) is shown, because it is
 * what the model saw next. A runtime-context snapshot (`plugin` with `form: "snapshot"`) is harness
 * plumbing restated every turn and is left out, unless it carries an image: no image is lost.
 */
function messageRole(event: SessionEvent, parts: readonly MessagePart[]): MessageRole | null {
  if (event.type === 'assistant/message') return 'assistant';
  if (event.type !== 'user/message') return null;
  const source = isRecord(event.data.source) ? event.data.source : {};
  if (source.kind === 'user') return 'user';
  if (source.kind === 'ptc-mode') return 'context';
  if (source.kind !== 'plugin') return null;
  return source.form !== 'snapshot' || parts.some((part) => part.kind === 'images') ? 'context' : null;
}

function messageItem(event: SessionEvent): ConversationItem | null {
  if (event.type !== 'user/message' && event.type !== 'assistant/message') return null;
  const content = event.type === 'assistant/message' ? (isRecord(event.data.message) ? event.data.message.content : undefined) : event.data.content;
  const parts = messageParts(content);
  const role = messageRole(event, parts);
  return role === null || parts.length === 0 ? null : { kind: 'message', key: `event:${event.seq}`, line: event.line, role, parts };
}
