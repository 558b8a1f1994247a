import { useEffect, useState } from 'react';

import type { ReviewClient } from './review-client';
import { NO_STANDING, reviewsOf, standingOf, withStanding, type Reviews, type Standing } from './review-state';

export interface ReviewStore {
  readonly reviews: Reviews;
  /** Shows `standing` for `target` at once and sends it; on failure puts back what stood, unless a later change came meanwhile. */
  readonly give: (target: string, standing: Standing) => void;
  /** Why loading or the last save failed, in words; `null` once a save succeeds. */
  readonly problem: { readonly kind: 'load' | 'save'; readonly reason: string; readonly target?: string } | null;
}

/** The session's verdicts as the server keeps them, with the person's changes shown before the server confirms them. */
export function useReview(client: ReviewClient): ReviewStore {
  const [reviews, setReviews] = useState<Reviews>(() => new Map());
  const [problem, setProblem] = useState<ReviewStore['problem']>(null);

  useEffect(() => {
    const controller = new AbortController();
    client.load(controller.signal).then(
      (lines) => {
        // A verdict given while the page loaded stands over the file's.
        setReviews((given) => new Map([...reviewsOf(lines), ...given]));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setProblem({ kind: 'load', reason: reasonOf(error) });
      },
    );
    return () => {
      controller.abort();
    };
  }, [client]);

  const give = (target: string, standing: Standing): void => {
    const before = reviews.get(target) ?? NO_STANDING;
    setReviews((current) => withStanding(current, target, standing));
    client
      .send({ target, verdict: standing.verdict, ...(standing.note === '' ? {} : { note: standing.note }) })
      .then((line) => {
        setReviews((current) => (current.get(target) === standing ? withStanding(current, target, standingOf(line)) : current));
        setProblem(null);
      })
      .catch((error: unknown) => {
        setReviews((current) => (current.get(target) === standing ? withStanding(current, target, before) : current));
        setProblem({ kind: 'save', reason: reasonOf(error), target });
      });
  };

  return { reviews, give, problem };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
