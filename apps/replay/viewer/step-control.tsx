import { logAtEvent, SessionReplay, StepControl, type Locale, type ParsedSessionLog, type ReplayFilter, type ReplayView } from '@toolcard/ui-tool-image';
import { useId, useMemo, useState, type ReactNode } from 'react';

import type { ViewerLog } from './viewer-log';
import { isConversationLog } from './viewer-log';
import type { ViewerLabels } from './viewer-labels';
import { useReviewedReplay } from './review/use-reviewed-replay';

export interface ViewerReplayProps {
  readonly log: ViewerLog;
  readonly labels: ViewerLabels;
  readonly filter: ReplayFilter;
  readonly onFilterChange: (filter: ReplayFilter) => void;
  /** The replay's view: its rows or every image of the session. */
  readonly view: ReplayView;
  readonly onViewChange: (view: ReplayView) => void;
  /** False while the log is first read: rows arriving then are the log's beginning, not news to follow. */
  readonly live: boolean;
  /** False when the log cannot grow (an exported file): no "Follow the end of the log" is offered. Default true. */
  readonly followable?: boolean;
  /** The session whose verdicts the replay shows and gives (`current` when the server serves one file). Default `current`. */
  readonly sessionId?: string;
  /** False when this page may not write verdicts: they are shown, not given. Default true. */
  readonly canReview?: boolean;
  /** The review's words. Default `en`. */
  readonly locale?: Locale;
}

/** The review of the replay, from the props that name it. */
function useReviewOf(props: ViewerReplayProps): ReturnType<typeof useReviewedReplay> {
  const { log, sessionId = 'current', canReview = true, locale = 'en' } = props;
  return useReviewedReplay({ log, sessionId, canReview, locale });
}

/** "Follow the end of the log": every event, and the newest row kept in view as lines arrive. */
function FollowToggle({
  labels,
  following,
  onChange,
}: {
  readonly labels: ViewerLabels;
  readonly following: boolean;
  readonly onChange: (on: boolean) => void;
}): ReactNode {
  const id = useId();
  return (
    <p className="replay-follow">
      <input
        id={id}
        type="checkbox"
        checked={following}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <label htmlFor={id}>{labels.followEnd}</label>
    </p>
  );
}

/**
 * Our own log with a step control: by default it follows the end of a growing log; a step pins the
 * replay to the log as it stood then (a call running before its result, settled after), and the
 * toggle follows the end again.
 */
function SteppedReplay(props: ViewerReplayProps & { readonly log: ParsedSessionLog }): ReactNode {
  const { log, labels, filter, onFilterChange, view, onViewChange, live, followable = true } = props;
  const review = useReviewOf(props);
  const [pinned, setPinned] = useState<number | null>(null);
  const shown = useMemo(() => (pinned === null ? log : logAtEvent(log, pinned)), [log, pinned]);
  const toolbar = (
    <div className="replay-toolbar">
      <StepControl log={log} shown={pinned} onShownChange={setPinned} />
      {followable && (
        <FollowToggle
          labels={labels}
          following={pinned === null}
          onChange={(on) => {
            setPinned(on ? null : log.events.length);
          }}
        />
      )}
      {review.toolbar}
    </div>
  );
  return review.provide(
    <SessionReplay
      log={shown}
      filter={filter}
      onFilterChange={onFilterChange}
      view={view}
      onViewChange={onViewChange}
      showFacts
      toolbar={toolbar}
      followEnd={live && pinned === null}
      {...review.replayProps}
    />,
  );
}

/** Another agent's session: read whole, followed as it grows unless the person turns that off. */
function ConversationReplay(props: ViewerReplayProps): ReactNode {
  const { log, labels, filter, onFilterChange, view, onViewChange, live, followable = true } = props;
  const review = useReviewOf(props);
  const [following, setFollowing] = useState(true);
  const toolbar = (
    <div className="replay-toolbar">
      {followable && <FollowToggle labels={labels} following={following} onChange={setFollowing} />}
      {review.toolbar}
    </div>
  );
  return review.provide(
    <SessionReplay
      log={log}
      filter={filter}
      onFilterChange={onFilterChange}
      view={view}
      onViewChange={onViewChange}
      showFacts
      toolbar={toolbar}
      followEnd={live && following}
      {...review.replayProps}
    />,
  );
}

/** The replay of whichever log the viewer holds. */
export function ViewerReplay(props: ViewerReplayProps): ReactNode {
  const { log } = props;
  return isConversationLog(log) ? <ConversationReplay {...props} /> : <SteppedReplay {...props} log={log} />;
}
