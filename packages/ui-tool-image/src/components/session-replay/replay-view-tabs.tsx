import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLabels } from '../../labels';

/** What a replay shows: its calls and messages as rows, or every image of the session as tiles. */
export type ReplayView = 'calls' | 'images';

export const REPLAY_VIEWS: readonly ReplayView[] = ['calls', 'images'];

export interface ReplayViewTabsProps {
  readonly view: ReplayView;
  readonly onViewChange: (view: ReplayView) => void;
  /** The id of the panel the tabs control. */
  readonly panelId: string;
  /** The id of each tab, so the panel is named by the selected one. */
  readonly tabId: (view: ReplayView) => string;
}

/**
 * The replay's views as a tablist: ←/→ (and Home/End) move to the other tab and show it, so only
 * the selected tab is in the Tab order, as the ARIA tabs pattern has it.
 */
export function ReplayViewTabs({ view, onViewChange, panelId, tabId }: ReplayViewTabsProps): ReactNode {
  const labels = useLabels();
  const tabs = useRef(new Map<ReplayView, HTMLButtonElement>());
  const select = (next: ReplayView): void => {
    onViewChange(next);
    tabs.current.get(next)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const at = REPLAY_VIEWS.indexOf(view);
    const count = REPLAY_VIEWS.length;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (at + 1) % count;
    else if (event.key === 'ArrowLeft') next = (at - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    const target = next === null ? undefined : REPLAY_VIEWS[next];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };
  return (
    <div className="tc-replay__views" role="tablist" aria-label={labels['replay.views']} onKeyDown={onKeyDown}>
      {REPLAY_VIEWS.map((each) => (
        <button
          key={each}
          ref={(element) => {
            if (element === null) tabs.current.delete(each);
            else tabs.current.set(each, element);
          }}
          id={tabId(each)}
          type="button"
          role="tab"
          className="tc-replay__view"
          aria-selected={each === view}
          aria-controls={each === view ? panelId : undefined}
          tabIndex={each === view ? 0 : -1}
          onClick={() => {
            onViewChange(each);
          }}
        >
          {labels[`replay.view.${each}`]}
        </button>
      ))}
    </div>
  );
}
