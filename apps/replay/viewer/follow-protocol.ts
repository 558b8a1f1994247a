import type { SessionLogMessage } from '@toolcard/ui-tool-image';

import type { FollowStatus } from './follow-log';

/** What the follow worker tells the page: the log (the UI package's `SessionLogSender` messages) and its status. */
export type FollowMessage = SessionLogMessage | { readonly kind: 'status'; readonly status: FollowStatus };

/** What the page tells the follow worker: it has shown the last snapshot (the worker sends the next one only then). */
export interface ShownMessage {
  readonly kind: 'shown';
}
