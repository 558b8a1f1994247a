import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { S3AttachmentStore } from '@toolcard/host-read-image';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { EXPORT_IMAGE_ATTRIBUTE } from '../wire/export.ts';
import { decodeExportBytes } from '../wire/export-bytes.ts';
import { useS3Server } from './s3/support/s3.ts';
import { claudeCodeTranscript } from './support/foreign-sessions.ts';
import { recordedSession } from './support/recorded-session.ts';
import { runReplay } from './support/replay-process.ts';
import { useTempDirs } from './temp-dirs.ts';
import { pasted, screenshot } from './workbench/session-folder.ts';

/*
 * What images an exported file carries, read back from its bytes as the page reads them
 * (windows-1252, each image's script element decoded): `--max-edge` and `--store s3://…`, through the real bin.
 */

const tempDir = useTempDirs();
const s3 = useS3Server();

/** The images a file carries, by attachment id, as the viewer decodes them. */
async function embeddedImages(file: string): Promise<Map<string, Uint8Array>> {
  const page = new TextDecoder('windows-1252').decode(await readFile(file));
  const images = new Map<string, Uint8Array>();
  for (const match of page.matchAll(
    new RegExp(`<script type="application/octet-stream" ${EXPORT_IMAGE_ATTRIBUTE}="current/([^"]+)"[^>]*>([^<]*)</script>`, 'g'),
  )) {
    images.set(match[1] ?? '', decodeExportBytes(match[2] ?? ''));
  }
  return images;
}

async function exportWithBin(
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ readonly file: string; readonly bytes: number; readonly stderr: string }> {
  const file = path.join(await tempDir(), 'report.html');
  const { code, stderr } = await runReplay(['export', ...args, '-o', file], env === undefined ? {} : { env });
  expect({ code, stderr }).toMatchObject({ code: 0 });
  return { file, bytes: (await stat(file)).size, stderr };
}

describe('pnpm replay export: the images the file carries', () => {
  it("another agent's file: its inline images are validated and carried, each as the store normalised it", async () => {
    const dir = await tempDir();
    const transcript = path.join(dir, 'c1a0de00-0000-4000-8000-000000000001.jsonl');
    await writeFile(transcript, claudeCodeTranscript(screenshot, pasted));
    const { file, stderr } = await exportWithBin([transcript]);
    expect(stderr).not.toContain('not in the store');
    const carried = [...(await embeddedImages(file)).values()];
    const sizes = await Promise.all(
      carried.map(async (bytes) => {
        const { width, height } = await sharp(bytes).metadata();
        return { width, height };
      }),
    );
    expect(sizes.sort((a, b) => a.width - b.width)).toEqual([
      { width: 30, height: 20 },
      { width: 40, height: 30 },
    ]);
  });

  it('--max-edge N: every image decodes with its longer side at most N, in the same aspect, and the file is smaller', async () => {
    const session = await recordedSession(await tempDir(), { imageSize: { width: 600, height: 400 } });
    const refs = [await session.readImage('red.png'), await session.readImage('blue.png')];
    const whole = await exportWithBin([session.logPath, '--store', session.storeDir]);
    const small = await exportWithBin([session.logPath, '--store', session.storeDir, '--max-edge', '60']);

    const originals = await embeddedImages(whole.file);
    const downscaled = await embeddedImages(small.file);
    expect([...downscaled.keys()].sort()).toEqual(refs.map((ref) => ref.attachmentId).sort());
    for (const ref of refs) {
      expect(await sharp(originals.get(ref.attachmentId)).metadata()).toMatchObject({ width: 600, height: 400, format: 'png' });
      expect(await sharp(downscaled.get(ref.attachmentId)).metadata()).toMatchObject({ width: 60, height: 40, format: 'png' });
    }
    expect(small.bytes).toBeLessThan(whole.bytes);
  });

  it('--store s3://bucket/prefix: the images are read from the bucket, byte for byte', async () => {
    const session = await recordedSession(await tempDir());
    const refs = [await session.readImage('red.png'), await session.readImage('green.png')];
    // The same images in a bucket, as a harness writing to S3 would have put them.
    const bucketStore = new S3AttachmentStore({ bucket: s3.server().bucket, prefix: 'night/store', client: s3.admin() });
    for (const ref of refs) {
      const { data } = await session.store.readImage(ref.attachmentId);
      expect((await bucketStore.saveImage({ data })).attachmentId).toBe(ref.attachmentId);
    }
    bucketStore.dispose();
    const env = {
      AWS_ENDPOINT_URL: s3.server().endpoint,
      AWS_S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const { file, stderr } = await exportWithBin([session.logPath, '--store', `s3://${s3.server().bucket}/night/store`], env);
    expect(stderr).toMatch(/2 images/);
    expect(stderr).not.toMatch(/not in the store/);
    const images = await embeddedImages(file);
    for (const ref of refs) expect(images.get(ref.attachmentId)).toEqual(new Uint8Array((await session.store.readImage(ref.attachmentId)).data));
  });
});
