import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import { fsFailure, makeTempDir, removeTempDir } from './fs-test-support.ts';

const CAP = 1024;

let base: string;
let root: string;
let outside: string;
let confined: LocalFileSystem;

beforeEach(async () => {
  base = await makeTempDir();
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  await fs.mkdir(path.join(root, 'sub'), { recursive: true });
  await fs.mkdir(outside);
  await fs.writeFile(path.join(root, 'sub', 'inside.png'), 'inside');
  await fs.writeFile(path.join(outside, 'secret.png'), 'secret');
  confined = new LocalFileSystem({ roots: [root] });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await removeTempDir(base);
});

async function expectOutside(requestedPath: string, fileSystem = confined): Promise<string> {
  const failure = await fsFailure(fileSystem.resolve(requestedPath, { cwd: root }));
  expect(failure.code).toBe('FS_OUTSIDE_WORKSPACE');
  expect(failure.message).toContain(path.resolve(root, requestedPath));
  return failure.message;
}

async function readInsideRoot(requestedPath: string, fileSystem = confined): Promise<string> {
  const target = await fileSystem.resolve(requestedPath, { cwd: root });
  return Buffer.from(await fileSystem.readBytes(target, undefined, CAP)).toString();
}

describe('LocalFileSystem confined to roots', () => {
  it('accepts and reads a file inside a root', async () => {
    expect(await readInsideRoot('sub/inside.png')).toBe('inside');
  });

  it('accepts a path that does not exist yet, judged by its nearest existing ancestor', async () => {
    const target = await confined.resolve('new/deeper/missing.png', { cwd: root });
    expect(target.absolutePath).toBe(path.join(root, 'new', 'deeper', 'missing.png'));
    expect((await fsFailure(confined.readBytes(target, undefined, CAP))).code).toBe('FS_NOT_FOUND');
  });

  it('refuses a .. escape and an absolute path outside', async () => {
    await expectOutside('../outside/secret.png');
    await expectOutside('sub/../../outside/secret.png');
    await expectOutside(path.join(outside, 'secret.png'));
  });

  it('refuses a sibling directory whose name merely starts with the root name', async () => {
    const sibling = `${root}X`;
    await fs.mkdir(sibling);
    await fs.writeFile(path.join(sibling, 'a.png'), 'sibling');
    await expectOutside(path.join(sibling, 'a.png'));
  });

  it('refuses a symlinked file that points outside, naming where it leads', async () => {
    await fs.symlink(path.join(outside, 'secret.png'), path.join(root, 'link.png'));
    const message = await expectOutside('link.png');
    expect(message).toContain(path.join(outside, 'secret.png'));
  });

  it('refuses a path through a symlinked directory that points outside, existing or not', async () => {
    await fs.symlink(outside, path.join(root, 'dirlink'));
    await expectOutside('dirlink/secret.png');
    await expectOutside('dirlink/not-there.png');
  });

  it('accepts a symlink that stays inside the root', async () => {
    await fs.symlink(path.join(root, 'sub', 'inside.png'), path.join(root, 'alias.png'));
    await fs.symlink(path.join(root, 'sub'), path.join(root, 'subalias'));
    expect(await readInsideRoot('alias.png')).toBe('inside');
    expect(await readInsideRoot('subalias/inside.png')).toBe('inside');
  });

  it('compares against the real path of a root given through a symlink', async () => {
    const rootLink = path.join(base, 'root-link');
    await fs.symlink(root, rootLink);
    const viaLink = new LocalFileSystem({ roots: [rootLink] });
    expect(await readInsideRoot('sub/inside.png', viaLink)).toBe('inside');
    expect(await readInsideRoot(path.join(rootLink, 'sub', 'inside.png'), viaLink)).toBe('inside');
    await expectOutside('../outside/secret.png', viaLink);
  });

  it('accepts paths in any of several roots', async () => {
    const twoRoots = new LocalFileSystem({ roots: [outside, root] });
    expect(await readInsideRoot('sub/inside.png', twoRoots)).toBe('inside');
    expect(await readInsideRoot('../outside/secret.png', twoRoots)).toBe('secret');
  });

  it('refuses everything when the list of roots is empty', async () => {
    await expectOutside('sub/inside.png', new LocalFileSystem({ roots: [] }));
  });

  it('refuses a symlink swapped to point outside after resolve, when reading', async () => {
    const link = path.join(root, 'swap.png');
    await fs.symlink(path.join(root, 'sub', 'inside.png'), link);
    const target = await confined.resolve('swap.png', { cwd: root });

    await fs.unlink(link);
    await fs.symlink(path.join(outside, 'secret.png'), link);

    const failure = await fsFailure(confined.readBytes(target, undefined, CAP));
    expect(failure.code).toBe('FS_OUTSIDE_WORKSPACE');
    expect(failure.message).toContain(link);
  });

  describe('without /proc', () => {
    function hideProc() {
      return vi.spyOn(fs, 'readlink').mockRejectedValue(Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' }));
    }

    it('still reads a file inside a root', async () => {
      const readlink = hideProc();
      expect(await readInsideRoot('sub/inside.png')).toBe('inside');
      expect(readlink).toHaveBeenCalled();
    });

    it('still refuses a symlink swapped to point outside after resolve', async () => {
      const link = path.join(root, 'swap.png');
      await fs.symlink(path.join(root, 'sub', 'inside.png'), link);
      const target = await confined.resolve('swap.png', { cwd: root });

      await fs.unlink(link);
      await fs.symlink(path.join(outside, 'secret.png'), link);
      hideProc();

      expect((await fsFailure(confined.readBytes(target, undefined, CAP))).code).toBe('FS_OUTSIDE_WORKSPACE');
    });
  });
});
