import { buildToolCalls, type ToolCallNode } from '@toolcard/ui-tool-image';

import { isConversationLog, type ViewerLog } from '../viewer-log';

/** Every call of the log, nested ones under their parent, in the order the replay shows them. */
export function callIdsInOrder(log: ViewerLog): string[] {
  const roots = isConversationLog(log) ? log.conversation.items.flatMap((item) => (item.kind === 'call' ? [item.node] : [])) : buildToolCalls(log.events).roots;
  const ids: string[] = [];
  const visit = (node: ToolCallNode): void => {
    ids.push(node.callId);
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  return ids;
}
