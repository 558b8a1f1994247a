import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { startS3Server, type S3TestServer } from '../../../packages/host-read-image/test/support/s3-server.ts';
import { parseReview } from '../src/reviews/review-file.ts';
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { runReplay, startReplay } from './support/replay-process.ts';
import { useTempDirs } from './temp-dirs.ts';
import { readWhole, threeFormatFolder } from './workbench/session-folder.ts';

/*
 * The workbench on `s3://bucket/prefix`: the real bin with the AWS SDK's usual environment pointed
 * at s3rver (started here), Debian's Chromium on its page.
 */

const tempDir = useTempDirs();
let browser: Browser;
let s3: S3TestServer;

beforeAll(async () => {
  await ensureViewerBuilt();
  browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
  s3 = await startS3Server({ conditionalWrites: true, pairCreates: false });
});
afterAll(async () => {
  await browser.close();
  await s3.stop();
});

/** Every file under `dir`, '/'-separated and relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('pnpm replay s3://bucket/prefix', () => {
  it('lists the sessions of a bucket folder with their counts, opens one, and keeps its verdict in the bucket', async () => {
    const dir = await tempDir();
    await threeFormatFolder(dir);
    const client = new S3Client(s3.clientConfig());
    const sessions = (await filesUnder(dir)).filter((file) => file.endsWith('.jsonl'));
    for (const file of sessions)
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `night/${file}`, Body: await readFile(path.join(dir, file)) }));
    const env = {
      AWS_ENDPOINT_URL: s3.endpoint,
      AWS_S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const server = await startReplay([`s3://${s3.bucket}/night`, '--cache', path.join(await tempDir(), 'cache'), '--reviewer', 'qa-s3'], { env });
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(server.url);
      await expect
        .poll(() => page.getByTestId('workbench-count').textContent(), { timeout: 30_000 })
        .toBe(`${String(sessions.length)} of ${String(sessions.length)} sessions`);
      const codex = 'codex/2026/01/10/rollout-2026-01-10T09-00-00-session-1.jsonl';
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp(codex.replaceAll('.', '\\.')) }) });
      const expected = await readWhole(path.join(dir, codex));
      expect((await row.locator('.wb-cell--images').textContent())?.trim()).toMatch(new RegExp(`^${String(expected.images)}(\\s|$)`));

      await row.getByRole('link').click();
      await page.getByText(/^Live: /).waitFor({ timeout: 60_000 });
      await page.locator('.tc-gallery__tile[data-status="ready"] img').first().waitFor();
      const pass = page.locator('.tc-row > .tc-row__header').first().getByRole('button', { name: 'Pass', exact: true });
      await pass.click();
      await expect.poll(() => pass.getAttribute('aria-pressed')).toBe('true');
      const reviewObject = async () => {
        const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `night/${codex}.review.jsonl` }));
        return parseReview((await answer.Body?.transformToString('utf8')) ?? '');
      };
      await expect.poll(async () => (await reviewObject()).byTarget.size, { timeout: 10_000 }).toBe(1);
      expect([...(await reviewObject()).byTarget.values()]).toEqual([expect.objectContaining({ verdict: 'pass', reviewer: 'qa-s3' })]);
      // CI reads the bucket's verdicts: a Pass, so exit 0, the session named by its URL.
      const printed = await runReplay(['reviews', `s3://${s3.bucket}/night`, '--format', 'csv'], { env });
      expect(printed.code, printed.stderr).toBe(0);
      expect(printed.stdout).toContain(`s3://${s3.bucket}/night/${codex},call:`);
      expect(printed.stdout).toContain(',pass,qa-s3,');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.stop();
      client.destroy();
    }
  });
});
