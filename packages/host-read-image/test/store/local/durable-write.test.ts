import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { draftDirectory, publishDirectoryOnce, replaceFileDurably } from '../../../src/store/local/durable-write.ts';
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
    expect(await listTree(dir)).toEqual(['objects/', 'tmp/']);
  });
});

describe('draftDirectory', () => {
  const files = [
    { name: 'image', data: Buffer.from('bytes') },
    { name: 'ref.json', data: Buffer.from('{}') },
  ];

  it('makes the temp dir and its empty files ahead of the contents, then publishes them like publishDirectoryOnce', async () => {
    const { dir, tempRoot, target } = await paths();
    await mkdir(tempRoot);
    await mkdir(path.dirname(target));
    const draft = draftDirectory(tempRoot, path.dirname(target), ['image', 'ref.json']);
    await vi.waitFor(async () => {
      const [temp] = await readdir(tempRoot);
      expect(temp).toBeDefined();
      expect((await readdir(path.join(tempRoot, temp ?? ''))).sort()).toEqual(['image', 'ref.json']);
    });
    expect(await draft.publish(target, files)).toBe('created');
    await draft.discard(); // after a publish: nothing to do
    expect(await listTree(dir)).toEqual(['objects/', 'objects/abc/', 'objects/abc/image', 'objects/abc/ref.json', 'tmp/']);
    expect(await readFile(path.join(target, 'ref.json'), 'utf8')).toBe('{}');
  });

  it('leaves nothing when discarded', async () => {
    const { dir, tempRoot, target } = await paths();
    await mkdir(tempRoot);
    await mkdir(path.dirname(target));
    await draftDirectory(tempRoot, path.dirname(target), ['image', 'ref.json']).discard();
    expect(await listTree(dir)).toEqual(['objects/', 'tmp/']);
  });

  it('in a store whose directories do not exist yet, makes nothing ahead: the publish takes the whole way', async () => {
    const { dir, tempRoot, target } = await paths();
    const draft = draftDirectory(tempRoot, path.dirname(target), ['image', 'ref.json']);
    await draft.discard();
    expect(await listTree(dir)).toEqual([]);
    expect(await draftDirectory(tempRoot, path.dirname(target), ['image', 'ref.json']).publish(target, files)).toBe('created');
    expect(await listTree(dir)).toEqual(['objects/', 'objects/abc/', 'objects/abc/image', 'objects/abc/ref.json', 'tmp/']);
  });
});

describe('replaceFileDurably', () => {
  it('creates and then replaces the file, leaving no temp file', async () => {
    const { dir, tempRoot } = await paths();
    const file = path.join(dir, 'sources', 'entry.json');
    await replaceFileDurably(tempRoot, file, Buffer.from('one'));
    await replaceFileDurably(tempRoot, file, Buffer.from('two'));
    expect(await readFile(file, 'utf8')).toBe('two');
    expect(await listTree(dir)).toEqual(['sources/', 'sources/entry.json', 'tmp/']);
  });

  it('removes its temp file when the rename fails', async () => {
    const { dir, tempRoot } = await paths();
    const file = path.join(dir, 'sources', 'entry.json');
    await mkdir(file, { recursive: true });
    await expect(replaceFileDurably(tempRoot, file, Buffer.from('x'))).rejects.toThrow();
    expect(await listTree(dir)).toEqual(['sources/', 'sources/entry.json/', 'tmp/']);
  });
});
