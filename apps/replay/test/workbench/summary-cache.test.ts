import { appendFile, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { SummaryCache } from '../../src/workbench/summary-cache.ts';
import { claudeCodeTranscript } from '../support/foreign-sessions.ts';
import { useTempDirs } from '../temp-dirs.ts';
import { pasted, screenshot } from './session-folder.ts';

const tempDir = useTempDirs();

async function versionOf(file: string) {
  const info = await stat(file);
  return { size: info.size, mtimeMs: info.mtimeMs };
}

async function setUp() {
  const dir = await tempDir();
  const file = path.join(dir, 'session.jsonl');
  await writeFile(file, claudeCodeTranscript(screenshot, pasted));
  const counted = { bytes: 0 };
  const cacheDir = path.join(dir, 'cache');
  const cache = () => new SummaryCache({ dir: cacheDir, onBytes: (n) => (counted.bytes += n) });
  return { dir, file, cacheDir, counted, cache };
}

describe('SummaryCache: each file version summarised once, kept on disk', () => {
  it('a second cache on the same folder reads no byte of an unchanged session, and answers the same summary', async () => {
    const { file, counted, cache } = await setUp();
    const first = await cache().summaryOf(file, await versionOf(file), 'session.jsonl');
    expect(counted.bytes).toBe((await stat(file)).size);
    counted.bytes = 0;
    const again = await cache().summaryOf(file, await versionOf(file), 'session.jsonl');
    expect(counted.bytes).toBe(0);
    expect(again).toEqual(first);
    expect(await readFile(again.textPath, 'utf8')).toContain('look at the login screen');
  });

  it('a file that grew is read on from where it stopped, only its new bytes (and the 64 before them)', async () => {
    const { file, counted, cache } = await setUp();
    const summaries = cache();
    await summaries.summaryOf(file, await versionOf(file), 'session.jsonl');
    const more = claudeCodeTranscript(screenshot, pasted).split('\n')[3]?.replaceAll('uuid-4', 'uuid-5').replace('and this one I pasted', 'one more') ?? '';
    await appendFile(file, `${more}\n`);
    counted.bytes = 0;
    const grown = await summaries.summaryOf(file, await versionOf(file), 'session.jsonl');
    expect(counted.bytes).toBe(Buffer.byteLength(more) + 1 + 64);
    expect(grown.version).toEqual(await versionOf(file));
    expect(await readFile(grown.textPath, 'utf8')).toContain('one more');
    // Another process (no reading kept) reads it whole, to the same summary.
    counted.bytes = 0;
    await writeFile(path.join(path.dirname(file), 'copy.jsonl'), await readFile(file));
    const copy = path.join(path.dirname(file), 'copy.jsonl');
    expect((await cache().summaryOf(copy, await versionOf(copy), 'session.jsonl')).summary).toEqual(grown.summary);
  });

  it('an entry is of one version of the file: rewritten to the same size, or to other bytes under the same time, it is read again', async () => {
    const { file, counted, cache } = await setUp();
    const text = claudeCodeTranscript(screenshot, pasted);
    const first = await cache().summaryOf(file, await versionOf(file), 'session.jsonl');
    const { mtime } = await stat(file);
    await writeFile(file, text.replace('look at the login screen', 'look at the LOGIN screen'));
    await utimes(file, mtime, new Date(mtime.getTime() + 5000));
    counted.bytes = 0;
    const sameSize = await cache().summaryOf(file, await versionOf(file), 'session.jsonl');
    expect(counted.bytes).toBe((await stat(file)).size);
    expect(sameSize.summary.title).toBe('look at the LOGIN screen');
    await writeFile(file, text.replace('look at the login screen', 'look again'));
    await utimes(file, mtime, new Date(mtime.getTime() + 5000));
    const sameTime = await cache().summaryOf(file, await versionOf(file), 'session.jsonl');
    expect(sameTime.summary.title).toBe('look again');
    expect(first.summary.title).toBe('look at the login screen');
  });

  it('a corrupt or foreign cache entry is ignored and recomputed, never a crash; a missing text file too', async () => {
    const { file, cacheDir, counted, cache } = await setUp();
    const { summary } = await cache().summaryOf(file, await versionOf(file), 'session.jsonl');
    const [entry = ''] = (await readdir(cacheDir)).filter((name) => name.endsWith('.json'));
    const entryPath = path.join(cacheDir, entry);
    const good = await readFile(entryPath, 'utf8');
    for (const bad of [
      good.slice(0, 7),
      'null',
      good.replace('"calls":1', '"calls":-1'),
      good.replace(/"v":\d+/, '"v":0'),
      good.replace(/[0-9a-f]{40}\.txt/, '../../etc/passwd'),
    ]) {
      await writeFile(entryPath, bad);
      counted.bytes = 0;
      expect((await cache().summaryOf(file, await versionOf(file), 'session.jsonl')).summary).toEqual(summary);
      expect(counted.bytes, bad.slice(0, 40)).toBe((await stat(file)).size);
    }
  });

  it('writes atomically: no temp file is left, and an old version’s text file is removed', async () => {
    const { file, cacheDir, cache } = await setUp();
    const summaries = cache();
    await summaries.summaryOf(file, await versionOf(file), 'session.jsonl');
    await appendFile(file, '\n');
    await summaries.summaryOf(file, await versionOf(file), 'session.jsonl');
    const names = await readdir(cacheDir);
    expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(names.filter((name) => name.endsWith('.txt'))).toHaveLength(1);
    expect(names.filter((name) => name.endsWith('.json'))).toHaveLength(1);
  });
});
