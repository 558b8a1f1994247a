import { rawArguments, type ToolCallNode, type ToolCallOrigin, type ToolCallProblem, type ToolResult } from '../../call-tree';
import { callItemKey, messageItemKey, type ConversationItem } from '../../conversation';
import { messageParts, type MessageRole } from '../../message-parts';
import { isNonEmptyString } from '../../narrow';
import type { WireBlock } from '../content/foreign-content';
import type { LogProblem } from '../toolcard/session-log';

/** Where a record is. */
export interface RecordPosition {
  /** Its 1-based line in the file read; absent for a record of another file (a subagent's). */
  readonly line?: number;
  /** Its place in log order: a call's `firstEventIndex`, and what nested calls are sorted by. */
  readonly index: number;
  /** Says where a record of another file is, in front of its problems. */
  readonly label?: string;
  /** The record's time (epoch milliseconds), where it has one. */
  readonly at?: number;
}

/**
 * A subagent's conversation. Its records are shown at the top level until it is nested under the
 * call that started it; from then on its calls are that call's children and its messages are not
 * shown (a call's children are calls).
 */
export interface Sidechain {
  readonly slots: Slot[];
  last?: Slot;
  parent?: CallSlot;
}

/** Where a message's content goes: `messageKey` names the message, so the records of one message add to it. */
export interface MessageAt {
  readonly position: RecordPosition;
  readonly role: MessageRole;
  readonly messageKey: string;
  readonly sidechain?: Sidechain | undefined;
}

/** A place in the conversation: a message's segment or a call. */
export interface SlotFields {
  readonly position: RecordPosition;
  readonly sidechain: Sidechain | undefined;
  /** The item last handed out; cleared when the slot changes. */
  item: ConversationItem | undefined;
  /** Its index in the items last handed out; -1 when not shown there. */
  itemIndex: number;
}

export interface MessageSlot extends SlotFields {
  readonly kind: 'message';
  readonly key: string;
  readonly role: MessageRole;
  readonly blocks: WireBlock[];
}

/** A call, where it was read (its slot holds its item while it is shown at the top level). */
export interface CallSlot extends SlotFields {
  readonly kind: 'call';
  readonly callId: string;
  name: string | null;
  argsRaw: string | null;
  /** False while only its result has been read. */
  headSeen: boolean;
  result: ToolResult | undefined;
  /** The time of the record that settled it. */
  resultAt: number | undefined;
  /** The calls of the sidechains nested under it, in log order. */
  readonly children: CallSlot[];
  /** The node last handed out; cleared when it or a call nested in it changes. */
  view: ToolCallNode | undefined;
}

export type Slot = MessageSlot | CallSlot;

interface RecordedProblem {
  readonly position: RecordPosition;
  readonly message: string;
}

/** The items of a conversation, and its problems both by line and by event index. */
export interface AssembledConversation {
  readonly items: readonly ConversationItem[];
  readonly problems: readonly LogProblem[];
  readonly callProblems: readonly ToolCallProblem[];
}

/** What `takeChangedKeys` last saw: the slots then shown, in order, how many slots there were, and what happened since. */
interface TakenKeys {
  shown: Slot[];
  slots: number;
  readonly changed: Set<Slot>;
  /** A sidechain was nested: slots shown then may have left the list, moving the ones after them. */
  nested: boolean;
}

function slotKey(slot: Slot): string {
  return slot.kind === 'call' ? callItemKey(slot.callId) : messageItemKey(slot.key);
}

function isBlank(block: WireBlock): boolean {
  return block.type === 'text' && block.text.trim() === '';
}

function byPosition(a: RecordedProblem, b: RecordedProblem): number {
  return a.position.index - b.position.index;
}

/**
 * A conversation of Anthropic-shaped records (Messages API arrays, Claude Code transcripts),
 * assembled as they are read: message content split around the tool calls it makes, each call
 * paired with its result by id in any order, subagents' sidechains nested under the calls that
 * started them. Built for a file that grows and is snapshotted often: a snapshot reuses every
 * item that did not change (the same object) and only rebuilds the changed ones.
 */
