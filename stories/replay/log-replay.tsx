import { eventsUpTo, logAtEvent, SessionReplay, StepControl, type ParsedSessionLog } from '@toolcard/ui-tool-image';
import { useMemo, useState, type ReactNode } from 'react';

export interface LogReplayProps {
  readonly log: ParsedSessionLog;
  /** Replay events with seq ≤ this; the whole log when absent. */
  readonly initialStep?: number | undefined;
  /** The session's facts above the replay, as the `pnpm replay` viewer shows them. */
  readonly showFacts?: boolean;
}

/**
 * A session replay with the step control: QA steps through the events and watches the log as it
 * stood then (a call running before its result, settled after). The log's problems always show.
 */
export function LogReplay({ log, initialStep, showFacts = false }: LogReplayProps): ReactNode {
  const [shown, setShown] = useState(() => (initialStep === undefined ? log.events.length : eventsUpTo(log, initialStep)));
  const stepped = useMemo(() => logAtEvent(log, shown), [log, shown]);
  return (
    <div className="replay-story">
      <SessionReplay log={stepped} showFacts={showFacts} toolbar={<StepControl log={log} shown={shown} onShownChange={setShown} />} />
    </div>
  );
}
