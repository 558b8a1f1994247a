import type { ToolCallNode } from '../call-tree';
import { isRefusal } from '../card/refusal';
import { viewContentBlock } from '../content-blocks';
import { conversationItemKey, type ConversationItem } from '../conversation';

/** The states the find bar filters on. `refused`: declined by policy, as a row's `refused` state (`isRefusal`). */
export const REPLAY_STATES = ['failed', 'refused', 'stopped', 'running', 'images'] as const;
export type ReplayState = (typeof REPLAY_STATES)[number];

/** What the find bar holds: `tool` and `states` filter the list, `text` finds within what it shows. */
export interface ReplayFilter {
  /** Only items with a call of this tool (nested calls included); `null` for every item. */
  readonly tool: string | null;
  /** Only items with a call in one of these states (any of them); empty for every item. */
  readonly states: readonly ReplayState[];
  /** Free text, case-insensitive, over tool names, arguments (paths included), result and message text. */
  readonly text: string;
}

export const NO_FILTER: ReplayFilter = { tool: null, states: [], text: '' };

/** `REPLAY_STATES[i]` is bit `1 << i` of a state mask. */
export function stateBit(state: ReplayState): number {
  return 1 << REPLAY_STATES.indexOf(state);
}

const RUNNING = stateBit('running');
const STOPPED = stateBit('stopped');
const REFUSED = stateBit('refused');
const FAILED = stateBit('failed');
const IMAGES = stateBit('images');

/** What the bar needs to know about one item; text is built only once a search asks for it. */
export interface ItemFacts {
  /** The tools of its calls (nested ones included), each once. */
  readonly tools: readonly string[];
  /** The states of its calls, as a mask of `stateBit`s. */
  readonly states: number;
}

function callStates(node: ToolCallNode): number {
  const { result } = node;
  let states = 0;
  if (result === undefined) states |= RUNNING;
  else if (isRefusal(result)) states |= REFUSED;
  else if (result.outcome === 'stopped') states |= STOPPED;
  else if (result.outcome === 'error') states |= FAILED;
  if (result?.content.some((block) => viewContentBlock(block).kind === 'image') === true) states |= IMAGES;
  return states;
}

function eachCall(node: ToolCallNode, visit: (call: ToolCallNode) => void): void {
  visit(node);
  for (const child of node.children) eachCall(child, visit);
}

const NO_TOOLS: readonly string[] = [];

function itemFacts(item: ConversationItem): ItemFacts {
  if (item.kind === 'message') return { tools: NO_TOOLS, states: item.parts.some((part) => part.kind === 'images') ? IMAGES : 0 };
  const tools: string[] = [];
  let states = 0;
  eachCall(item.node, (call) => {
    if (call.name !== null && !tools.includes(call.name)) tools.push(call.name);
    states |= callStates(call);
  });
  return { tools, states };
}

function blockTexts(content: readonly unknown[]): string[] {
  return content.flatMap((block) => {
    const view = viewContentBlock(block);
    return view.kind === 'text' ? [view.text] : [];
  });
}

/** The text a search looks in, lowercased: names, raw arguments (paths included), result and message text. */
export function itemSearchText(item: ConversationItem): string {
  const texts: string[] = [];
  if (item.kind === 'message') {
    for (const part of item.parts) if (part.kind === 'text') texts.push(part.text);
  } else {
    eachCall(item.node, (call) => {
      texts.push(call.name ?? '', call.argsRaw ?? '', ...blockTexts(call.result?.content ?? []));
    });
  }
  return texts.join('\n').toLowerCase();
}

/**
 * The items' search texts end to end in one string, with where each one starts: a search is one
 * scan of contiguous memory. Tens of thousands of separate strings, allocated between everything
 * else a log's items are made of, scan several times slower, one cache miss per item.
 */
export class SearchHaystack {
  private readonly text: string;
  /** `starts[i]`: where item i's text starts; `starts[count]`: one past the end of the last one. */
  private readonly starts: Int32Array;

  constructor(texts: readonly string[]) {
    this.starts = new Int32Array(texts.length + 1);
    let start = 0;
    for (const [index, text] of texts.entries()) {
      this.starts[index] = start;
      start += text.length + 1;
    }
    this.starts[texts.length] = start;
    this.text = texts.join('\n');
  }

  /** The items whose text has `needle` (not empty), in order: what a `String.includes` per item finds. */
  itemsWith(needle: string): number[] {
    const found: number[] = [];
    const last = this.starts.length - 2;
    for (let from = 0; ;) {
      const at = this.text.indexOf(needle, from);
      if (at === -1) return found;
      const item = this.itemAt(at, last);
      const next = this.starts[item + 1] ?? this.text.length + 1;
      // A match running into the next item's text (over the separator) is no match of either.
      if (at + needle.length < next) {
        found.push(item);
        from = next;
      } else {
        from = at + 1;
      }
    }
  }

