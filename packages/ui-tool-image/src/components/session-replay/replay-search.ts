import { viewContentBlock, type ToolCallNode } from '../../model';
import type { ReplayItem } from './replay-items';

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

/** What the bar needs to know about one item; text is built only once a search asks for it. */
interface ItemFacts {
  readonly tools: ReadonlySet<string>;
  readonly states: ReadonlySet<ReplayState>;
}

function callStates(node: ToolCallNode, into: Set<ReplayState>): void {
  const { result } = node;
  if (result === undefined) into.add('running');
  else if (result.outcome === 'stopped') into.add('stopped');
  else if (result.outcome === 'error') into.add(result.error?.name === 'ReadImageError' ? 'refused' : 'failed');
  if (result?.content.some((block) => viewContentBlock(block).kind === 'image') === true) into.add('images');
}

function eachCall(node: ToolCallNode, visit: (call: ToolCallNode) => void): void {
  visit(node);
  for (const child of node.children) eachCall(child, visit);
}

function itemFacts(item: ReplayItem): ItemFacts {
  const tools = new Set<string>();
  const states = new Set<ReplayState>();
  if (item.kind === 'message') {
    if (item.parts.some((part) => part.kind === 'images')) states.add('images');
    return { tools, states };
  }
  eachCall(item.node, (call) => {
    if (call.name !== null) tools.add(call.name);
    callStates(call, states);
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
 * Facts and search texts of a replay's items, cached across the snapshots of a growing log: a
 * live log rebuilds its call nodes on every append, so the cache is keyed by item key and checked
 * against what an item's facts derive from (its calls' arguments and results), not node identity.
 */
export class ReplaySearchIndex {
  private readonly entries = new Map<string, { readonly sources: readonly unknown[]; readonly facts: ItemFacts; text?: string }>();

  private entry(key: string, item: ReplayItem) {
    const sources = sourcesOf(item);
    let entry = this.entries.get(key);
    if (entry === undefined || !sameSources(entry.sources, sources)) {
      entry = { sources, facts: itemFacts(item) };
      this.entries.set(key, entry);
    }
    return entry;
  }

  factsOf(key: string, item: ReplayItem): ItemFacts {
    return this.entry(key, item).facts;
  }

  textOf(key: string, item: ReplayItem): string {
    const entry = this.entry(key, item);
    entry.text ??= itemSearchText(item);
    return entry.text;
  }
}

/**
 * What an item's facts come from. A message event never changes once read; a call changes as its
 * result (the parsed event's content array, the same object in every snapshot) and nested calls arrive.
 */
function sourcesOf(item: ReplayItem): readonly unknown[] {
  if (item.kind === 'message') return [];
  const sources: unknown[] = [];
  eachCall(item.node, (call) => {
    sources.push(call.name, call.argsRaw, call.result?.content, call.result?.outcome);
  });
  return sources;
}

function sameSources(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((source, index) => source === b[index]);
}