export class ConversationAssembler {
  private readonly slots: Slot[] = [];
  private lastTopLevelSlot: Slot | undefined;
  private readonly calls = new Map<string, CallSlot>();
  private readonly orphans = new Set<CallSlot>();
  /** The last slot of each message, by message key: content adds to it while nothing follows it. */
  private readonly openMessages = new Map<string, MessageSlot>();
  private readonly segments = new Map<string, number>();
  /** Sidechains named to a call not read yet. */
  private readonly waitingForParent = new Map<string, Sidechain[]>();
  private readonly recordedProblems: RecordedProblem[] = [];
  private hiddenMessageCount = 0;

  private items: ConversationItem[] = [];
  private publishedSlots = 0;
  private readonly changedSlots = new Set<Slot>();
  private shownSlotsChanged = false;
  private problemsChanged = true;
  private problems: { readonly byLine: readonly LogProblem[]; readonly byIndex: readonly ToolCallProblem[] } = { byLine: [], byIndex: [] };
  /** Kept only once `takeChangedKeys` is asked (a filtered export), so a viewer's reader pays nothing for it. */
  private taken: TakenKeys | undefined;

  constructor(private readonly origin: ToolCallOrigin) {}

  /** Messages of sidechains nested under a call: recorded, not shown. */
  get hiddenMessages(): number {
    return this.hiddenMessageCount;
  }

  report(position: RecordPosition, message: string): void {
    this.recordedProblems.push({ position, message: position.label === undefined ? message : `${position.label}: ${message}` });
    this.problemsChanged = true;
  }

  /** Shown content (blank text is dropped): added to the message's last slot while it is the last of its conversation, else a new message slot. */
  content(at: MessageAt, blocks: readonly WireBlock[]): void {
    const shown = blocks.filter((block) => !isBlank(block));
    if (shown.length === 0) return;
    const open = this.openMessages.get(at.messageKey);
    const last = at.sidechain === undefined ? this.lastTopLevelSlot : at.sidechain.last;
    if (open !== undefined && open === last && open.role === at.role) {
      open.blocks.push(...shown);
      this.slotChanged(open);
      return;
    }
    const segment = this.segments.get(at.messageKey) ?? 0;
    this.segments.set(at.messageKey, segment + 1);
    const slot: MessageSlot = {
      kind: 'message',
      key: `${at.messageKey}:${segment}`,
      role: at.role,
      blocks: shown,
      position: at.position,
      sidechain: at.sidechain,
      item: undefined,
      itemIndex: -1,
    };
    this.openMessages.set(at.messageKey, slot);
    this.place(slot);
    if (at.sidechain?.parent !== undefined) this.hiddenMessageCount += 1;
  }

  /** A `tool_use`: a new running call, or the head of a call whose result came first. */
  call(position: RecordPosition, id: unknown, name: unknown, input: unknown, sidechain?: Sidechain): void {
    if (!isNonEmptyString(id)) {
      this.report(position, 'tool_use without an "id" (ignored)');
      return;
    }
    const known = this.calls.get(id);
    if (known?.headSeen === true) {
      this.report(position, `repeated call id ${id} (ignored)`);
      return;
    }
    const call = known ?? this.newCall(id, position, sidechain);
    call.headSeen = true;
    if (this.orphans.delete(call)) this.problemsChanged = true;
    const head = { name: typeof name === 'string' ? name : null, argsRaw: rawArguments(input) };
    if (call.name === head.name && call.argsRaw === head.argsRaw) return;
    call.name = head.name;
    call.argsRaw = head.argsRaw;
    this.callChanged(call);
  }

  /** A `tool_result`: settles its call; a result whose call is not (yet) read is a call with no name. */
  result(position: RecordPosition, toolUseId: unknown, result: ToolResult, sidechain?: Sidechain): void {
    if (!isNonEmptyString(toolUseId)) {
      this.report(position, 'tool_result without a "tool_use_id" (ignored)');
      return;
    }
    let call = this.calls.get(toolUseId);
    if (call === undefined) {
      call = this.newCall(toolUseId, position, sidechain);
      this.orphans.add(call);
      this.problemsChanged = true;
    }
    if (call.result !== undefined) {
      this.report(position, `second result for call ${toolUseId} (ignored)`);
      return;
    }
    call.result = result;
    call.resultAt = position.at;
    this.callChanged(call);
  }

