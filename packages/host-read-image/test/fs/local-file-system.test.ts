import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import type { FsTarget } from '../../src/seams/file-system.ts';
import { bytesOfLength, fsFailure, makeTempDir, removeTempDir } from './fs-test-support.ts';

const CAP = 4096;

let dir: string;
const fileSystem = new LocalFileSystem();

beforeEach(async () => {
  dir = await makeTempDir();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await removeTempDir(dir);
});

function targetOf(absolutePath: string): FsTarget {
  return { absolutePath, displayPath: absolutePath };
}

async function writeFileOfLength(name: string, length: number): Promise<FsTarget> {
  const filePath = path.join(dir, name);
  await fs.writeFile(filePath, bytesOfLength(length));
  return targetOf(filePath);
}

function makeFifo(name: string): FsTarget {
  const fifoPath = path.join(dir, name);
  execFileSync('mkfifo', [fifoPath]);
  return targetOf(fifoPath);
}

/** Lets `fs.open` work as usual while keeping every handle it opens, to check closing. */
function recordOpenedHandles(afterOpen: () => void = () => undefined): fs.FileHandle[] {
  const realOpen = fs.open.bind(fs);
  const opened: fs.FileHandle[] = [];
  vi.spyOn(fs, 'open').mockImplementation(async (...args) => {
    const handle = await realOpen(...args);
    opened.push(handle);
    afterOpen();
    return handle;
  });
  return opened;
}

describe('resolve', () => {
  it('resolves a relative path against cwd into one normalised absolute path', async () => {
    const target = await fileSystem.resolve('a/./b/../c.png', { cwd: dir });
    expect(target).toEqual(targetOf(path.join(dir, 'a', 'c.png')));
  });

  it('keeps an absolute path whatever the cwd', async () => {
    expect(await fileSystem.resolve('/etc/../etc/hosts', { cwd: dir })).toEqual(targetOf('/etc/hosts'));
  });

  it('expands a leading ~/ and a bare ~ to the home directory', async () => {
    expect(await fileSystem.resolve('~/pics/cat.png', { cwd: dir })).toEqual(targetOf(path.join(os.homedir(), 'pics', 'cat.png')));
    expect(await fileSystem.resolve('~', { cwd: dir })).toEqual(targetOf(os.homedir()));
  });

  it('leaves a ~ that is not a leading ~/ alone', async () => {
    expect(await fileSystem.resolve('~other/cat.png', { cwd: dir })).toEqual(targetOf(path.join(dir, '~other', 'cat.png')));
    expect(await fileSystem.resolve('a/~/cat.png', { cwd: dir })).toEqual(targetOf(path.join(dir, 'a', '~', 'cat.png')));
  });

  it('resolves an empty path to cwd', async () => {
    expect(await fileSystem.resolve('', { cwd: dir })).toEqual(targetOf(dir));
  });
});

describe('stat', () => {
  it('reports a file with its size and mtime', async () => {
    const target = await writeFileOfLength('a.png', 123);
    const expected = await fs.stat(target.absolutePath);
    expect(await fileSystem.stat(target)).toEqual({ kind: 'file', size: 123, mtimeMs: expected.mtimeMs });
  });

  it('follows a symlink to the file it names', async () => {
    const target = await writeFileOfLength('a.png', 77);
    const link = path.join(dir, 'link.png');
    await fs.symlink(target.absolutePath, link);
    expect(await fileSystem.stat(targetOf(link))).toMatchObject({ kind: 'file', size: 77 });
  });

  it('reports a directory as a directory, not as a failure', async () => {
    expect(await fileSystem.stat(targetOf(dir))).toMatchObject({ kind: 'directory' });
  });

  it('reports FIFOs and devices as other', async () => {
    expect(await fileSystem.stat(makeFifo('pipe.png'))).toMatchObject({ kind: 'other' });
    expect(await fileSystem.stat(targetOf('/dev/zero'))).toMatchObject({ kind: 'other' });
  });

  it('fails with FS_NOT_FOUND for a missing file and for a path through a file', async () => {
    const missing = targetOf(path.join(dir, 'missing.png'));
    const missingFailure = await fsFailure(fileSystem.stat(missing));
    expect(missingFailure.code).toBe('FS_NOT_FOUND');
    expect(missingFailure.message).toContain(missing.displayPath);

    const file = await writeFileOfLength('a.png', 1);
    const throughFile = targetOf(path.join(file.absolutePath, 'b.png'));
    expect((await fsFailure(fileSystem.stat(throughFile))).code).toBe('FS_NOT_FOUND');
  });

  it('fails with FS_READ_FAILED, naming the path and keeping the cause, for other errors', async () => {
    const loop = path.join(dir, 'loop.png');
    await fs.symlink(loop, loop);
    const failure = await fsFailure(fileSystem.stat(targetOf(loop)));
    expect(failure.code).toBe('FS_READ_FAILED');
    expect(failure.message).toContain(loop);
    expect(failure.cause).toMatchObject({ code: 'ELOOP' });
  });

  it('fails with FS_ABORTED when the signal is already aborted', async () => {
    const target = await writeFileOfLength('a.png', 1);
    expect((await fsFailure(fileSystem.stat(target, AbortSignal.abort()))).code).toBe('FS_ABORTED');
  });
});

