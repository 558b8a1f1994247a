import type { SessionLogMessage } from '@toolcard/ui-tool-image';

import type { FollowStatus } from './follow-log';

/** What the follow worker tells the page: the log (the UI package's `SessionLogSender` messages) and its status. */
export type FollowMessage = SessionLogMessage | { readonly kind: 'status'; readonly status: FollowStatus };
