import path from 'node:path';

import { localReviewFile, type ReviewFile } from '../reviews/local-review-file.ts';
import { reviewFilePath } from '../reviews/review-file.ts';
import { formatS3Location } from '../s3/s3-location.ts';
import { S3SessionMirror } from '../s3/s3-session-mirror.ts';
import { SessionIndex } from '../workbench/session-index.ts';
import type { ReplayOptions } from './args.ts';

/** The workbench's sources: the index of every session given, and where each one's verdicts are kept. */
export interface Workbench {
  readonly index: SessionIndex;
  reviewFileOf(sessionId: string, logPath: string): ReviewFile | undefined;
  close(): Promise<void>;
}

/**
 * Mirrors each `s3://` location into its own folder of the cache (only changed objects are fetched,
 * see S3SessionMirror), then indexes those folders with the local ones; the server listens at once
 * and the page shows rows as the first pass summarises them. A session of a bucket keeps its
 * verdicts in the bucket (conditional writes), unless `--reviews DIR` is given; any other beside its log or under DIR.
 */
export async function openWorkbench(options: ReplayOptions, say: (message: string) => void, onError: (error: unknown) => void): Promise<Workbench> {
  const mirrors: S3SessionMirror[] = [];
  try {
    for (const location of options.buckets) {
      const folder = path.join(options.cacheDir, 's3', location.bucket, ...location.prefix.split('/').filter((part) => part !== ''));
      const mirror = new S3SessionMirror({ location, folder, onError });
      mirrors.push(mirror);
      const started = performance.now();
      const sync = await mirror.start();
      say(
        `mirrored ${formatS3Location(location)}: ${String(sync.downloaded.length)} fetched, ${String(sync.unchanged)} unchanged (${Math.round(performance.now() - started)} ms)`,
      );
    }
  } catch (error) {
    await Promise.all(mirrors.map((mirror) => mirror.close()));
    throw error;
  }
  const index = new SessionIndex({
    roots: [...options.paths, ...mirrors.map((mirror) => mirror.folder)],
    cacheDir: options.cacheDir,
    ...(options.reviewsDir === undefined ? {} : { reviews: { dir: options.reviewsDir } }),
    onError,
  });
  const started = performance.now();
  index.start().then(
    () => {
      say(`indexed ${String(index.answer().sessions.length)} sessions in ${Math.round(performance.now() - started)} ms`);
    },
    (error: unknown) => {
      say(`indexing failed: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
  return {
    index,
    reviewFileOf(sessionId, logPath) {
      const inBucket = options.reviewsDir === undefined ? mirrors.map((mirror) => mirror.reviewFileOf(logPath)).find((file) => file !== undefined) : undefined;
      return inBucket ?? localReviewFile(index.reviewPathOf(sessionId) ?? reviewFilePath(logPath));
    },
    async close() {
      await index.close();
      await Promise.all(mirrors.map((mirror) => mirror.close()));
    },
  };
}