describe('readBytes', () => {
  it('returns a file of exactly the cap, and closes it', async () => {
    const opened = recordOpenedHandles();
    const target = await writeFileOfLength('a.png', CAP);
    expect(Buffer.from(await fileSystem.readBytes(target, undefined, CAP))).toEqual(bytesOfLength(CAP));
    expect(opened.map((handle) => handle.fd)).toEqual([-1]);
  });

  it('refuses a file one byte over the cap from its stat, without opening it', async () => {
    const opened = recordOpenedHandles();
    const target = await writeFileOfLength('a.png', CAP + 1);

    const failure = await fsFailure(fileSystem.readBytes(target, undefined, CAP));
    expect(failure.code).toBe('FS_TOO_LARGE');
    expect(failure.message).toContain(target.displayPath);
    expect(failure.message).toContain(String(CAP + 1));
    expect(opened).toEqual([]);
  });

  it('refuses a 10 GiB sparse file at once', { timeout: 2000 }, async () => {
    const target = await writeFileOfLength('huge.png', 0);
    await fs.truncate(target.absolutePath, 10 * 1024 ** 3);
    expect((await fsFailure(fileSystem.readBytes(target, undefined, 20 * 1024 ** 2))).code).toBe('FS_TOO_LARGE');
  });

  it('refuses a directory and /dev/zero as not regular files, without opening them', async () => {
    const opened = recordOpenedHandles();
    for (const target of [targetOf(dir), targetOf('/dev/zero')]) {
      const failure = await fsFailure(fileSystem.readBytes(target, undefined, CAP));
      expect(failure.code).toBe('FS_NOT_REGULAR_FILE');
      expect(failure.message).toContain(target.displayPath);
    }
    expect(opened).toEqual([]);
  });

  it('refuses a FIFO without a writer quickly, without blocking', { timeout: 2000 }, async () => {
    const failure = await fsFailure(fileSystem.readBytes(makeFifo('pipe.png'), undefined, CAP));
    expect(failure.code).toBe('FS_NOT_REGULAR_FILE');
    expect(failure.message).toContain('FIFO');
  });

  it('does not block on, and refuses, a FIFO swapped in after the stat', { timeout: 2000 }, async () => {
    const fifo = makeFifo('pipe.png');
    const regularStats = await fs.stat((await writeFileOfLength('a.png', 10)).absolutePath);
    vi.spyOn(fs, 'stat').mockResolvedValueOnce(regularStats);
    const opened = recordOpenedHandles();

    expect((await fsFailure(fileSystem.readBytes(fifo, undefined, CAP))).code).toBe('FS_NOT_REGULAR_FILE');
    expect(opened.map((handle) => handle.fd)).toEqual([-1]);
  });

  it('fails with FS_NOT_FOUND for a missing file', async () => {
    const target = targetOf(path.join(dir, 'missing.png'));
    const failure = await fsFailure(fileSystem.readBytes(target, undefined, CAP));
    expect(failure.code).toBe('FS_NOT_FOUND');
    expect(failure.message).toContain(target.displayPath);
  });

  it('fails with FS_READ_FAILED for other errors', async () => {
    const loop = path.join(dir, 'loop.png');
    await fs.symlink(loop, loop);
    expect((await fsFailure(fileSystem.readBytes(targetOf(loop), undefined, CAP))).code).toBe('FS_READ_FAILED');
  });

  it('fails with FS_ABORTED, opening nothing, when the signal is already aborted', async () => {
    const opened = recordOpenedHandles();
    const target = await writeFileOfLength('a.png', 10);
    expect((await fsFailure(fileSystem.readBytes(target, AbortSignal.abort(), CAP))).code).toBe('FS_ABORTED');
    expect(opened).toEqual([]);
  });

  it('fails with FS_ABORTED when aborted after opening, and closes the file', async () => {
    const target = await writeFileOfLength('a.png', CAP);
    const controller = new AbortController();
    const opened = recordOpenedHandles(() => {
      controller.abort();
    });

    expect((await fsFailure(fileSystem.readBytes(target, controller.signal, CAP))).code).toBe('FS_ABORTED');
    expect(opened.map((handle) => handle.fd)).toEqual([-1]);
  });

  it("with the caller's stat of a regular file: no stat of its own, the same bytes", async () => {
    const target = await writeFileOfLength('a.png', CAP);
    const stat = await fileSystem.stat(target);
    const stats = vi.spyOn(fs, 'stat');
    expect(Buffer.from(await fileSystem.readBytes(target, undefined, CAP, stat))).toEqual(bytesOfLength(CAP));
    expect(stats).not.toHaveBeenCalled();
  });

  it("with the caller's stat over the cap: refused from it, without opening", async () => {
    const opened = recordOpenedHandles();
    const target = await writeFileOfLength('a.png', CAP + 1);
    const failure = await fsFailure(fileSystem.readBytes(target, undefined, CAP, await fileSystem.stat(target)));
    expect(failure.code).toBe('FS_TOO_LARGE');
    expect(failure.message).toContain(String(CAP + 1));
    expect(opened).toEqual([]);
  });

  it("with the caller's stat of something else: its own stat names what it is, nothing opened", async () => {
    const opened = recordOpenedHandles();
    const fifo = makeFifo('pipe.png');
    const failure = await fsFailure(fileSystem.readBytes(fifo, undefined, CAP, await fileSystem.stat(fifo)));
    expect(failure.code).toBe('FS_NOT_REGULAR_FILE');
    expect(failure.message).toContain('FIFO');
    expect(opened).toEqual([]);
  });

  it("with the caller's stat gone stale (a FIFO since): the opened file is refused, without blocking", { timeout: 2000 }, async () => {
    const stale = await fileSystem.stat(await writeFileOfLength('a.png', 10));
    const opened = recordOpenedHandles();
    expect((await fsFailure(fileSystem.readBytes(makeFifo('pipe.png'), undefined, CAP, stale))).code).toBe('FS_NOT_REGULAR_FILE');
    expect(opened.map((handle) => handle.fd)).toEqual([-1]);
  });

  it("with the caller's stat gone stale (the file grew): the whole file, or FS_TOO_LARGE past the cap", async () => {
    const target = await writeFileOfLength('a.png', 10);
    const stale = await fileSystem.stat(target);
    await fs.writeFile(target.absolutePath, bytesOfLength(100));
    expect(Buffer.from(await fileSystem.readBytes(target, undefined, CAP, stale))).toEqual(bytesOfLength(100));
    await fs.writeFile(target.absolutePath, bytesOfLength(CAP + 1));
    expect((await fsFailure(fileSystem.readBytes(target, undefined, CAP, stale))).code).toBe('FS_TOO_LARGE');
  });

  it('reads anywhere when no roots are configured', async () => {
    const elsewhere = await makeTempDir();
    try {
      await fs.writeFile(path.join(elsewhere, 'b.png'), 'outside');
      const target = await fileSystem.resolve(`../${path.basename(elsewhere)}/b.png`, { cwd: dir });
      expect(Buffer.from(await fileSystem.readBytes(target, undefined, CAP)).toString()).toBe('outside');
    } finally {
      await removeTempDir(elsewhere);
    }
  });
});
