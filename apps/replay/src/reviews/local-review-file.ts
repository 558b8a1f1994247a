import { appendReview, readReview, type SessionReview } from './review-file.ts';
import type { ReviewLine } from './review-line.ts';

/** A session's review file wherever it is kept (beside a local log, or an S3 object): what the review route reads and appends to. */
export interface ReviewFile {
  read(): Promise<SessionReview>;
  append(line: ReviewLine): Promise<void>;
}

/** A verdict that could not be kept, in words the reviewer can act on (the review route shows them on the page). */
export class ReviewNotSavedError extends Error {
  override readonly name = 'ReviewNotSavedError';
}

/** The review file at `reviewPath` on this machine (see `reviewFilePath`). */
export function localReviewFile(reviewPath: string): ReviewFile {
  return {
    read: () => readReview(reviewPath),
    append: (line) => appendReview(reviewPath, line),
  };
}
