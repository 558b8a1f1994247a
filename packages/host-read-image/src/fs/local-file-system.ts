import { constants, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkEachOption, checkOption, NON_EMPTY_PATH, OPTIONS_OBJECT } from '../options/check-option.ts';
import type { FileSystem, FsStat, FsTarget } from '../seams/file-system.ts';
import { readWholeFile } from './bounded-read.ts';
import { closeInBackground } from './close-in-background.ts';
import { assertRegularFile, throwIfAborted, toFsError, tooLargeError } from './fs-errors.ts';
import { WorkspaceRoots } from './workspace-roots.ts';

export interface LocalFileSystemOptions {
  /** Confine every path to these directories (symlinks resolved). Omit for no confinement; `[]` confines to nothing (every path is outside). */
  readonly roots?: readonly string[];
}

const OWNER = 'LocalFileSystem';

/** `FileSystem` on node:fs. */
export class LocalFileSystem implements FileSystem {
  private readonly roots: WorkspaceRoots | undefined;

  constructor(options: LocalFileSystemOptions = {}) {
    checkOption(OWNER, 'options', options, OPTIONS_OBJECT);
    this.roots = options.roots === undefined ? undefined : new WorkspaceRoots(checkEachOption(OWNER, 'roots', options.roots, NON_EMPTY_PATH));
  }

  async resolve(requestedPath: string, options: { readonly cwd: string }): Promise<FsTarget> {
    const absolutePath = path.resolve(options.cwd, expandHome(requestedPath));
    const target = { absolutePath, displayPath: absolutePath };
    const roots = this.roots;
    if (roots !== undefined) {
      await failingAsFsError(absolutePath, () => roots.assertContains(absolutePath, absolutePath));
    }
    return target;
  }

  async stat(target: FsTarget, signal?: AbortSignal): Promise<FsStat> {
    throwIfAborted(signal, target.displayPath);
    const stats = await failingAsFsError(target.displayPath, () => fs.stat(target.absolutePath));
    return { kind: kindOf(stats), size: stats.size, mtimeMs: stats.mtimeMs };
  }

  async readBytes(target: FsTarget, signal: AbortSignal | undefined, maxBytes: number, stat?: FsStat): Promise<Uint8Array> {
    const { absolutePath, displayPath } = target;
    return failingAsFsError(displayPath, async () => {
      throwIfAborted(signal, displayPath);
      // The caller's stat of a regular file spares a round trip; anything else is stat'ed here, for the exact refusal.
      const size = stat?.kind === 'file' ? stat.size : await regularFileSize(absolutePath, displayPath);
      if (size > maxBytes) throw tooLargeError(displayPath, maxBytes, size);
      // O_NONBLOCK: if the path became a FIFO since the stat, opening it must not wait for a writer.
      const handle = await fs.open(absolutePath, constants.O_RDONLY | constants.O_NONBLOCK);
      try {
        assertRegularFile(await handle.stat(), displayPath);
        await this.roots?.assertOpenFileInside(handle.fd, absolutePath, displayPath);
        return await readWholeFile(handle, { sizeHint: size, maxBytes, signal, displayPath });
      } finally {
        closeInBackground(handle);
      }
    });
  }
}

/** The size of the regular file at `absolutePath`; anything else fails with FS_NOT_REGULAR_FILE, naming what it is. */
async function regularFileSize(absolutePath: string, displayPath: string): Promise<number> {
  const stats = await fs.stat(absolutePath);
  assertRegularFile(stats, displayPath);
  return stats.size;
}

function expandHome(requestedPath: string): string {
  if (requestedPath === '~') return os.homedir();
  if (requestedPath.startsWith('~/')) return path.join(os.homedir(), requestedPath.slice(2));
  return requestedPath;
}

function kindOf(stats: Stats): FsStat['kind'] {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  return 'other';
}

async function failingAsFsError<T>(displayPath: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw toFsError(error, displayPath);
  }
}
