import { useMemo, useState } from 'react';
import { replayItemKey, type ReplayItem } from './replay-items';
import { itemSearchText, REPLAY_STATES, ReplaySearchIndex, SearchHaystack, type ReplayFilter, type ReplayState } from './replay-search';

export interface ReplayFind {
  /** Each item's key (`replayItemKey`), made once per item list: the virtualizer asks for them on every re-measure. */
  readonly keys: readonly string[];
  /** Indexes (into the items) the tool and state filters let through, in order; `null` when nothing is filtered. */
  readonly visible: readonly number[] | null;
  /** Positions (into what is shown) of the items whose text has the search text. */
  readonly matches: readonly number[];
  readonly toolCounts: readonly (readonly [string, number])[];
  readonly stateCounts: Readonly<Record<ReplayState, number>>;
  /** The calls of a matching item to open so the match shows: the item's own and its nested calls that match. */
  readonly callsToOpen: (item: ReplayItem) => string[];
}

/** Counts, the filtered list and the matches of the find bar, over a replay's items. */
export function useReplayFind(items: readonly ReplayItem[], filter: ReplayFilter): ReplayFind {
  const [index] = useState(() => new ReplaySearchIndex());
  const keys = useMemo(() => items.map(replayItemKey), [items]);
  const facts = useMemo(() => items.map((item) => index.factsOf(item)), [items, index]);

  const { toolCounts, stateCounts } = useMemo(() => {
    const tools = new Map<string, number>();
    const states = Object.fromEntries(REPLAY_STATES.map((state) => [state, 0])) as Record<ReplayState, number>;
    for (const fact of facts) {
      for (const tool of fact.tools) tools.set(tool, (tools.get(tool) ?? 0) + 1);
      for (const state of fact.states) states[state] += 1;
    }
    const sorted = [...tools].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return { toolCounts: sorted, stateCounts: states };
  }, [facts]);

  const { tool, states } = filter;
  const statesKey = states.join(',');
  const visible = useMemo(() => {
    if (tool === null && statesKey === '') return null;
    const wanted = statesKey === '' ? [] : statesKey.split(',');
    const shown: number[] = [];
    for (const [at, fact] of facts.entries()) {
      if (tool !== null && !fact.tools.has(tool)) continue;
      if (wanted.length > 0 && !wanted.some((state) => fact.states.has(state as ReplayState))) continue;
      shown.push(at);
    }
    return shown;
  }, [facts, tool, statesKey]);

  const needle = filter.text.trim().toLowerCase();
  const searching = needle !== '';
  // Built on the first search of a log (and again only as it grows), so a search is one scan of the texts.
  const haystack = useMemo(() => (searching ? new SearchHaystack(items.map((item) => index.textOf(item))) : null), [searching, items, index]);
  const matches = useMemo(() => {
    if (haystack === null) return [];
    const found = haystack.itemsWith(needle);
    return visible === null ? found : positionsIn(visible, found);
  }, [needle, visible, haystack]);

  const callsToOpen = (item: ReplayItem): string[] => {
    if (item.kind !== 'call') return [];
    const open: string[] = [item.node.callId];
    const visit = (node: typeof item.node): void => {
      for (const child of node.children) {
        if (itemSearchText({ kind: 'call', line: item.line, node: child }).includes(needle)) open.push(child.callId);
        visit(child);
      }
    };
    visit(item.node);
    return open;
  };

  return { keys, visible, matches, toolCounts, stateCounts, callsToOpen };
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