  newSidechain(): Sidechain {
    return { slots: [] };
  }

  /** Nests `sidechain` under call `parentCallId`, now or once that call is read; never under a call of its own. */
  nest(sidechain: Sidechain, parentCallId: string): void {
    if (sidechain.parent !== undefined) return;
    const parent = this.calls.get(parentCallId);
    if (parent !== undefined) {
      this.attach(sidechain, parent);
      return;
    }
    const waiting = this.waitingForParent.get(parentCallId);
    if (waiting === undefined) this.waitingForParent.set(parentCallId, [sidechain]);
    else waiting.push(sidechain);
  }

  /**
   * The keys of the items that are not the same objects at the same places as when last asked (the
   * first time: all), as a snapshot then would show them, without building one: the changed slots
   * and the new ones. Only once a sidechain got nested is the list walked again (its slots leave it).
   */
  takeChangedKeys(): string[] {
    const taken = (this.taken ??= { shown: [], slots: 0, changed: new Set(), nested: false });
    let from = taken.shown.length;
    if (taken.nested) {
      const shown = this.slots.filter((slot) => this.isShown(slot));
      const moved = shown.findIndex((slot, at) => slot !== taken.shown[at]);
      from = moved < 0 ? shown.length : moved;
      taken.shown = shown;
    } else {
      for (const slot of this.slots.slice(taken.slots)) if (this.isShown(slot)) taken.shown.push(slot);
    }
    const keys = new Set(taken.shown.slice(from).map(slotKey));
    for (const slot of taken.changed) if (this.isShown(slot)) keys.add(slotKey(slot));
    taken.changed.clear();
    taken.slots = this.slots.length;
    taken.nested = false;
    return [...keys];
  }

  snapshot(): AssembledConversation {
    const items = this.currentItems();
    if (this.problemsChanged) {
      this.problemsChanged = false;
      const orphans = [...this.orphans].map(({ callId, position }) => ({ position, message: `result for call ${callId}, whose tool_use is not in the log` }));
      const all = [...this.recordedProblems, ...orphans].sort(byPosition);
      this.problems = {
        byLine: all.map(({ position, message }) => ({ line: position.line ?? 0, message })),
        byIndex: all.map(({ position, message }) => ({ eventIndex: position.index, message })),
      };
    }
    return { items, problems: this.problems.byLine, callProblems: this.problems.byIndex };
  }

  private newCall(callId: string, position: RecordPosition, sidechain: Sidechain | undefined): CallSlot {
    const call: CallSlot = {
      kind: 'call',
      callId,
      name: null,
      argsRaw: null,
      headSeen: false,
      result: undefined,
      resultAt: undefined,
      children: [],
      view: undefined,
      position,
      sidechain,
      item: undefined,
      itemIndex: -1,
    };
    this.calls.set(callId, call);
    this.place(call);
    const parent = sidechain?.parent;
    if (parent !== undefined) this.adopt(parent, [call]);
    for (const waiting of this.waitingForParent.get(callId) ?? []) this.attach(waiting, call);
    this.waitingForParent.delete(callId);
    return call;
  }

  private place(slot: Slot): void {
    this.slots.push(slot);
    const { sidechain } = slot;
    if (sidechain === undefined) {
      this.lastTopLevelSlot = slot;
    } else {
      sidechain.slots.push(slot);
      sidechain.last = slot;
    }
  }

  private attach(sidechain: Sidechain, parent: CallSlot): void {
    if (this.isWithin(parent, sidechain)) return;
    sidechain.parent = parent;
    const calls: CallSlot[] = [];
    for (const slot of sidechain.slots) {
      if (slot.kind === 'call') calls.push(slot);
      else this.hiddenMessageCount += 1;
    }
    if (sidechain.slots.some((slot) => slot.itemIndex >= 0)) this.shownSlotsChanged = true;
    if (this.taken !== undefined) this.taken.nested = true;
    this.adopt(parent, calls);
  }

