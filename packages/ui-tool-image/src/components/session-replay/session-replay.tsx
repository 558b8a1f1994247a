import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { ParsedSessionLog, ToolCallNode } from '../../model';
import type { AgentLog } from '../../model/formats/agent-log/agent-log';
import { conversationCounts, sessionFactsOf } from '../../model/replay/session-summary';
import { ConversationMessage } from '../message/conversation-message';
import { RowOpenState, RowOpenStateContext } from '../row/row-open-state';
import { ToolCardSettingsContext, useToolCardSettings } from '../tool-card-settings';
import { useLatestCallback } from '../use-latest-callback';
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
import { itemIndexOfCall, useReplayFind } from './use-replay-find';
import { OpenImageContext, type OpenImage, type OpenImageState } from '../gallery/open-image';
import { useElementHeight } from './use-element-height';
import { NO_FILTER, ReplaySearchIndex, type ReplayFilter } from '../../model/replay/replay-search';
import { VirtualReplayList, type ReplayListHandle } from './virtual-replay-list';
import { placeOfImage, SessionImageCollector, type SessionImage, type SessionImagePlace } from '../../model/replay/session-images';
import { callImages } from '../row/call-images';
import { ReplayViewTabs, type ReplayView } from './replay-view-tabs';
import { SessionImagesView } from './session-images-view';

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
  /**
   * The call the replay is on, by call id (a nested call's too): when it changes to a call the
   * person is not already on, the replay scrolls to it, opens it and focuses it — as soon as the
   * log holds it, for a log still arriving. A link to a call opens this way.
   */
  readonly openCall?: string | null;
  /** Told the call the person moves to (focus enters its row, or they open one of its images). */
  readonly onOpenCallChange?: (callId: string) => void;
  /**
   * The image open in the lightbox, when the embedder keeps it (e.g. in the URL): its call is
   * scrolled to and opened as for `openCall`, then the lightbox opens on it. `null`: none open.
   * The replay keeps its own otherwise. Give `onOpenImageChange` with it.
   */
  readonly openImage?: OpenImage | null;
  /** Told when the person opens an image, moves to another in the lightbox, or closes it (`null`). */
  readonly onOpenImageChange?: (image: OpenImage | null) => void;
  /**
   * The embedder's own filter, with the find bar's: only the calls that are, or hold, a call it
   * accepts are shown (messages are not). Keep it the same function while its answers stay the same.
   */
  readonly callFilter?: (call: ToolCallNode) => boolean;
  /**
   * What the replay shows, when the embedder keeps it (e.g. in the URL): `calls`, its calls and
   * messages as rows, or `images`, every image of the session as tiles that open the lightbox over
   * them all. The replay keeps its own otherwise (`calls` at first). Give `onViewChange` with it.
   */
  readonly view?: ReplayView;
  /** Told when the person switches the view (a tab, or a tile's "Go to call"). */
  readonly onViewChange?: (view: ReplayView) => void;
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
export function SessionReplay({
  log,
  filter: controlledFilter,
  onFilterChange,
  showFacts = false,
  toolbar,
  followEnd = false,
  openCall,
  onOpenCallChange,
  openImage: controlledImage,
  onOpenImageChange,
  callFilter,
  view: controlledView,
  onViewChange,
}: SessionReplayProps): ReactNode {
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
  const [ownView, setOwnView] = useState<ReplayView>('calls');
  const view = controlledView ?? ownView;
  const setView = useCallback(
    (next: ReplayView) => {
      setOwnView(next);
      onViewChange?.(next);
    },
    [onViewChange],
  );
  const viewIds = { panel: useId(), tab: useId() };
  const [imageCollector] = useState(() => new SessionImageCollector(callImages));
  // Collected only while shown; the collector carries over what it had, so coming back costs what changed since.
  const sessionImages = view === 'images' ? imageCollector.collect(items) : null;
  const find = useReplayFind(items, filter, searchIndex, callFilter);
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

  // The call the person was last told to be on (or was announced as on): asking for it again is no jump.
  const announced = useRef<string | null>(null);
  const announceCall = useLatestCallback((callId: string): void => {
    if (announced.current === callId) return;
    announced.current = callId;
    onOpenCallChange?.(callId);
  });
  const [ownImage, setOwnImage] = useState<OpenImage | null>(null);
  const image = controlledImage === undefined ? ownImage : controlledImage;
  const openImageState = useMemo<OpenImageState>(
    () => ({
      open: image,
      setOpen: (next) => {
        if (next !== null) announceCall(next.callId);
        setOwnImage(next);
        onOpenImageChange?.(next);
      },
    }),
    [image, onOpenImageChange, announceCall],
  );

  // A call asked for by the embedder, until its row has focus: it may not be in the log yet, or not mounted.
  const pendingCall = useRef<{ readonly callId: string; shown: boolean } | null>(null);
  const wantedCall = controlledImage?.callId ?? openCall ?? null;
  const goToPendingCall = (): void => {
    const pending = pendingCall.current;
    // The rows are not mounted while the images are shown: gone to once they are.
    if (pending === null || view !== 'calls') return;
    const index = itemIndexOfCall(items, pending.callId);
    if (index === -1) return;
    const position = visible === null ? index : visible.indexOf(index);
    // Hidden by a filter: gone to once the filters show it.
    if (position === -1) return;
    openRows.set(pending.callId, true);
    const element = list.current?.elementOf(position);
    if (element != null && focusRowIn(element, pending.callId)) {
      pendingCall.current = null;
      list.current?.show(position);
      return;
    }
    if (pending.shown) return;
    pending.shown = true;
    list.current?.show(position, { focus: true });
  };
  useEffect(() => {
    if (wantedCall === null || wantedCall === announced.current) return;
    announced.current = wantedCall;
    pendingCall.current = { callId: wantedCall, shown: false };
  }, [wantedCall]);
  useEffect(goToPendingCall);
  const goToCall = useLatestCallback((callId: string): void => {
    announceCall(callId);
    pendingCall.current = { callId, shown: false };
    setView('calls');
  });
  // A message's image open in the Images view: the replay's own (an `OpenImage` names calls only); a call's image open wins.
  const [messageImage, setMessageImage] = useState<SessionImagePlace | null>(null);
  const openPlace: SessionImagePlace | null = image === null ? messageImage : { kind: 'call', callId: image.callId, index: image.index };
  const openPosition = sessionImages === null || openPlace === null ? -1 : sessionImages.positionOf(openPlace);
  const openImageAt = useLatestCallback((position: number | null): void => {
    const shown = position === null ? undefined : sessionImages?.images[position];
    if (shown?.kind === 'message') {
      setMessageImage(placeOfImage(shown));
      if (image !== null) openImageState.setOpen(null);
      return;
    }
    setMessageImage(null);
    openImageState.setOpen(shown === undefined ? null : { callId: shown.node.callId, index: shown.indexInCall });
  });
  const goToMessage = (key: string): void => {
    const index = items.findIndex((item) => item.kind === 'message' && item.key === key);
    if (index === -1) return;
    setMessageImage(null);
    setView('calls');
    pendingItem.current = index;
    // Hidden by the tool or state filter (they show calls only): shown again, as a problem's line is.
    if (visible !== null && !visible.includes(index)) setFilter({ ...filter, tool: null, states: [] });
  };
  const goToImageSource = useLatestCallback((shown: SessionImage): void => {
    if (shown.kind === 'call') goToCall(shown.node.callId);
    else goToMessage(shown.message.key);
  });

  const jumpToLine = (line: number): void => {
    setView('calls');
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
        <OpenImageContext.Provider value={openImageState}>
          <section
            ref={section}
            className="tc-replay"
            aria-label={labels['replay.label']}
            aria-busy={pendingEvents > 0 || undefined}
            onFocus={(event) => {
              // Focus inside the lightbox (a portal) reaches here through React, not through the page.
              if (!(event.target instanceof Element) || !event.currentTarget.contains(event.target)) return;
              if (pendingCall.current !== null && event.target.matches('.tc-replay__item')) goToPendingCall();
              const callId = callIdAt(event.target);
              if (callId !== undefined) announceCall(callId);
            }}
          >
            {counts === null ? null : <SessionHeader facts={facts} counts={counts} />}
            {toolbar}
            <ProblemsList problems={problems} onJump={items.length === 0 ? undefined : jumpToLine} />
            <OtherEventsSummary otherEvents={log.otherEvents} />
            <ReplayViewTabs view={view} onViewChange={setView} panelId={viewIds.panel} tabId={(each) => `${viewIds.tab}-${each}`} />
            <div id={viewIds.panel} className="tc-replay__panel" role="tabpanel" aria-labelledby={`${viewIds.tab}-${view}`}>
              <FindBar
                hidden={view !== 'calls'}
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
              {sessionImages === null ? (
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
              ) : (
                <SessionImagesView
                  images={sessionImages}
                  open={openPosition === -1 ? null : openPosition}
                  onOpenChange={openImageAt}
                  onGoTo={goToImageSource}
                  sessionStart={sessionStart}
                />
              )}
            </div>
          </section>
        </OpenImageContext.Provider>
      </RowOpenStateContext.Provider>
    </ToolCardSettingsContext.Provider>
  );
}

/** The call whose row holds `target`: the nearest row around it, else the row a focused list item holds. */
function callIdAt(target: Element): string | undefined {
  const row =
    target.closest<HTMLElement>('[data-call-id]') ??
    (target.matches('.tc-replay__item') ? target.querySelector<HTMLElement>(':scope > * [data-call-id], :scope > [data-call-id]') : null);
  return row?.dataset.callId;
}

/** Focuses the disclosure of call `callId`'s row inside `item`; false when that row is not mounted. */
function focusRowIn(item: HTMLElement, callId: string): boolean {
  const row = item.querySelector<HTMLElement>(`[data-call-id="${CSS.escape(callId)}"]`);
  const disclosure = row?.querySelector<HTMLButtonElement>(':scope > .tc-row__header > .tc-row__disclosure');
  if (disclosure == null) return false;
  // A nested row may sit far down a tall item: the browser scrolls it into view; the item itself is the list's to scroll.
  disclosure.focus({ preventScroll: row?.closest('.tc-nested') === null });
  return true;
}
