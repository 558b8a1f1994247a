import type { Locale } from '@toolcard/ui-tool-image';
import { useMemo, useState } from 'react';

import { callTarget } from '../../src/reviews/review-line';
import { useDataSource } from '../data-source';
import type { ReviewContextValue, ReviewSubject } from './review-context';
import { REVIEW_LABELS } from './review-labels';
import { linkTo } from './review-url';
import { useReview } from './use-review';

export interface ReviewContextOptions {
  /** The session the verdicts are of. */
  readonly sessionId: string;
  readonly canReview: boolean;
  readonly locale: Locale;
  /** The page a copied link opens (a call or image of it); the current page by default. */
  readonly linkBase?: () => string;
}

const currentPage = (): string => window.location.href;

/** One session's verdicts as the review's controls share them: its store, the note being edited, copy-link notices. */
export function useReviewContext({ sessionId, canReview, locale, linkBase = currentPage }: ReviewContextOptions): ReviewContextValue {
  const labels = REVIEW_LABELS[locale];
  const source = useDataSource();
  const client = useMemo(() => source.reviews(sessionId), [source, sessionId]);
  const store = useReview(client);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<ReviewContextValue['notice']>(null);

  const copyLink = (subject: ReviewSubject): void => {
    const url = linkTo(linkBase(), subject);
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

  const { problem } = store;
  const saveProblem = problem?.kind === 'save' && problem.target !== undefined ? { target: problem.target, text: labels.saveFailed(problem.reason) } : null;
  return { store, canReview, labels, editing, setEditing, copyLink, notice: saveProblem ?? notice };
}
