import type { ConversationItem, ToolCallNode } from '@toolcard/ui-tool-image/model';

import { targetCallId, type ReviewLine } from '../reviews/review-line.ts';

/**
 * The verdicts and notes on the calls `items` hold (at every depth) and on their images: a file cut
 * down to a filter carries no word on a call it dropped, which its reader could not see and whose
 * note may say what the filter was meant to leave out.
 */
export function reviewsOfItems(reviews: readonly ReviewLine[], items: readonly ConversationItem[]): ReviewLine[] {
  const callIds = new Set<string>();
  const add = (node: ToolCallNode): void => {
    callIds.add(node.callId);
    node.children.forEach(add);
  };
  for (const item of items) if (item.kind === 'call') add(item.node);
  return reviews.filter((review) => callIds.has(targetCallId(review.target)));
}