  /** True when `call` is in `sidechain`, or nested (at any depth) under a call of it. */
  private isWithin(call: CallSlot, sidechain: Sidechain): boolean {
    for (let at: CallSlot | undefined = call; at !== undefined; at = at.sidechain?.parent) {
      if (at.sidechain === sidechain) return true;
    }
    return false;
  }

  private adopt(parent: CallSlot, calls: readonly CallSlot[]): void {
    if (calls.length === 0) return;
    // A call shown at the top level until now is nested from now on: a new node.
    for (const call of calls) call.view = undefined;
    parent.children.push(...calls);
    parent.children.sort((a, b) => a.position.index - b.position.index);
    this.callChanged(parent);
  }

  /** `call` changed: it and every call it is nested in get a new node, and the top-level one's item is rebuilt. */
  private callChanged(call: CallSlot): void {
    let at = call;
    at.view = undefined;
    for (let parent = at.sidechain?.parent; parent !== undefined; parent = parent.sidechain?.parent) {
      at = parent;
      at.view = undefined;
    }
    this.slotChanged(at);
  }

  private slotChanged(slot: Slot): void {
    slot.item = undefined;
    this.changedSlots.add(slot);
    this.taken?.changed.add(slot);
  }

  private isShown(slot: Slot): boolean {
    return slot.sidechain?.parent === undefined;
  }

  private viewOf(call: CallSlot): ToolCallNode {
    if (call.view !== undefined) return call.view;
    const parent = call.sidechain?.parent;
    const view: ToolCallNode = {
      callId: call.callId,
      origin: this.origin,
      kind: parent === undefined ? 'top-level' : 'nested',
      name: call.name,
      argsRaw: call.argsRaw,
      ...(parent === undefined ? {} : { parentCallId: parent.callId }),
      children: call.children.map((child) => this.viewOf(child)),
      firstEventIndex: call.position.index,
      ...(call.result === undefined ? { status: 'running' as const } : { status: 'settled' as const, result: call.result }),
    };
    call.view = view;
    return view;
  }

  private itemOf(slot: Slot): ConversationItem {
    if (slot.item !== undefined) return slot.item;
    const { line, at } = slot.position;
    const where = { ...(line === undefined ? {} : { line }), ...(at === undefined ? {} : { startedAt: at }) };
    const item: ConversationItem =
      slot.kind === 'call'
        ? { kind: 'call', ...where, ...(slot.resultAt === undefined ? {} : { endedAt: slot.resultAt }), node: this.viewOf(slot) }
        : { kind: 'message', key: slot.key, ...where, role: slot.role, parts: messageParts(slot.blocks) };
    slot.item = item;
    return item;
  }

  /**
   * The items shown, the same array while nothing changed. Otherwise a copy with the changed items
   * replaced and the new ones added; only when a sidechain got nested (its slots leave the top
   * level) is the list walked again, still reusing every unchanged item.
   */
  private currentItems(): readonly ConversationItem[] {
    if (this.shownSlotsChanged) {
      this.shownSlotsChanged = false;
      const items: ConversationItem[] = [];
      for (const slot of this.slots) {
        slot.itemIndex = this.isShown(slot) ? items.push(this.itemOf(slot)) - 1 : -1;
      }
      this.items = items;
    } else if (this.changedSlots.size > 0 || this.publishedSlots < this.slots.length) {
      const items = [...this.items];
      for (const slot of this.changedSlots) {
        if (slot.itemIndex >= 0) items[slot.itemIndex] = this.itemOf(slot);
      }
      for (let index = this.publishedSlots; index < this.slots.length; index += 1) {
        const slot = this.slots[index];
        if (slot !== undefined && this.isShown(slot)) slot.itemIndex = items.push(this.itemOf(slot)) - 1;
      }
      this.items = items;
    }
    this.publishedSlots = this.slots.length;
    this.changedSlots.clear();
    return this.items;
  }
}
