import { lastSeq, logUpTo, SessionReplay, type ParsedSessionLog, type ReplayFilter } from '@toolcard/ui-tool-image';
import { useId, useMemo, useState, type ReactNode } from 'react';

import type { ViewerLabels } from './viewer-labels';

/**
 * The replay with a step control: by default it follows the end of a growing log; typing an event
 * seq pins the replay to the log as it stood then (a call running before its result, settled
 * after), and the checkbox follows the end again.
 */
export interface SteppedReplayProps {
  readonly log: ParsedSessionLog;
  readonly labels: ViewerLabels;
  readonly filter: ReplayFilter;
  readonly onFilterChange: (filter: ReplayFilter) => void;
}

export function SteppedReplay({ log, labels, filter, onFilterChange }: SteppedReplayProps): ReactNode {
  const inputId = useId();
  const followId = useId();
  const last = lastSeq(log);
  const [pinned, setPinned] = useState<string | null>(null);
  const parsed = pinned === null ? Number.NaN : Number.parseInt(pinned, 10);
  const step = Number.isNaN(parsed) ? last : Math.max(-1, Math.min(parsed, last));
  const shown = useMemo(() => logUpTo(log, step), [log, step]);
  return (
    <>
      <div className="replay-steps">
        <label htmlFor={inputId}>{labels.step}</label>
        <input
          id={inputId}
          type="number"
          min={-1}
          max={last}
          value={pinned ?? String(last)}
          onChange={(event) => {
            setPinned(event.target.value);
          }}
        />
        <input
          id={followId}
          type="checkbox"
          checked={pinned === null}
          onChange={(event) => {
            setPinned(event.target.checked ? null : String(last));
          }}
        />
        <label htmlFor={followId}>{labels.followEnd}</label>
        <output htmlFor={inputId} data-testid="replay-step">
          {labels.showing(shown.events.length, log.events.length)}
        </output>
      </div>
      <SessionReplay log={shown} filter={filter} onFilterChange={onFilterChange} showFacts />
    </>
  );
}
