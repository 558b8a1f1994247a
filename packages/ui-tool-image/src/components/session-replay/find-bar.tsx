import { useId, useState, type ReactNode, type Ref } from 'react';
import { formatLabel, useLabels, type LabelKey } from '../../labels';
import { useMediaQuery } from './use-media-query';
import { REPLAY_STATES, type ReplayFilter, type ReplayState } from '../../model/replay/replay-search';

/** Where the filters fold away (the same width as in session-replay.css). */
const NARROW_SCREEN = '(max-width: 40rem)';

const STATE_LABELS: Readonly<Record<ReplayState, LabelKey>> = {
  failed: 'find.state.failed',
  refused: 'find.state.refused',
  stopped: 'find.state.stopped',
  running: 'find.state.running',
  images: 'find.state.images',
};

export interface FindBarProps {
  readonly filter: ReplayFilter;
  readonly onFilterChange: (filter: ReplayFilter) => void;
  /** Items with a call of each tool, most frequent first. */
  readonly toolCounts: readonly (readonly [string, number])[];
  readonly stateCounts: Readonly<Record<ReplayState, number>>;
  /** Items the tool and state filters let through, of `total`. */
  readonly shown: number;
  readonly total: number;
  readonly matches: number;
  /** 0-based position of the current match, `null` before the first Enter. */
  readonly current: number | null;
  readonly onStep: (direction: 1 | -1) => void;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly barRef?: Ref<HTMLDivElement>;
  /** Kept mounted but not shown (another view of the replay is shown): what was typed stays, and its height is measured again once shown. */
  readonly hidden?: boolean;
}

/**
 * The bar above a replay: a tool and states that filter the list, free text that finds within it
 * (Enter / Shift+Enter go to the next / previous match), and the counts of each.
 */
export function FindBar({
  filter,
  onFilterChange,
  toolCounts,
  stateCounts,
  shown,
  total,
  matches,
  current,
  onStep,
  inputRef,
  barRef,
  hidden = false,
}: FindBarProps): ReactNode {
  const labels = useLabels();
  const ids = { text: useId(), tool: useId(), keys: useId() };
  const searching = filter.text.trim() !== '';
  const filtered = filter.tool !== null || filter.states.length > 0;
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [filtersOpen, setFiltersOpen] = useState(false);
  let matchText = '';
  if (searching) {
    if (matches === 0) matchText = labels['find.noMatches'];
    else if (current === null) matchText = formatLabel(labels['find.matches'], { total: matches });
    else matchText = formatLabel(labels['find.matchOf'], { current: current + 1, total: matches });
  }
  const toggleState = (state: ReplayState, on: boolean): void => {
    const states = on ? [...filter.states, state] : filter.states.filter((other) => other !== state);
    onFilterChange({ ...filter, states: REPLAY_STATES.filter((known) => states.includes(known)) });
  };

  return (
    <div ref={barRef} className="tc-find" role="search" aria-label={labels['find.label']} hidden={hidden}>
      <div className="tc-find__line">
        <label className="tc-find__field" htmlFor={ids.text}>
          {labels['find.text']}
        </label>
        <input
          ref={inputRef}
          id={ids.text}
          className="tc-find__input"
          type="search"
          value={filter.text}
          placeholder={labels['find.placeholder']}
          aria-describedby={ids.keys}
          onChange={(event) => {
            onFilterChange({ ...filter, text: event.target.value });
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            onStep(event.shiftKey ? -1 : 1);
          }}
        />
        <output className="tc-find__matches" htmlFor={ids.text} aria-live="polite">
          {matchText}
        </output>
        <button
          type="button"
          className="tc-find__button"
          disabled={matches === 0}
          onClick={() => {
            onStep(-1);
          }}
        >
          {labels['find.previous']}
        </button>
        <button
          type="button"
          className="tc-find__button"
          disabled={matches === 0}
          onClick={() => {
            onStep(1);
          }}
        >
          {labels['find.next']}
        </button>
      </div>
      {/* On a narrow screen the filters fold away under a summary, so the bar that stays in view is one line. */}
      <details
        className="tc-find__filters"
        open={!narrow || filtersOpen || filtered}
        onToggle={(event) => {
          if (narrow) setFiltersOpen(event.currentTarget.open);
        }}
      >
        <summary className="tc-find__filters-summary">{labels['find.filters']}</summary>
        <div className="tc-find__line">
          <label className="tc-find__field" htmlFor={ids.tool}>
            {labels['find.tool']}
          </label>
          <select
            id={ids.tool}
            className="tc-find__select"
            value={filter.tool ?? ''}
            onChange={(event) => {
              onFilterChange({ ...filter, tool: event.target.value === '' ? null : event.target.value });
            }}
          >
            <option value="">{labels['find.allTools']}</option>
            {toolCounts.map(([tool, count]) => (
              <option key={tool} value={tool}>
                {formatLabel(labels['find.count'], { label: tool, count })}
              </option>
            ))}
            {/* A tool from a shared link that this log (or this prefix of it) does not have. */}
            {filter.tool !== null && !toolCounts.some(([tool]) => tool === filter.tool) ? (
              <option value={filter.tool}>{formatLabel(labels['find.count'], { label: filter.tool, count: 0 })}</option>
            ) : null}
          </select>
          <fieldset className="tc-find__states">
            <legend className="tc-find__field">{labels['find.states']}</legend>
            {REPLAY_STATES.map((state) => (
              <label key={state} className="tc-find__state">
                <input
                  type="checkbox"
                  checked={filter.states.includes(state)}
                  onChange={(event) => {
                    toggleState(state, event.target.checked);
                  }}
                />
                {formatLabel(labels['find.count'], { label: labels[STATE_LABELS[state]], count: stateCounts[state] })}
              </label>
            ))}
          </fieldset>
          {filtered ? (
            <>
              <output className="tc-find__shown">{formatLabel(labels['find.shown'], { shown, total })}</output>
              <button
                type="button"
                className="tc-find__button"
                onClick={() => {
                  onFilterChange({ ...filter, tool: null, states: [] });
                }}
              >
                {labels['find.clear']}
              </button>
            </>
          ) : null}
        </div>
      </details>
      <p id={ids.keys} className="tc-find__keys tc-keys">
        {labels['find.keys']}
      </p>
    </div>
  );
}
