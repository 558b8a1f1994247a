import fs from 'node:fs/promises';
import path from 'node:path';
import { FsError } from '../seams/file-system.ts';
import { isMissingPathError } from './fs-errors.ts';

/** Confines paths to a set of directories, judged on real paths (symlinks resolved). */
export class WorkspaceRoots {
  private readonly roots: readonly string[];

  /** An empty list confines to nothing: every path is outside. */
  constructor(roots: readonly string[]) {
    this.roots = roots.map((root) => path.resolve(root));
  }

  /** `absolutePath` may not exist yet: its nearest existing ancestor decides. */
  async assertContains(absolutePath: string, displayPath: string): Promise<void> {
    await this.assertRealPathInside(await realPathOfNearestExisting(absolutePath), displayPath);
  }

  /**
   * Judges the file actually opened, not the path: a symlink swapped after `resolve`
   * cannot redirect the read outside the roots.
   */
  async assertOpenFileInside(fd: number, absolutePath: string, displayPath: string): Promise<void> {
    await this.assertRealPathInside(await openedFileRealPath(fd, absolutePath), displayPath);
  }

  private async assertRealPathInside(realPath: string, displayPath: string): Promise<void> {
    const realRoots = await Promise.all(this.roots.map(realPathOfNearestExisting));
    if (realRoots.some((root) => isWithin(realPath, root))) return;
    const via = realPath === displayPath ? '' : ` (it resolves to ${realPath})`;
    throw new FsError('FS_OUTSIDE_WORKSPACE', `${displayPath} is outside the workspace${via}. Allowed roots: ${realRoots.join(', ')}.`);
  }
}

async function realPathOfNearestExisting(absolutePath: string): Promise<string> {
  const missingTail: string[] = [];
  let candidate = absolutePath;
  for (;;) {
    try {
      return path.join(await fs.realpath(candidate), ...missingTail);
    } catch (error) {
      const parent = path.dirname(candidate);
      if (!isMissingPathError(error) || parent === candidate) throw error;
      missingTail.unshift(path.basename(candidate));
      candidate = parent;
    }
  }
}

async function openedFileRealPath(fd: number, absolutePath: string): Promise<string> {
  try {
    return await fs.readlink(`/proc/self/fd/${fd}`);
  } catch (error) {
    // No /proc (not Linux): the path's current real path is the best remaining evidence.
    if (isMissingPathError(error)) return fs.realpath(absolutePath);
    throw error;
  }
}

function isWithin(candidate: string, root: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
