import type { ConversationItem } from '@toolcard/ui-tool-image/model';

import { readServedLog } from './agent-log-contents.ts';

/** The items the viewer reads from a served log's text. */
export function viewerItems(text: string): readonly ConversationItem[] {
  return readServedLog(text).conversation.items;
}
