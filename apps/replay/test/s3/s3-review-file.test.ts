import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';

import { startS3Server } from '../../../../packages/host-read-image/test/support/s3-server.ts';
import { localReviewFile, type ReviewFile } from '../../src/reviews/local-review-file.ts';
import { callTarget, type ReviewLine } from '../../src/reviews/review-line.ts';
import { S3ReviewFile } from '../../src/s3/s3-review-file.ts';
import { useTempDirs } from '../temp-dirs.ts';
import { putObject, useS3Server } from './support/s3.ts';

const tempDir = useTempDirs();
const s3 = useS3Server();
let keys = 0;
const freshKey = () => `reviews-${String(++keys)}/run.jsonl.review.jsonl`;

function verdict(target: string, value: ReviewLine['verdict'], reviewer = 'qa'): ReviewLine {
  return { at: '2026-12-04T10:00:00.000Z', reviewer, target, verdict: value };
}

async function objectText(client: S3Client, bucket: string, key: string): Promise<string> {
  const output = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await output.Body?.transformToString()) ?? '';
}

/** A review file as a second server would have it: its own client. */
function server(key: string): { file: S3ReviewFile; client: S3Client } {
  const client = new S3Client(s3.server().clientConfig());
  return { file: new S3ReviewFile({ client, bucket: s3.server().bucket, key }), client };
}

describe('S3ReviewFile: appends as conditional rewrites of the review object', () => {
  it('two servers appending 50 verdicts each at once lose none (some writes lost the race and were retried)', async () => {
    const key = freshKey();
    const [a, b] = [server(key), server(key)];
    const refusedBefore = s3.server().puts.preconditionFailed;
    try {
      await Promise.all([
        ...Array.from({ length: 50 }, (_, index) => a.file.append(verdict(callTarget(`a${String(index)}`), 'pass', 'server-a'))),
        ...Array.from({ length: 50 }, (_, index) => b.file.append(verdict(callTarget(`b${String(index)}`), 'fail', 'server-b'))),
      ]);
      const { byTarget, problems } = await a.file.read();
      expect(problems).toEqual([]);
      expect(byTarget.size).toBe(100);
      expect((await objectText(a.client, s3.server().bucket, key)).split('\n')).toHaveLength(101);
      expect(s3.server().puts.preconditionFailed).toBeGreaterThan(refusedBefore);
    } finally {
      a.client.destroy();
      b.client.destroy();
    }
  }, 60_000);

  it('reads no object as no review; a torn or malformed remote line stays a problem, and the next append is not glued to it', async () => {
    const key = freshKey();
    const { file, client } = server(key);
    try {
      expect(await file.read()).toEqual({ byTarget: new Map(), problems: [] });
      const good = JSON.stringify(verdict('call:c1', 'pass'));
      await putObject(s3.admin(), s3.server().bucket, key, `not json\n${good}\n\u00ff\u0000garbage\n${good.slice(0, 25)}`);
      const before = await file.read();
      expect([...before.byTarget.keys()]).toEqual(['call:c1']);
      expect(before.problems.map(({ line }) => line)).toEqual([1, 3]);

      await file.append(verdict('call:c2', 'fail'));
      const after = await file.read();
      expect([...after.byTarget.keys()]).toEqual(['call:c1', 'call:c2']);
      expect(after.problems.map(({ line }) => line)).toEqual([1, 3, 4]);
      expect(await objectText(client, s3.server().bucket, key)).toBe(
        `not json\n${good}\n\u00ff\u0000garbage\n${good.slice(0, 25)}\n${JSON.stringify(verdict('call:c2', 'fail'))}\n`,
      );
    } finally {
      client.destroy();
    }
  });

  it('gives up with a clear error after its attempts when other writers always come first', async () => {
    const pairing = await startS3Server({ conditionalWrites: true }); // the first create of a key waits for a second: they race
    const key = 'run.jsonl.review.jsonl';
    const clients = [new S3Client(pairing.clientConfig()), new S3Client(pairing.clientConfig())];
    try {
      const [first, second] = clients.map((client) => new S3ReviewFile({ client, bucket: pairing.bucket, key, maxAttempts: 1 }));
      const results = await Promise.allSettled([first?.append(verdict('call:c1', 'pass')), second?.append(verdict('call:c2', 'pass'))]);
      expect(results.map(({ status }) => status).sort()).toEqual(['fulfilled', 'rejected']);
      const failure = results.find((result) => result.status === 'rejected');
      expect(String(failure?.reason)).toBe(
        `ReviewNotSavedError: The verdict was not saved to s3://${pairing.bucket}/${key}: other reviewers changed the review file first 1 times in a row. Try again.`,
      );
    } finally {
      for (const client of clients) client.destroy();
      await pairing.stop();
    }
  });

  it('tells its local copy the bytes and ETag of every read and append', async () => {
    const key = freshKey();
    const client = new S3Client(s3.server().clientConfig());
    const copies: string[] = [];
    const file = new S3ReviewFile({
      client,
      bucket: s3.server().bucket,
      key,
      localCopy: (bytes, etag) => {
        copies.push(`${etag} ${String(bytes.byteLength)}`);
        return Promise.resolve();
      },
    });
    try {
      await file.read(); // no object: nothing to copy
      await file.append(verdict('call:c1', 'pass'));
      await file.read();
      const size = Buffer.byteLength(`${JSON.stringify(verdict('call:c1', 'pass'))}\n`);
      expect(copies).toHaveLength(2);
      expect(copies[0]).toMatch(new RegExp(`^"[0-9a-f]{32}" ${String(size)}$`));
      expect(copies[1]).toBe(copies[0]);
    } finally {
      client.destroy();
    }
  });
});

describe('localReviewFile: the same interface over a review file on disk', () => {
  it('appends and reads as appendReview and readReview do', async () => {
    const reviewPath = path.join(await tempDir(), 'run.jsonl.review.jsonl');
    const file: ReviewFile = localReviewFile(reviewPath);
    await file.append(verdict('call:c1', 'fail'));
    await file.append(verdict('call:c1', 'pass'));
    expect([...(await file.read()).byTarget.values()]).toEqual([verdict('call:c1', 'pass')]);
    expect((await readFile(reviewPath, 'utf8')).split('\n')).toHaveLength(3);
  });
});
