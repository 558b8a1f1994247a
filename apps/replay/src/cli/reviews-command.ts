import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { readReview, REVIEW_SUFFIX, reviewFilePath } from '../reviews/review-file.ts';
import { formatReviews, hasFailure, REVIEW_FORMATS, type ReviewedSession, type ReviewFormat } from '../reviews/review-report.ts';
import { openS3Client } from '../s3/s3-client.ts';
import { objectsUnder } from '../s3/s3-listing.ts';
import { isS3Url, parseS3Location, type S3Location } from '../s3/s3-location.ts';
import { S3ReviewFile } from '../s3/s3-review-file.ts';
import { ReplayUsageError, REVIEWS_USAGE } from './args.ts';

/** What `reviews` prints, and its exit code: 1 when a standing verdict is Fail (a CI step fails on it), else 0. */
export interface ReviewsOutput {
  readonly text: string;
  readonly exitCode: 0 | 1;
}

/**
 * `pnpm replay reviews <path>… --format json|csv|junit`: the standing verdicts of each session,
 * read from the review file beside its log. A file is a session log (or its review file); a folder
 * is searched for review files; an `s3://bucket/prefix` is listed for review objects. Sessions are
 * named by their log's path relative to `cwd` (in a bucket, by the log's URL).
 */
export async function runReviewsCommand(argv: readonly string[], cwd: string): Promise<ReviewsOutput> {
  const { values, positionals } = parseReviewsArgs(argv);
  if (positionals.length === 0) throw new ReplayUsageError(`name at least one session file or folder\n${REVIEWS_USAGE}`);
  const format = values.format as ReviewFormat;
  const local = positionals.filter((given) => !isS3Url(given));
  const buckets = positionals.filter(isS3Url).map((given) => {
    try {
      return parseS3Location(given);
    } catch (cause) {
      throw new ReplayUsageError(cause instanceof Error ? cause.message : String(cause));
    }
  });
  const reviewFiles = (await Promise.all(local.map((given) => reviewFilesOf(path.resolve(cwd, given))))).flat();
  const sessions: ReviewedSession[] = [];
  for (const file of [...new Set(reviewFiles)]) {
    sessions.push({ session: path.relative(cwd, file.slice(0, -REVIEW_SUFFIX.length)), review: await readReview(file) });
  }
  for (const location of buckets) sessions.push(...(await bucketReviews(location)));
  return { text: formatReviews(sessions, format), exitCode: hasFailure(sessions) ? 1 : 0 };
}

function parseReviewsArgs(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { format: { type: 'string', default: 'json' } }, allowPositionals: true, strict: true });
  } catch (cause) {
    throw new ReplayUsageError(`${cause instanceof Error ? cause.message : String(cause)}\n${REVIEWS_USAGE}`);
  }
  if (!(REVIEW_FORMATS as readonly string[]).includes(parsed.values.format)) {
    throw new ReplayUsageError(`--format must be one of ${REVIEW_FORMATS.join(', ')}, got ${JSON.stringify(parsed.values.format)}`);
  }
  return parsed;
}

/** Every review object under an S3 prefix (the SDK's usual environment, see openS3Client), its session named by its log's URL. */
async function bucketReviews(location: S3Location): Promise<ReviewedSession[]> {
  const { client } = openS3Client(undefined);
  try {
    const sessions: ReviewedSession[] = [];
    for await (const { key } of objectsUnder(client, location)) {
      if (!key.endsWith(REVIEW_SUFFIX)) continue;
      const review = await new S3ReviewFile({ client, bucket: location.bucket, key }).read();
      sessions.push({ session: `s3://${location.bucket}/${key.slice(0, -REVIEW_SUFFIX.length)}`, review });
    }
    return sessions;
  } finally {
    client.destroy();
  }
}

/** The review files a path names: a log's (present or not), a review file itself, or every one under a folder. */
async function reviewFilesOf(target: string): Promise<string[]> {
  let info;
  try {
    info = await stat(target);
  } catch {
    throw new ReplayUsageError(`${target} does not exist`);
  }
  if (info.isFile()) return [target.endsWith(REVIEW_SUFFIX) ? target : reviewFilePath(target)];
  if (!info.isDirectory()) throw new ReplayUsageError(`${target} is neither a file nor a folder`);
  const entries = await readdir(target, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(REVIEW_SUFFIX))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
