import { S3AttachmentStore } from '@toolcard/host-read-image';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startS3Server, type S3TestServer } from '../../../packages/host-read-image/test/support/s3-server.ts';
import { recordedSession } from './support/recorded-session.ts';
import { startReplay } from './support/replay-process.ts';
import { useViewerBrowser } from './support/viewer-browser.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * Our own log whose images the harness kept in an S3 store: the real host adapter records into a
 * real `S3AttachmentStore` on s3rver (started here), the real bin serves it with `--store s3://…`
 * and the AWS SDK's usual environment, and Debian's Chromium shows the images.
 */

const tempDir = useTempDirs();
const { browser, defer } = useViewerBrowser();
let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.stop();
});

const READY_IMAGE = '.tc-gallery__tile[data-status="ready"] img';

function sdkEnvironment(): NodeJS.ProcessEnv {
  return {
    AWS_ENDPOINT_URL: s3.endpoint,
    AWS_S3_FORCE_PATH_STYLE: 'true',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

async function sessionInS3Store(prefix: string) {
  const store = new S3AttachmentStore({ bucket: s3.bucket, prefix, client: s3.clientConfig() });
  try {
    const session = await recordedSession(await tempDir(), { store });
    const red = await session.readImage('red.png');
    const blue = await session.readImage('blue.png');
    return { logPath: session.logPath, ids: [red.attachmentId, blue.attachmentId] };
  } finally {
    store.dispose();
  }
}

describe('pnpm replay --store s3://bucket/prefix', () => {
  it('shows the images of a session whose store is in a bucket, and only under the prefix given', async () => {
    const { logPath, ids } = await sessionInS3Store('harness/images');
    const server = await startReplay([logPath, '--store', `s3://${s3.bucket}/harness/images`], { env: sdkEnvironment() });
    defer(() => server.stop());
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    defer(() => page.close());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url);
    await expect.poll(() => page.locator(READY_IMAGE).count(), { timeout: 15_000 }).toBe(2);
    const sizes = await page
      .locator(READY_IMAGE)
      .evaluateAll((images) => images.map((image) => [(image as HTMLImageElement).naturalWidth, (image as HTMLImageElement).naturalHeight]));
    expect(sizes).toEqual([
      [30, 20],
      [30, 20],
    ]);
    for (const id of ids) expect((await fetch(new URL(`api/sessions/current/attachments/${id}`, server.url))).status).toBe(200);
    expect(errors).toEqual([]);

    // Another prefix of the same bucket is another store: nothing of this session is in it.
    const elsewhere = await startReplay([logPath, '--store', `s3://${s3.bucket}/other`], { env: sdkEnvironment() });
    defer(() => elsewhere.stop());
    for (const id of ids) expect((await fetch(new URL(`api/sessions/current/attachments/${id}`, elsewhere.url))).status).toBe(404);
  });
});
