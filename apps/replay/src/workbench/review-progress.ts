import { readReview } from '../reviews/review-file.ts';
import type { ReviewProgress } from '../../wire/workbench.ts';

/** A session's review as the index keeps it: its progress, and its notes' text for search (lowercased). */
export interface ReviewState {
  readonly progress: ReviewProgress;
  readonly notesText: string;
}

/** The review state of a session with `targets` calls and images, no review file read yet. */
export function unreviewed(targets: number): ReviewState {
  return { progress: { reviewed: 0, of: targets, failed: 0, notes: 0 }, notesText: '' };
}

/**
 * What the review file at `reviewPath` says of a session with `targets` calls and images: targets
 * with a standing verdict or note, failures, notes. A missing file is no review.
 */
export async function reviewStateOf(reviewPath: string, targets: number): Promise<ReviewState> {
  const { byTarget } = await readReview(reviewPath);
  let reviewed = 0;
  let failed = 0;
  const notes: string[] = [];
  for (const line of byTarget.values()) {
    if (line.verdict !== null || line.note !== undefined) reviewed += 1;
    if (line.verdict === 'fail') failed += 1;
    if (line.note !== undefined) notes.push(line.note);
  }
  return { progress: { reviewed, of: targets, failed, notes: notes.length }, notesText: notes.join('\n').toLowerCase() };
}
