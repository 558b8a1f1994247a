import type { Locale, SessionReplayProps } from '@toolcard/ui-tool-image';
import { useMemo, useState, type ReactNode } from 'react';

import { callTarget } from '../../src/reviews/review-line';
import { useDataSource } from '../data-source';
import type { ViewerLog } from '../viewer-log';
import { callIdsInOrder } from './call-order';
import { ReviewContext, type ReviewContextValue, type ReviewSubject } from './review-context';
import { ReviewFilters } from './review-filters';
import { useReviewKeys } from './review-keys';
import { REVIEW_LABELS } from './review-labels';
import { NO_STANDING, nextUnreviewed, reviewCallFilter } from './review-state';
import { linkTo, targetOf } from './review-url';
import { useReview } from './use-review';
import { useReviewPlace } from './use-review-place';
import './review.css';

export interface ReviewedReplayOptions {
  readonly log: ViewerLog;
  /** The session the verdicts are of (`current` when the server serves one file). */
  readonly sessionId: string;
  /** False: verdicts are shown, not given (the server would refuse them). */
  readonly canReview: boolean;
  readonly locale: Locale;
}

export interface ReviewedReplay {
  /** What the replay is told: the call and image the URL opens, the review filters. */
  readonly replayProps: Pick<SessionReplayProps, 'openCall' | 'onOpenCallChange' | 'openImage' | 'onOpenImageChange' | 'callFilter'>;
  /** The review filters and what went wrong, for the replay's toolbar. */
  readonly toolbar: ReactNode;
  /** Puts the replay inside the review, so the controls in its rows and lightbox find it. */
  readonly provide: (replay: ReactNode) => ReactNode;
}

/** A session replay with verdicts: controls on every call and image, keys, filters, links that reopen a call or an image. */
export function useReviewedReplay({ log, sessionId, canReview, locale }: ReviewedReplayOptions): ReviewedReplay {
  const labels = REVIEW_LABELS[locale];
  const source = useDataSource();
  const client = useMemo(() => source.reviews(sessionId), [source, sessionId]);
  const store = useReview(client);
  const [place, changePlace] = useReviewPlace();
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<ReviewContextValue['notice']>(null);
  const [jumpNotice, setJumpNotice] = useState('');
  const { reviews, problem } = store;
  const callFilter = useMemo(() => reviewCallFilter(reviews, place.review), [reviews, place.review]);

  const copyLink = (subject: ReviewSubject): void => {
    const url = linkTo(window.location.href, subject);
    const say = (text: string): void => {
      setNotice({ target: callTarget(subject.callId, subject.index), text });
    };
    // The Clipboard API is there only in a secure context (not on a team network's plain http).
    if (typeof navigator.clipboard === 'undefined') say(labels.linkNotCopied(url));
    else
      navigator.clipboard.writeText(url).then(
        () => {
          say(labels.linkCopied);
        },
        () => {
          say(labels.linkNotCopied(url));
        },
      );
  };

  const current = targetOf(place);
  useReviewKeys(
    {
      verdict: (verdict) => {
        if (!canReview || current === null) return;
        store.give(current, { ...(reviews.get(current) ?? NO_STANDING), verdict });
      },
      note: () => {
        if (canReview && current !== null) setEditing(current);
      },
      jump: (direction) => {
        const next = nextUnreviewed(callIdsInOrder(log), place.call, direction, reviews);
        setJumpNotice(next === undefined ? labels.noUnreviewed : '');
        if (next !== undefined) changePlace({ call: next });
      },
    },
    place.image !== null,
  );

  const saveProblem = problem?.kind === 'save' && problem.target !== undefined ? { target: problem.target, text: labels.saveFailed(problem.reason) } : null;
  const context: ReviewContextValue = { store, canReview, labels, editing, setEditing, copyLink, notice: saveProblem ?? notice };

  return {
    replayProps: {
      openCall: place.call,
      onOpenCallChange: (call) => {
        changePlace({ call });
      },
      openImage: place.image,
      onOpenImageChange: (image) => {
        changePlace({ image });
      },
      ...(callFilter === undefined ? {} : { callFilter }),
    },
    toolbar: (
      <div className="review-toolbar">
        <ReviewFilters
          labels={labels}
          chosen={place.review}
          onChange={(review) => {
            changePlace({ review });
          }}
        />
        {canReview ? null : <p className="review-toolbar__note">{labels.readOnly}</p>}
        <p role="alert" className="review-toolbar__problem">
          {problem === null ? '' : problem.kind === 'load' ? labels.loadFailed(problem.reason) : labels.saveFailed(problem.reason)}
        </p>
        <p role="status" className="review-toolbar__status">
          {jumpNotice}
        </p>
      </div>
    ),
    provide: (replay) => <ReviewContext.Provider value={context}>{replay}</ReviewContext.Provider>,
  };
}
