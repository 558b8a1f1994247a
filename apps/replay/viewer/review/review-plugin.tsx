import type { CallActionsOwnerProps, ImageActionsOwnerProps, ToolCardPlugin } from '@toolcard/ui-tool-image';
import type { ReactNode } from 'react';

import { VerdictControls } from './verdict-controls';

function CallReviewActions({ node }: CallActionsOwnerProps): ReactNode {
  return <VerdictControls subject={{ callId: node.callId }} place="row" />;
}

function ImageReviewActions({ callId, index }: ImageActionsOwnerProps): ReactNode {
  return callId === undefined ? null : <VerdictControls subject={{ callId, index }} place="lightbox" />;
}

/**
 * Puts the review's controls on every call's row and on the image open in the lightbox. They show
 * only inside a reviewed replay (its `ReviewContext`); anywhere else the slots stay empty.
 */
export const reviewActions: ToolCardPlugin = (registry) => {
  const disposeCall = registry.register('tool.call.actions', { owner: 'replay-review', component: CallReviewActions });
  const disposeImage = registry.register('lightbox.image.actions', { owner: 'replay-review', component: ImageReviewActions });
  return () => {
    disposeCall();
    disposeImage();
  };
};

/** What the viewer's `ToolCardProvider` is given: one list, so the provider sees the same array on every render. */
export const REVIEW_PLUGINS: readonly ToolCardPlugin[] = [reviewActions];
