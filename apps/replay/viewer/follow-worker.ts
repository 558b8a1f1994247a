// The viewer's Web Worker: fetches, decodes and parses the log off the page's thread, and sends the
// page its status and the log's snapshots (each only what it appended), paced by the page.
import { followLog, type FollowStatus } from './follow-log';
import type { FollowMessage, ShownMessage } from './follow-protocol';
import { PacedLogSender } from './paced-sender';
import { sessionApi } from './session-api';
import { ViewerLogSender } from './viewer-log-stream';

/**
 * New events per snapshot: building their rows, with the find bar's pass over every row, stays a
 * few tens of milliseconds on the page (measured on the 30 000-call log: 5 000 left several
 * snapshot tasks at 50–100 ms, 2 500 none but the first mount). That log arrives in 26 snapshots.
 */
const EVENTS_PER_SNAPSHOT = 2500;

/** The members of a dedicated worker's global scope this uses (the DOM lib types `self` as a window). */
interface WorkerScope {
  /** The session id: the page names the worker after the session it follows. */
  readonly name: string;
  postMessage: (message: FollowMessage) => void;
  onmessage: ((event: MessageEvent<ShownMessage>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const post = (message: FollowMessage): void => {
  scope.postMessage(message);
};
const paced = new PacedLogSender(new ViewerLogSender(post), EVENTS_PER_SNAPSHOT);
// "Live" waits until the page has been sent the whole log (until then the last progress stands).
let liveWhenCaughtUp = false;
const tellLiveIfCaughtUp = (): void => {
  if (!liveWhenCaughtUp || !paced.caughtUp) return;
  liveWhenCaughtUp = false;
  post({ kind: 'status', status: { kind: 'live' } });
};

scope.onmessage = () => {
  paced.pageShowedLast();
  tellLiveIfCaughtUp();
};

void followLog({
  logUrl: `${sessionApi(scope.name)}/log`,
  onLog: (log, startedOver) => {
    paced.update(log, startedOver);
  },
  onStatus: (status: FollowStatus) => {
    liveWhenCaughtUp = status.kind === 'live';
    if (liveWhenCaughtUp) tellLiveIfCaughtUp();
    else post({ kind: 'status', status });
  },
});
