import { viewContentBlock, type ToolCallNode } from '../../model';
import { replayItemKey, type ReplayItem } from './replay-items';

/** The states the find bar filters on. `refused`: the tool declined before any I/O (`ReadImageError`). */
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
interface ItemFacts {
  /** The tools of its calls (nested ones included), each once. */
  readonly tools: readonly string[];
  /** The states of its calls, as a mask of `stateBit`s. */
  readonly states: number;
}

function callStates(node: ToolCallNode): number {
  const { result } = node;
  let states = 0;
  if (result === undefined) states |= RUNNING;
  else if (result.outcome === 'stopped') states |= STOPPED;
  else if (result.outcome === 'error') states |= result.error?.name === 'ReadImageError' ? REFUSED : FAILED;
  if (result?.content.some((block) => viewContentBlock(block).kind === 'image') === true) states |= IMAGES;
  return states;
}

function eachCall(node: ToolCallNode, visit: (call: ToolCallNode) => void): void {
  visit(node);
  for (const child of node.children) eachCall(child, visit);
}

const NO_TOOLS: readonly string[] = [];

function itemFacts(item: ReplayItem): ItemFacts {
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
export function itemSearchText(item: ReplayItem): string {
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
    for (let from = 0; ; ) {
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

/**
 * Keys, facts and search texts of a replay's items, each worked out once per item object: the replay
 * builder keeps an unchanged item the same object across the snapshots of a growing log and makes
 * a new one for a call that changed, so a snapshot costs a lookup per item and work only for new ones.
 */
export class ReplaySearchIndex {
  private readonly entries = new WeakMap<ReplayItem, { readonly key: string; readonly facts: ItemFacts; text?: string }>();

  private entry(item: ReplayItem) {
    let entry = this.entries.get(item);
    if (entry === undefined) {
      entry = { key: replayItemKey(item), facts: itemFacts(item) };
      this.entries.set(item, entry);
    }
    return entry;
  }

  keyOf(item: ReplayItem): string {
    return this.entry(item).key;
  }

  factsOf(item: ReplayItem): ItemFacts {
    return this.entry(item).facts;
  }

  textOf(item: ReplayItem): string {
    const entry = this.entry(item);
    entry.text ??= itemSearchText(item);
    return entry.text;
  }
}
