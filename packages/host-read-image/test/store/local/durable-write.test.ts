import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { publishDirectoryOnce, replaceFile } from '../../../src/store/local/durable-write.ts';
import { listTree, useTempDirs } from '../../support/temp-workspace.ts';

const tempDir = useTempDirs();

async function paths() {
  const dir = await tempDir();
  return { dir, tempRoot: path.join(dir, 'tmp'), target: path.join(dir, 'objects', 'abc') };
}

describe('publishDirectoryOnce', () => {
  it('publishes all files together and removes its temp dir', async () => {
    const { dir, tempRoot, target } = await paths();
    const files = [
      { name: 'image', data: Buffer.from('bytes') },
      { name: 'ref.json', data: Buffer.from('{}') },
    ];
    expect(await publishDirectoryOnce(tempRoot, target, files)).toBe('created');
    expect(await listTree(dir)).toEqual(['objects/', 'objects/abc/', 'objects/abc/image', 'objects/abc/ref.json', 'tmp/']);
    expect(await readFile(path.join(target, 'image'), 'utf8')).toBe('bytes');
  });

  it('leaves an existing directory alone and reports it', async () => {
    const { dir, tempRoot, target } = await paths();
    await publishDirectoryOnce(tempRoot, target, [{ name: 'image', data: Buffer.from('first') }]);
    expect(await publishDirectoryOnce(tempRoot, target, [{ name: 'image', data: Buffer.from('second') }])).toBe('existing');
    expect(await readFile(path.join(target, 'image'), 'utf8')).toBe('first');
    expect(await listTree(dir)).toEqual(['objects/', 'objects/abc/', 'objects/abc/image', 'tmp/']);
  });

  it('never shows a partly written directory: a failing second file leaves nothing', async () => {
    const { dir, tempRoot, target } = await paths();
    const files = [
      { name: 'image', data: Buffer.from('bytes') },
      { name: 'no-such-dir/ref.json', data: Buffer.from('{}') },
    ];
    await expect(publishDirectoryOnce(tempRoot, target, files)).rejects.toMatchObject({ code: 'ENOENT' });
    // objects/ is made only when the rename into it finds it missing: nothing got that far.
    expect(await listTree(dir)).toEqual(['tmp/']);
  });
});

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
