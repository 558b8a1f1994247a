import { lastSeq, logUpTo, SessionReplay, type ParsedSessionLog } from '@toolcard/ui-tool-image';
import { useId, useMemo, useState, type ReactNode } from 'react';

export interface LogReplayProps {
  readonly log: ParsedSessionLog;
  /** Replay events with seq ≤ this; the whole log when absent. */
  readonly initialStep?: number | undefined;
}

/**
 * A session replay with a step input: QA types an event seq and watches the log as it stood then
 * (a call running before its result, settled after). The log's problems always show.
 */
export function LogReplay({ log, initialStep }: LogReplayProps): ReactNode {
  const last = lastSeq(log);
  const inputId = useId();
  const [text, setText] = useState(() => String(Math.min(initialStep ?? last, last)));
  const parsed = Number.parseInt(text, 10);
  const step = Number.isNaN(parsed) ? last : Math.max(-1, Math.min(parsed, last));
  const shown = useMemo(() => logUpTo(log, step), [log, step]);
  return (
    <div className="replay-story">
      <p>
        <label htmlFor={inputId}>Replay up to event (seq) </label>
        <input
          id={inputId}
          type="number"
          min={0}
          max={last}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />{' '}
        <output htmlFor={inputId} data-testid="replay-step">
          {`showing events up to ${String(step)} of ${String(last)}`}
        </output>
      </p>
      <SessionReplay log={shown} />
    </div>
  );
}
