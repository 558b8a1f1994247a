import { rename, rm } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';
import { expect } from 'vitest';

import { recordedSession } from './recorded-session.ts';

/**
 * Run A reads red.png and green.png; run B reads red.png (the same bytes: the same stored image),
 * green.png after the file changed (another image at the same path: the same call, another result)
 * and blue.png (a call A never made). Both run in the same workspace folder (its path is in every
 * result's text) and write into the same store, as one harness's runs do; their logs are moved beside each other.
 */
export async function twoRuns(tempDir: () => Promise<string>): Promise<{ readonly a: string; readonly b: string; readonly storeDir: string }> {
  const dir = await tempDir();
  const runs = await tempDir();
  const runA = await recordedSession(dir);
  await runA.userSays('Read the swatches');
  const sharedA = await runA.readImage('red.png');
  await runA.readImage('green.png');
  const a = path.join(runs, 'a.jsonl');
  await rename(runA.logPath, a);
  await rm(path.join(dir, 'workspace'), { recursive: true });
  const runB = await recordedSession(dir);
  await sharp({ create: { width: 30, height: 20, channels: 3, background: '#f0f000' } })
    .png()
    .toFile(path.join(dir, 'workspace', 'green.png'));
  await runB.userSays('Read the swatches');
  const sharedB = await runB.readImage('red.png');
  await runB.readImage('green.png');
  await runB.readImage('blue.png');
  const b = path.join(runs, 'b.jsonl');
  await rename(runB.logPath, b);
  expect(sharedB.attachmentId).toBe(sharedA.attachmentId);
  return { a, b, storeDir: runA.storeDir };
}
