import { createContext } from 'react';

import type { ReviewLabels } from './review-labels';
import type { ReviewStore } from './use-review';

/** A call, or one of its images (index from 0). */
export interface ReviewSubject {
  readonly callId: string;
  readonly index?: number | undefined;
}

/** What the review's controls in every row and in the lightbox share; `null` outside a reviewed replay. */
export interface ReviewContextValue {
  readonly store: ReviewStore;
  readonly canReview: boolean;
  readonly labels: ReviewLabels;
  /** The target whose note editor is open, if any. */
  readonly editing: string | null;
  readonly setEditing: (target: string | null) => void;
  readonly copyLink: (subject: ReviewSubject) => void;
  /** What was last said about one target's controls ("Link copied."), shown beside them. */
  readonly notice: { readonly target: string; readonly text: string } | null;
}

export const ReviewContext = createContext<ReviewContextValue | null>(null);