  /** The item whose text holds offset `at`: the last one starting at or before it. */
  private itemAt(at: number, last: number): number {
    let low = 0;
    let high = last;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((this.starts[middle] ?? 0) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/** What the find bar shows and filters on, over a replay's items. */
export interface ReplayItemsSummary {
  /** Each item's key (`conversationItemKey`): the virtualizer asks for them on every re-measure. */
  readonly keys: readonly string[];
  readonly facts: readonly ItemFacts[];
  /** Items per tool, most first (then by name). */
  readonly toolCounts: readonly (readonly [string, number])[];
  readonly stateCounts: Readonly<Record<ReplayState, number>>;
}

/** A summary being updated: counts kept per tool and per state bit. */
interface Tally {
  readonly items: readonly ConversationItem[];
  readonly summary: ReplayItemsSummary;
  readonly tools: Map<string, number>;
  readonly states: number[];
}

function count(tally: Pick<Tally, 'tools' | 'states'>, facts: ItemFacts, by: 1 | -1): void {
  for (const tool of facts.tools) tally.tools.set(tool, (tally.tools.get(tool) ?? 0) + by);
  for (let bit = 0, states = facts.states; states !== 0; bit += 1, states >>= 1) {
    if ((states & 1) !== 0) tally.states[bit] = (tally.states[bit] ?? 0) + by;
  }
}

/**
 * The find bar's summary and search texts of a replay's items, kept as the replay grows: the
 * replay builder keeps an unchanged item the same object across the snapshots of a growing log
 * (and slices of a long one) and makes a new one for a call that changed, so a snapshot costs a
 * comparison per item and work only for the new ones, not a pass over every item's calls.
 */
export class ReplaySearchIndex {
  private readonly texts = new WeakMap<ConversationItem, string>();
  private last: Tally | null = null;

  summaryOf(items: readonly ConversationItem[]): ReplayItemsSummary {
    const last = this.last;
    if (last?.items === items) return last.summary;
    // Another log (or a step back): counted afresh.
    const grows = last !== null && items.length >= last.items.length && items[0] === last.items[0];
    const previous = grows ? last.items : [];
    const keys = grows ? [...last.summary.keys] : [];
    const facts = grows ? [...last.summary.facts] : [];
    const tally = { tools: grows ? last.tools : new Map<string, number>(), states: grows ? last.states : REPLAY_STATES.map(() => 0) };
    for (let at = 0; at < items.length; at += 1) {
      const item = items[at];
      if (item === previous[at] || item === undefined) continue;
      const old = facts[at];
      if (old !== undefined) count(tally, old, -1);
      const fresh = itemFacts(item);
      count(tally, fresh, 1);
      facts[at] = fresh;
      keys[at] = conversationItemKey(item);
    }
    const toolCounts = [...tally.tools].filter(([, items]) => items > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const stateCounts = Object.fromEntries(REPLAY_STATES.map((state, bit) => [state, tally.states[bit] ?? 0])) as Record<ReplayState, number>;
    const summary = { keys, facts, toolCounts, stateCounts };
    this.last = { items, summary, ...tally };
    return summary;
  }

  textOf(item: ConversationItem): string {
    let text = this.texts.get(item);
    if (text === undefined) {
      text = itemSearchText(item);
      this.texts.set(item, text);
    }
    return text;
  }
}

/**
 * The indexes of the items that pass the tool and states of a filter, in order: the find bar list
 * and the calls of a filtered export. `accepts` (an index) narrows them further.
 */
export function itemsPassing(facts: readonly ItemFacts[], filter: Pick<ReplayFilter, 'tool' | 'states'>, accepts?: (at: number) => boolean): number[] {
  const wanted = filter.states.reduce((mask, state) => mask | stateBit(state), 0);
  const passing: number[] = [];
  for (const [at, fact] of facts.entries()) {
    if (filter.tool !== null && !fact.tools.includes(filter.tool)) continue;
    if (wanted !== 0 && (fact.states & wanted) === 0) continue;
    if (accepts !== undefined && !accepts(at)) continue;
    passing.push(at);
  }
  return passing;
}

/** The find bar's text as it is looked for: case-insensitive, without the spaces around it; empty for no search. */
export function searchNeedle(text: string): string {
  return text.trim().toLowerCase();
}

/**
 * The indexes of the items a filter matches: those its tool and states let through whose search
 * text holds its text, when it has one. The find bar finds that text within its list; an export
 * with a filter keeps only what it finds.
 */
export function itemsMatching(items: readonly ConversationItem[], filter: ReplayFilter, index: ReplaySearchIndex = new ReplaySearchIndex()): number[] {
  const passing = itemsPassing(index.summaryOf(items).facts, filter);
  const needle = searchNeedle(filter.text);
  if (needle === '') return passing;
  const found = new Set(new SearchHaystack(items.map((item) => index.textOf(item))).itemsWith(needle));
  return passing.filter((at) => found.has(at));
}
