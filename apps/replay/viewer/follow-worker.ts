// The viewer's Web Worker: fetches, decodes and parses the log off the page's thread, and sends the
// page its status and the log's snapshots (only what each one appended).
import { SessionLogSender } from '@toolcard/ui-tool-image';

import { followLog } from './follow-log';
import type { FollowMessage } from './follow-protocol';

/** The member of a dedicated worker's global scope this uses (the DOM lib types `self` as a window). */
interface WorkerScope {
  postMessage: (message: FollowMessage) => void;
}

const scope = self as unknown as WorkerScope;
const post = (message: FollowMessage): void => {
  scope.postMessage(message);
};
const sender = new SessionLogSender(post);

void followLog({
  onLog: (log, startedOver) => {
    if (startedOver) sender.restart();
    sender.send(log);
  },
  onStatus: (status) => {
    post({ kind: 'status', status });
  },
});
