import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { replaceFile } from '../../../src/store/local/durable-write.ts';
import { listTree, useTempDirs } from '../../support/temp-workspace.ts';

const tempDir = useTempDirs();

async function paths() {
  const dir = await tempDir();
  return { dir, tempRoot: path.join(dir, 'tmp') };
}

describe('replaceFile', () => {
  it('creates and then replaces the file, leaving no temp file', async () => {
    const { dir, tempRoot } = await paths();
    const file = path.join(dir, 'sources', 'entry.json');
    await replaceFile(tempRoot, file, Buffer.from('one'), 'sync');
    await replaceFile(tempRoot, file, Buffer.from('two'), 'no-sync');
    expect(await readFile(file, 'utf8')).toBe('two');
    expect(await listTree(dir)).toEqual(['sources/', 'sources/entry.json', 'tmp/']);
  });

  it('removes its temp file when the rename fails', async () => {
    const { dir, tempRoot } = await paths();
    const file = path.join(dir, 'sources', 'entry.json');
    await mkdir(file, { recursive: true });
    await expect(replaceFile(tempRoot, file, Buffer.from('x'), 'sync')).rejects.toThrow();
    expect(await listTree(dir)).toEqual(['sources/', 'sources/entry.json/', 'tmp/']);
  });
});
