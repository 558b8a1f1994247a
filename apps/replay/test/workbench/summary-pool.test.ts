import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { SessionReading } from '../../src/workbench/session-summary.ts';
import { SummaryCache } from '../../src/workbench/summary-cache.ts';
import { SummaryPool } from '../../src/workbench/summary-pool.ts';
import {
  claudeCodeSubagentFile,
  claudeCodeTaskTranscript,
  claudeCodeTranscript,
  codexRollout,
  prettyAnthropicMessages,
  SUBAGENT_SESSION_ID,
} from '../support/foreign-sessions.ts';
import { base64Of, imageBytes } from '../support/inline-images.ts';
import { useTempDirs } from '../temp-dirs.ts';
import { sharedSessionFiles, threeFormatFolder } from './session-folder.ts';

const tempDir = useTempDirs();
const pool = new SummaryPool(2);
afterAll(() => pool.close());

/** The reference: the file read in this thread by SessionReading, as the index reads a growing file. */
async function inThisThread(file: string) {
  let bytes = 0;
  const reading = new SessionReading(file, { onBytes: (n) => (bytes += n) });
  const version = await reading.readMore();
  return { version, summarised: reading.summarised(path.basename(file)), bytes };
}

const shared = await sharedSessionFiles();

describe('SummaryPool: a file summarised in a worker thread is summarised exactly as in this one', () => {
  it.skipIf(shared.length === 0)(
    'every shared session file (reference logs, the harness corpus, other agents’ files): same summary, search text and bytes',
    async () => {
      const answers = await Promise.all(
        shared.map(async (file) => ({ file, pooled: await pool.summarise(file, path.basename(file)), reference: await inThisThread(file) })),
      );
      for (const { file, pooled, reference } of answers) expect(pooled, file).toEqual(reference);
    },
  );

  it('generated sessions of every format with inline images of every kind (PNG, JPEG, GIF, WebP; raw base64 and data URLs; a subagent file)', async () => {
    const dir = await tempDir();
    const files = Object.values(await threeFormatFolder(dir));
    const [png, jpeg, gif, webp] = await Promise.all(
      (['png', 'jpeg', 'gif', 'webp'] as const).map(async (format, n) =>
        base64Of(await imageBytes(format, ['#102030', '#405060', '#708090', '#a0b0c0'][n] ?? '#000', 20 + n, 10 + n)),
      ),
    );
    const write = async (name: string, text: string) => {
      const file = path.join(dir, name);
      await writeFile(file, text);
      files.push(file);
    };
    await write('gif-webp.jsonl', claudeCodeTranscript(gif ?? '', webp ?? ''));
    await write('url-safe.jsonl', claudeCodeTranscript((png ?? '').replace(/\+/g, '-').replace(/\//g, '_'), jpeg ?? ''));
    await write('data-urls.jsonl', codexRollout(`data:image/webp;base64,${webp ?? ''}`, gif ?? ''));
    await write('not-an-image.jsonl', codexRollout('data:image/png;base64,bm90IGFuIGltYWdl', png ?? ''));
    await write('messages.json', prettyAnthropicMessages(jpeg ?? ''));
    await write(`${SUBAGENT_SESSION_ID}.jsonl`, claudeCodeTaskTranscript({ agentId: 'a1', version: '2.1.3', finished: true }));
    await mkdir(path.join(dir, SUBAGENT_SESSION_ID, 'subagents'), { recursive: true });
    await writeFile(
      path.join(dir, SUBAGENT_SESSION_ID, 'subagents', 'agent-a1.jsonl'),
      claudeCodeSubagentFile({ agentId: 'a1', version: '2.1.3', screenshot: png ?? '' }),
    );
    for (const file of files) expect(await pool.summarise(file, path.basename(file)), file).toEqual(await inThisThread(file));
  });

  it('a file that cannot be read fails its job with the error, and the pool goes on', async () => {
    const missing = path.join(await tempDir(), 'gone.jsonl');
    await expect(pool.summarise(missing, 'gone.jsonl')).rejects.toMatchObject({ code: 'ENOENT', message: expect.stringContaining(missing) as unknown });
    const { claude } = await threeFormatFolder(await tempDir());
    expect(await pool.summarise(claude, path.basename(claude))).toEqual(await inThisThread(claude));
  });
});

describe('SummaryCache with a pool: files not changed lately are read in a worker, growing ones in this thread', () => {
  it('an old file goes to the pool (its bytes counted here), a recent one is read here (its reading kept to resume)', async () => {
    const dir = await tempDir();
    const { claude, codex } = await threeFormatFolder(dir);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(codex, anHourAgo, anHourAgo);
    const counted = { bytes: 0 };
    const jobs: string[] = [];
    const watched = Object.assign(Object.create(pool) as SummaryPool, {
      summarise: (file: string, name: string) => {
        jobs.push(file);
        return pool.summarise(file, name);
      },
    });
    const cache = new SummaryCache({ dir: path.join(dir, 'cache'), onBytes: (n) => (counted.bytes += n), pool: watched });
    const versionOf = async (file: string) => {
      const info = await stat(file);
      return { size: info.size, mtimeMs: info.mtimeMs };
    };
    const old = await cache.summaryOf(codex, await versionOf(codex), 'codex.jsonl');
    expect(jobs).toEqual([codex]);
    expect(counted.bytes).toBe((await stat(codex)).size);
    expect(old.summary).toEqual((await inThisThread(codex)).summarised.summary);
    const recent = await cache.summaryOf(claude, await versionOf(claude), 'claude.jsonl');
    expect(jobs).toEqual([codex]);
    expect(recent.summary).toEqual((await inThisThread(claude)).summarised.summary);
  });
});
