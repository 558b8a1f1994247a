import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { ParsedSessionLog } from '../../model';
import type { AgentLog } from '../../model/formats/agent-log/agent-log';
import { conversationCounts, sessionFactsOf } from '../../model/replay/session-summary';
import { ConversationMessage } from '../message/conversation-message';
import { RowOpenState, RowOpenStateContext } from '../row/row-open-state';
import { ToolCardSettingsContext, useToolCardSettings } from '../tool-card-settings';
import { ToolCallView } from '../row/tool-call-view';
import { FindBar } from './find-bar';
import { ItemTime } from './item-time';
import { SessionHeader } from './session-header';
import { highlightText } from './find-highlight';
import { OtherEventsSummary } from './other-events-summary';
import { ProblemsList } from './problems-list';
import type { ConversationItem } from '../../model/conversation';
import { itemIndexAtLine } from '../../model/replay/replay-builder';
import { useReplay } from './use-replay';
import { useReplayKeys } from './replay-keys';
import { useReplayFind } from './use-replay-find';
import { useElementHeight } from './use-element-height';
import { NO_FILTER, ReplaySearchIndex, type ReplayFilter } from '../../model/replay/replay-search';
import { VirtualReplayList, type ReplayListHandle } from './virtual-replay-list';

export interface SessionReplayProps {
  /** A log as `parseSessionLog` returns it, or a session of any format as `readAgentLog` returns it. */
  readonly log: ParsedSessionLog | AgentLog;
  /**
   * The find bar's filter, when the embedder keeps it (e.g. in the URL); the replay keeps its own
   * otherwise. Give `onFilterChange` with it.
   */
  readonly filter?: ReplayFilter;
  /** Told every change the person makes in the find bar. */
  readonly onFilterChange?: (filter: ReplayFilter) => void;
  /** Shows the session's facts above the replay (model, start, duration, working directory, format, counts). */
  readonly showFacts?: boolean;
  /** The embedder's own controls (a step control), between the facts and the find bar. */
  readonly toolbar?: ReactNode;
  /**
   * Keeps the newest row in view as a growing log adds rows (a live view's "Follow the end of the
   * log"). Rows added while the replay first catches up with the log, or before this is on, do not scroll.
   */
  readonly followEnd?: boolean;
}

function ReplayItemView({ item, sessionStart }: { readonly item: ConversationItem; readonly sessionStart: number | undefined }): ReactNode {
  return (
    <>
      <ItemTime item={item} sessionStart={sessionStart} />
      {item.kind === 'call' ? <ToolCallView node={item.node} /> : <ConversationMessage role={item.role} parts={item.parts} />}
    </>
  );
}

/**
 * A recorded session (contract): its problems and what it did not show, a find bar, then messages
 * and tool rows in log order, virtualised: only the items near the viewport are in the DOM,
 * whatever the log's length. Rows keep their open state while scrolled away.
 */
