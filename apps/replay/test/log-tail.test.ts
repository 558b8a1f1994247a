import { appendFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LogTail } from '../src/server/log-tail.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();

/** A tail over a temp file that records what it read: the texts per generation and every reset. */
async function tailOf(initial: string | Buffer | undefined, chunkBytes?: number) {
  const file = path.join(await tempDir(), 'session.jsonl');
  if (initial !== undefined) await writeFile(file, initial);
  const texts: string[] = [''];
  const tail = new LogTail(file, {
    onText: (text) => {
      texts[texts.length - 1] = (texts.at(-1) ?? '') + text;
    },
    onReset: () => {
      texts.push('');
    },
    ...(chunkBytes === undefined ? {} : { chunkBytes }),
  });
  return { file, tail, texts };
}

describe('LogTail: reads only what was appended', () => {
  it('reads the whole file first, then only the new bytes from the last offset', async () => {
    const { file, tail, texts } = await tailOf('line 1\n');
    await tail.poll();
    expect(tail.position).toEqual({ generation: 0, end: 7 });

    await appendFile(file, 'line 2\nline');
    await tail.poll();
    expect(tail.position).toEqual({ generation: 0, end: 18 });
    expect(texts).toEqual(['line 1\nline 2\nline']);

    await tail.poll();
    expect(tail.position).toEqual({ generation: 0, end: 18 });
    expect(texts).toEqual(['line 1\nline 2\nline']);
  });

  it('streams a file bigger than its read window in order', async () => {
    const text = Array.from({ length: 500 }, (_, index) => `{"line":${index}}\n`).join('');
    const { tail, texts } = await tailOf(text, 64);
    await tail.poll();
    expect(texts).toEqual([text]);
    expect(tail.position.end).toBe(Buffer.byteLength(text));
  });

  it('decodes a UTF-8 character split between two reads whole', async () => {
    const bytes = Buffer.from('{"text":"图像 ✓"}\n', 'utf8');
    const split = bytes.indexOf(Buffer.from('像', 'utf8')) + 1;
    const { file, tail, texts } = await tailOf(bytes.subarray(0, split));
    await tail.poll();
    expect(tail.position.end).toBe(split);
    await appendFile(file, bytes.subarray(split));
    await tail.poll();
    expect(texts).toEqual(['{"text":"图像 ✓"}\n']);
    expect(texts.join('')).not.toContain('\uFFFD');
  });

  it('decodes characters split by its own read window whole', async () => {
    const text = '日本語のテキスト\n'.repeat(40);
    const { tail, texts } = await tailOf(text, 7);
    await tail.poll();
    expect(texts).toEqual([text]);
  });
});

describe('LogTail: a file that shrinks or is replaced starts over', () => {
  it('starts a new generation from byte 0 when the file is truncated', async () => {
    const { file, tail, texts } = await tailOf('first log, long line\n');
    await tail.poll();
    await truncate(file, 0);
    await appendFile(file, 'new\n');
    await tail.poll();
    expect(tail.position).toEqual({ generation: 1, end: 4 });
    expect(texts).toEqual(['first log, long line\n', 'new\n']);
  });

  it('starts over when the file is replaced by another, even a longer one', async () => {
    const { file, tail, texts } = await tailOf('a\n');
    await tail.poll();
    const replacement = `${file}.new`;
    await writeFile(replacement, 'a completely different and longer log\n');
    await rename(replacement, file);
    await tail.poll();
    expect(tail.position).toEqual({ generation: 1, end: 38 });
    expect(texts).toEqual(['a\n', 'a completely different and longer log\n']);
  });

  it('is an empty generation while the file is gone, and reads it again when it returns', async () => {
    const { file, tail, texts } = await tailOf('a\n');
    await tail.poll();
    await rm(file);
    await tail.poll();
    expect(tail.position).toEqual({ generation: 1, end: 0 });
    await writeFile(file, 'b\n');
    await tail.poll();
    expect(tail.position.end).toBe(2);
    expect(texts.at(-1)).toBe('b\n');
  });

  it('waits for a file that does not exist yet without starting a generation', async () => {
    const { file, tail, texts } = await tailOf(undefined);
    await tail.poll();
    expect(tail.position).toEqual({ generation: 0, end: 0 });
    await writeFile(file, 'a\n');
    await tail.poll();
    expect(tail.position).toEqual({ generation: 0, end: 2 });
    expect(texts).toEqual(['a\n']);
  });
});

describe('LogTail: polls and changes', () => {
  it('never overlaps polls and coalesces the ones requested while one runs', async () => {
    const { file, tail, texts } = await tailOf('a\n');
    const first = tail.poll();
    await appendFile(file, 'b\n');
    const second = tail.poll();
    const third = tail.poll();
    expect(third).toBe(second);
    await Promise.all([first, second, third]);
    expect(texts).toEqual(['a\nb\n']);
  });

  it('resolves nextChange at the poll that moves the position, not at one that does not', async () => {
    const { file, tail } = await tailOf('a\n');
    await tail.poll();
    let changed = false;
    const change = tail.nextChange().then(() => {
      changed = true;
    });
    await tail.poll();
    expect(changed).toBe(false);
    await appendFile(file, 'b\n');
    await tail.poll();
    await change;
    expect(changed).toBe(true);
  });

  it('notices an append by itself once watching', async () => {
    const { file, tail } = await tailOf('a\n');
    await tail.poll();
    const stop = tail.watch({ intervalMs: 5_000 });
    try {
      const change = tail.nextChange();
      await appendFile(file, 'b\n');
      await change;
      expect(tail.position.end).toBe(4);
    } finally {
      stop();
    }
  });
});
