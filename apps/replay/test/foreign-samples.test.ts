import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

import { LocalAttachmentStore } from '@toolcard/host-read-image';
import { afterEach, describe, expect, it } from 'vitest';

import { SessionSpool } from '../src/server/spool/session-spool.ts';
import { imagesShown } from './support/agent-log-contents.ts';
import { INLINE_IMAGE_BASE64 } from './support/inline-images.ts';
import { useTempDirs } from './temp-dirs.ts';

/** Real files of other agents, read where CI keeps them (`../shared` beside the repository), never copied into it. */
const SAMPLES = path.resolve(import.meta.dirname, '../../../../shared/foreign-logs');
const present = existsSync(SAMPLES);
if (!present) console.warn(`Foreign sample logs skipped: ${SAMPLES} is absent (it is ../shared/foreign-logs beside the repository).`);

const tempDir = useTempDirs();
const opened: SessionSpool[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((spool) => spool.close()));
});

/** The images with bytes each file holds, as shared/foreign-logs/README.md counts them. */
const IMAGES: Readonly<Record<string, number>> = {
  'claude-code/claude-code-log__0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl': 1,
  'claude-code/claude-code-log__9e953218-585f-4692-89df-9e0747a31c68.jsonl': 1,
  'claude-code/claude-code-log__debug_image_message.jsonl': 2,
  'codex/agent-sessions__small.jsonl': 0,
  'codex/codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl': 0,
};

const samples = present
  ? (await Promise.all(['claude-code', 'codex'].map(async (agent) => (await readdir(path.join(SAMPLES, agent))).map((file) => path.join(agent, file))))).flat()
  : [];

describe.skipIf(!present)('InlineImageSpool on the real sample files of other agents', () => {
  it.each(samples)('%s: the copy reads as the original does, its inline images as stored references', async (sample) => {
    const sourcePath = path.join(SAMPLES, sample);
    const dir = await tempDir();
    const spool = await SessionSpool.open({
      sourcePath,
      outputPath: path.join(dir, 'spooled.jsonl'),
      store: new LocalAttachmentStore({ dir: path.join(dir, 'store') }),
    });
    opened.push(spool);
    await spool.poll();
    const copy = await readFile(spool.outputPath, 'utf8');
    const original = imagesShown(await readFile(sourcePath, 'utf8'));
    const shown = imagesShown(copy);

    expect(INLINE_IMAGE_BASE64.test(copy), 'an inline image left in the copy').toBe(false);
    expect(shown.format).toBe(original.format);
    expect(shown.problems).toEqual(original.problems);
    expect(shown.placeholders).toEqual(original.placeholders);
    expect(shown.refs.map(({ width, height }) => ({ width, height }))).toEqual(original.refs.map(({ width, height }) => ({ width, height })));
    expect(shown.ids).toEqual(new Set(spool.writtenIds));
    expect(spool.writtenIds.size).toBe(IMAGES[sample]);
  });
});
