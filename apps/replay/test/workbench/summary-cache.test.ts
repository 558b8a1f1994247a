import { appendFile, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { SummaryCache } from '../../src/workbench/summary-cache.ts';
import { claudeCodeTranscript } from '../support/foreign-sessions.ts';
import { useTempDirs } from '../temp-dirs.ts';
import { pasted, screenshot } from './session-folder.ts';

const tempDir = useTempDirs();

/** A summary's search text: what follows its entry's first line. */
async function searchTextOf(stored: { textPath: string }): Promise<string> {
  const entry = await readFile(stored.textPath, 'utf8');
  return entry.slice(entry.indexOf('\n') + 1);
}

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
    expect(await searchTextOf(again)).toContain('look at the login screen');
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
    expect(await searchTextOf(grown)).toContain('one more');
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

  it('a corrupt or foreign cache entry is ignored and recomputed, never a crash', async () => {
    const { file, cacheDir, counted, cache } = await setUp();
    const { summary } = await cache().summaryOf(file, await versionOf(file), 'session.jsonl');
    const [entry = ''] = (await readdir(cacheDir)).filter((name) => name.endsWith('.json'));
    const entryPath = path.join(cacheDir, entry);
    const good = await readFile(entryPath, 'utf8');
    const header = good.slice(0, good.indexOf('\n'));
    for (const bad of [
      good.slice(0, 7),
      'null',
      '',
      header,
      `${header.slice(0, -1)}${' '.repeat(1 << 20)}}\n`,
      good.replace('"calls":1', '"calls":-1'),
      good.replace(/"v":\d+/, '"v":0'),
      good.replace(/"path":"[^"]*"/, '"path":"/elsewhere.jsonl"'),
    ]) {
      await writeFile(entryPath, bad);
      counted.bytes = 0;
      expect((await cache().summaryOf(file, await versionOf(file), 'session.jsonl')).summary).toEqual(summary);
      expect(counted.bytes, bad.slice(0, 40)).toBe((await stat(file)).size);
    }
  });

  it('writes one file a session, atomically: no temp file is left, and a file grown replaces its entry', async () => {
    const { file, cacheDir, cache } = await setUp();
    const summaries = cache();
    await summaries.summaryOf(file, await versionOf(file), 'session.jsonl');
    await appendFile(file, '\n');
    await summaries.summaryOf(file, await versionOf(file), 'session.jsonl');
    expect(await readdir(cacheDir)).toEqual([expect.stringMatching(/^[0-9a-f]{40}\.json$/)]);
  });

  it('an entry of the version that kept the search text apart is recomputed, and that text file removed', async () => {
    const { file, cacheDir, counted, cache } = await setUp();
    const { summary } = await cache().summaryOf(file, await versionOf(file), 'session.jsonl');
    const [entry = ''] = await readdir(cacheDir);
    const { path: filePath, version } = JSON.parse((await readFile(path.join(cacheDir, entry), 'utf8')).split('\n')[0] ?? '') as {
      path: string;
      version: object;
    };
    const textFile = `${'a'.repeat(40)}.txt`;
    await writeFile(path.join(cacheDir, textFile), 'look at the login screen');
    await writeFile(path.join(cacheDir, entry), JSON.stringify({ v: 2, path: filePath, version, textFile, summary }));
    counted.bytes = 0;
    expect((await cache().summaryOf(file, await versionOf(file), 'session.jsonl')).summary).toEqual(summary);
    expect(counted.bytes).toBe((await stat(file)).size);
    expect(await readdir(cacheDir)).toEqual([entry]);
  });
});