export function SessionReplay({ log, filter: controlledFilter, onFilterChange, showFacts = false, toolbar, followEnd = false }: SessionReplayProps): ReactNode {
  const labels = useLabels();
  const settings = useToolCardSettings();
  const [searchIndex] = useState(() => new ReplaySearchIndex());
  const { items, problems, pendingEvents } = useReplay(log, searchIndex);
  const [openRows] = useState(() => new RowOpenState());
  const [ownFilter, setOwnFilter] = useState<ReplayFilter>(NO_FILTER);
  const filter = controlledFilter ?? ownFilter;
  const setFilter = useCallback(
    (next: ReplayFilter) => {
      setOwnFilter(next);
      onFilterChange?.(next);
    },
    [onFilterChange],
  );
  const find = useReplayFind(items, filter, searchIndex);
  const { visible } = find;
  const [current, setCurrent] = useState<{ readonly text: string; readonly match: number } | null>(null);
  const currentMatch = current !== null && current.text === filter.text && current.match < find.matches.length ? current.match : null;
  const currentPosition = currentMatch === null ? null : (find.matches[currentMatch] ?? null);
  const [focusedPosition, setFocusedPosition] = useState<number | null>(null);
  const list = useRef<ReplayListHandle>(null);
  const section = useRef<HTMLElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const findBar = useRef<HTMLDivElement>(null);
  const findBarHeight = useElementHeight(findBar);
  // A jump asked for before the list shows the item (a problem in a filtered-out item): done after the render.
  const pendingItem = useRef<number | null>(null);

  const facts = useMemo(() => sessionFactsOf(log), [log]);
  const counts = useMemo(() => (showFacts ? conversationCounts(items) : null), [showFacts, items]);
  const sessionStart = facts.startedAt;
  // Paths show relative to the session's own working directory unless the embedder says otherwise.
  const cwd = settings.cwd ?? facts.cwd;
  const replaySettings = useMemo(() => (cwd === undefined ? settings : { ...settings, cwd }), [settings, cwd]);
  const itemAt = useCallback((position: number) => items[visible === null ? position : (visible[position] ?? -1)], [items, visible]);
  const { keys } = find;
  const keyOf = useCallback((position: number) => keys[visible === null ? position : (visible[position] ?? -1)] ?? String(position), [keys, visible]);
  const renderItem = useCallback(
    (position: number) => {
      const item = itemAt(position);
      return item === undefined ? null : <ReplayItemView item={item} sessionStart={sessionStart} />;
    },
    [itemAt, sessionStart],
  );

  const stepMatch = (direction: 1 | -1): void => {
    const total = find.matches.length;
    if (total === 0) return;
    const next = currentMatch === null ? (direction === 1 ? 0 : total - 1) : (currentMatch + direction + total) % total;
    const position = find.matches[next];
    const item = position === undefined ? undefined : itemAt(position);
    if (position === undefined || item === undefined) return;
    setCurrent({ text: filter.text, match: next });
    for (const callId of find.callsToOpen(item)) openRows.set(callId, true);
    list.current?.show(position);
  };

  useEffect(() => {
    const pending = pendingItem.current;
    if (pending === null) return;
    const position = visible === null ? pending : visible.indexOf(pending);
    if (position === -1) return;
    pendingItem.current = null;
    list.current?.show(position, { focus: true });
  });

  // Following: the row count when the replay was last caught up; rows beyond it scroll into view.
  const shownCount = visible?.length ?? items.length;
  const followedCount = useRef<number | null>(null);
  useEffect(() => {
    if (!followEnd) {
      followedCount.current = null;
      return;
    }
    if (pendingEvents > 0) return;
    if (followedCount.current !== null && shownCount > followedCount.current) list.current?.show(shownCount - 1);
    followedCount.current = shownCount;
  }, [followEnd, shownCount, pendingEvents]);

  const jumpToLine = (line: number): void => {
    const index = itemIndexAtLine(items, line);
    if (visible === null) {
      list.current?.show(index, { focus: true });
      return;
    }
    pendingItem.current = index;
    setFilter({ ...filter, tool: null, states: [] });
  };

  // The current match's text marked in its item, once the item has rendered open.
  const query = filter.text.trim();
  useEffect(() => {
    if (currentPosition === null) return;
    const element = list.current?.elementOf(currentPosition);
    if (element == null) return;
    return highlightText(element, query);
  });

  useReplayKeys(section, {
    focusSearch: () => {
      searchInput.current?.focus();
      searchInput.current?.select();
    },
    moveRow: (direction) => {
      const count = visible?.length ?? items.length;
      const from = focusedPosition ?? currentPosition ?? list.current?.firstInView() ?? 0;
      const to = focusedPosition === null && currentPosition === null ? from : from + direction;
      list.current?.show(Math.max(0, Math.min(count - 1, to)), { focus: true });
    },
    toggleRow: () => {
      const position = focusedPosition ?? currentPosition;
      if (position === null) return;
      list.current?.elementOf(position)?.querySelector<HTMLButtonElement>('.tc-row__disclosure')?.click();
    },
  });

  return (
    <ToolCardSettingsContext.Provider value={replaySettings}>
      <RowOpenStateContext.Provider value={openRows}>
        {/* Busy while a long log is still being replayed in slices: counts and matches are growing. */}
        <section ref={section} className="tc-replay" aria-label={labels['replay.label']} aria-busy={pendingEvents > 0 || undefined}>
          {counts === null ? null : <SessionHeader facts={facts} counts={counts} />}
          {toolbar}
          <ProblemsList problems={problems} onJump={items.length === 0 ? undefined : jumpToLine} />
          <OtherEventsSummary otherEvents={log.otherEvents} />
          <FindBar
            barRef={findBar}
            filter={filter}
            onFilterChange={setFilter}
            toolCounts={find.toolCounts}
            stateCounts={find.stateCounts}
            shown={visible?.length ?? items.length}
            total={items.length}
            matches={find.matches.length}
            current={currentMatch}
            onStep={stepMatch}
            inputRef={searchInput}
          />
          <VirtualReplayList
            count={visible?.length ?? items.length}
            keyOf={keyOf}
            renderItem={renderItem}
            label={labels['replay.items']}
            current={currentPosition}
            stickyTop={findBarHeight}
            onFocusItem={setFocusedPosition}
            handle={list}
          />
        </section>
      </RowOpenStateContext.Provider>
    </ToolCardSettingsContext.Provider>
  );
}
