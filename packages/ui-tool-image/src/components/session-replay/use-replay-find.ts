import { useMemo } from 'react';
import type { ToolCallNode } from '../../model';
import type { ConversationItem } from '../../model/conversation';
import {
  itemSearchText,
  itemsPassing,
  SearchHaystack,
  searchNeedle,
  type ReplayFilter,
  type ReplaySearchIndex,
  type ReplayState,
} from '../../model/replay/replay-search';

export interface ReplayFind {
  /** Each item's key (`conversationItemKey`): the virtualizer asks for them on every re-measure. */
  readonly keys: readonly string[];
  /** Indexes (into the items) the tool and state filters let through, in order; `null` when nothing is filtered. */
  readonly visible: readonly number[] | null;
  /** Positions (into what is shown) of the items whose text has the search text. */
  readonly matches: readonly number[];
  readonly toolCounts: readonly (readonly [string, number])[];
  readonly stateCounts: Readonly<Record<ReplayState, number>>;
  /** The calls of a matching item to open so the match shows: the item's own and its nested calls that match. */
  readonly callsToOpen: (item: ConversationItem) => string[];
}

/** Whether `node` or a call dispatched from inside it is one `accepts` takes. */
function holdsCall(node: ToolCallNode, accepts: (call: ToolCallNode) => boolean): boolean {
  return accepts(node) || node.children.some((child) => holdsCall(child, accepts));
}

/**
 * Counts, the filtered list and the matches of the find bar, over a replay's items (summarised and
 * searched with `index`). `callFilter`, the embedder's own, keeps only the calls holding a call it accepts.
 */
export function useReplayFind(
  items: readonly ConversationItem[],
  filter: ReplayFilter,
  index: ReplaySearchIndex,
  callFilter: ((call: ToolCallNode) => boolean) | undefined,
): ReplayFind {
  const { keys, facts, toolCounts, stateCounts } = useMemo(() => index.summaryOf(items), [items, index]);

  const { tool, states } = filter;
  const statesKey = states.join(',');
  const visible = useMemo(() => {
    if (tool === null && statesKey === '' && callFilter === undefined) return null;
    const wanted = statesKey === '' ? [] : (statesKey.split(',') as ReplayState[]);
    const accepts =
      callFilter === undefined
        ? undefined
        : (at: number): boolean => {
            const item = items[at];
            return item?.kind === 'call' && holdsCall(item.node, callFilter);
          };
    return itemsPassing(facts, { tool, states: wanted }, accepts);
  }, [facts, items, tool, statesKey, callFilter]);

  const needle = searchNeedle(filter.text);
  const searching = needle !== '';
  // Built on the first search of a log (and again only as it grows), so a search is one scan of the texts.
  const haystack = useMemo(() => (searching ? new SearchHaystack(items.map((item) => index.textOf(item))) : null), [searching, items, index]);
  const matches = useMemo(() => {
    if (haystack === null) return [];
    const found = haystack.itemsWith(needle);
    return visible === null ? found : positionsIn(visible, found);
  }, [needle, visible, haystack]);

  const callsToOpen = (item: ConversationItem): string[] => {
    if (item.kind !== 'call') return [];
    const open: string[] = [item.node.callId];
    const visit = (node: typeof item.node): void => {
      for (const child of node.children) {
        if (itemSearchText({ kind: 'call', node: child }).includes(needle)) open.push(child.callId);
        visit(child);
      }
    };
    visit(item.node);
    return open;
  };

  return { keys, visible, matches, toolCounts, stateCounts, callsToOpen };
}

/** The index of the item that holds call `callId` (its own or a nested call), -1 when none does (yet). */
export function itemIndexOfCall(items: readonly ConversationItem[], callId: string): number {
  return items.findIndex((item) => item.kind === 'call' && holdsCall(item.node, (call) => call.callId === callId));
}

/** Where each of `items` (ascending) is in `shown` (ascending item indexes), for those it holds. */
function positionsIn(shown: readonly number[], items: readonly number[]): number[] {
  const positions: number[] = [];
  let position = 0;
  for (const item of items) {
    while (position < shown.length && (shown[position] ?? Number.POSITIVE_INFINITY) < item) position += 1;
    if (shown[position] === item) positions.push(position);
  }
  return positions;
}
