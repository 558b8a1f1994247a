import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';

import { parseReviewLine, type ReviewLine } from './review-line.ts';

/** A log's review file is the log's path with this added: `run.jsonl` → `run.jsonl.review.jsonl`. */
export const REVIEW_SUFFIX = '.review.jsonl';

/** Where review files go when not beside their logs (a read-only folder): under `dir`, at each log's path relative to `root`. */
export interface ReviewsElsewhere {
  readonly dir: string;
  readonly root: string;
}

/** The review file of `logPath`: beside it, or under `elsewhere.dir` mirroring its place under `elsewhere.root`. */
export function reviewFilePath(logPath: string, elsewhere?: ReviewsElsewhere): string {
  if (elsewhere === undefined) return `${logPath}${REVIEW_SUFFIX}`;
  const relative = path.relative(elsewhere.root, logPath);
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`${logPath} is not under ${elsewhere.root}`);
  return path.join(elsewhere.dir, `${relative}${REVIEW_SUFFIX}`);
}

/** What a review file says: the latest line per target, and the lines that could not be read. */
export interface SessionReview {
  readonly byTarget: ReadonlyMap<string, ReviewLine>;
  readonly problems: readonly { readonly line: number; readonly problem: string }[];
}

/**
 * Reads a review file; a missing one is an empty review. Lines count in file order (appends land
 * in the order they were made), so the last line for a target stands. A last line without its
 * newline is being written and is not read yet; a malformed line is a problem, never a throw.
 */
export async function readReview(reviewPath: string): Promise<SessionReview> {
  let text: string;
  try {
    text = await readFile(reviewPath, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { byTarget: new Map(), problems: [] };
    throw cause;
  }
  return parseReview(text);
}

/** What the text of a review file says (as `readReview`, for a review file read from elsewhere: an S3 object). */
export function parseReview(text: string): SessionReview {
  const lines = text.split('\n');
  lines.pop(); // after the last newline: empty, or a line still being written
  const byTarget = new Map<string, ReviewLine>();
  const problems: { line: number; problem: string }[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parseReviewLine(line);
    if (parsed.ok) {
      byTarget.delete(parsed.line.target); // re-inserted: the map's order is the order verdicts were last given
      byTarget.set(parsed.line.target, parsed.line);
    } else problems.push({ line: index + 1, problem: parsed.problem });
  });
  return { byTarget, problems };
}

/**
 * Appends one line, durably (fsync), in one write: appends of other tabs or servers to the same
 * file interleave by whole lines (O_APPEND), so none is lost. A file whose last line was torn by
 * a crash gets a newline first, so this line is not glued to it.
 */
export async function appendReview(reviewPath: string, line: ReviewLine): Promise<void> {
  await mkdir(path.dirname(reviewPath), { recursive: true });
  const handle = await open(reviewPath, 'a+');
  try {
    const { size } = await handle.stat();
    const last = Buffer.alloc(1);
    const torn = size > 0 && (await handle.read(last, 0, 1, size - 1)).bytesRead === 1 && last[0] !== 0x0a;
    await handle.write(reviewLineText(line, torn));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The text that appends `line`: a line of JSON, after a newline when the file ends in a torn line (one without its newline). */
export function reviewLineText(line: ReviewLine, afterTornLine: boolean): string {
  return `${afterTornLine ? '\n' : ''}${JSON.stringify(line)}\n`;
}
