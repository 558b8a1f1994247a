import type { ToolCallNode } from '@toolcard/ui-tool-image';

import { callTarget, type ReviewLine, type Verdict } from '../../src/reviews/review-line';

/** What stands for one target: its verdict and note. */
export interface Standing {
  readonly verdict: Verdict;
  readonly note: string;
}

export const NO_STANDING: Standing = { verdict: null, note: '' };

/** The standing verdict per target (`call:<id>`, `call:<id>/image:<n>`). */
export type Reviews = ReadonlyMap<string, Standing>;

export function standingOf(line: ReviewLine): Standing {
  return { verdict: line.verdict, note: line.note ?? '' };
}

export function reviewsOf(lines: readonly ReviewLine[]): Reviews {
  return new Map(lines.map((line) => [line.target, standingOf(line)]));
}

export function withStanding(reviews: Reviews, target: string, standing: Standing): Reviews {
  const next = new Map(reviews);
  next.set(target, standing);
  return next;
}

/** The filters the review adds to the find bar's. */
export const REVIEW_FILTERS = ['unreviewed', 'failed', 'notes'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export function isReviewFilter(value: string): value is ReviewFilter {
  return REVIEW_FILTERS.some((filter) => filter === value);
}

/** What a call's own target and its images' targets say, together. */
interface CallReview {
  readonly verdict: Verdict;
  readonly failed: boolean;
  readonly noted: boolean;
}

const TARGET = /^call:([^/\s]+)(\/image:\d+)?$/;

function callReviews(reviews: Reviews): Map<string, CallReview> {
  const byCall = new Map<string, CallReview>();
  for (const [target, standing] of reviews) {
    const match = TARGET.exec(target);
    const callId = match?.[1];
    if (callId === undefined) continue;
    const own = match?.[2] === undefined;
    const known = byCall.get(callId) ?? { verdict: null, failed: false, noted: false };
    byCall.set(callId, {
      verdict: own ? standing.verdict : known.verdict,
      failed: known.failed || standing.verdict === 'fail',
      noted: known.noted || standing.note !== '',
    });
  }
  return byCall;
}

/**
 * The replay's `callFilter` for the review filters chosen (any of them lets a call through):
 * unreviewed — the call has no Pass or Fail of its own; failed — it or one of its images failed;
 * with notes — it or one of its images has a note. `undefined` when none is chosen.
 */
export function reviewCallFilter(reviews: Reviews, filters: readonly ReviewFilter[]): ((call: ToolCallNode) => boolean) | undefined {
  if (filters.length === 0) return undefined;
  const byCall = callReviews(reviews);
  return (call) => {
    const review = byCall.get(call.callId);
    return filters.some((filter) => {
      if (filter === 'unreviewed') return (review?.verdict ?? null) === null;
      if (filter === 'failed') return review?.failed === true;
      return review?.noted === true;
    });
  };
}

/** The next call (`direction` 1) or previous one (-1) after `from` in log order whose own verdict is not given; `undefined` when none is. */
export function nextUnreviewed(callIds: readonly string[], from: string | null, direction: 1 | -1, reviews: Reviews): string | undefined {
  const start = from === null ? -1 : callIds.indexOf(from);
  const count = callIds.length;
  const first = start === -1 ? (direction === 1 ? 0 : count - 1) : start + direction;
  for (let at = first; at >= 0 && at < count; at += direction) {
    const callId = callIds[at];
    if (callId !== undefined && (reviews.get(callTarget(callId))?.verdict ?? null) === null) return callId;
  }
  return undefined;
}
