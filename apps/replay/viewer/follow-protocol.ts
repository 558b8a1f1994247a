import type { FollowStatus } from './follow-log';
import type { ViewerLogMessage } from './viewer-log-stream';

/** What the follow worker tells the page: the log and its status. */
export type FollowMessage = ViewerLogMessage | { readonly kind: 'status'; readonly status: FollowStatus };

/** What the page tells the follow worker: it has shown the last snapshot (the worker sends the next one only then). */
export interface ShownMessage {
  readonly kind: 'shown';
}
