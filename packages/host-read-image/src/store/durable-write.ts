import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import { errnoCode } from '../fs/fs-errors.ts';

export interface FileEntry {
  readonly name: string;
  readonly data: Uint8Array;
}

/**
 * Makes `finalDir` appear holding exactly `files`, all or nothing, and durably: the files are
 * written and fsynced in a fresh temp dir under `tempRoot` (same file system), which is then
 * renamed into place. A directory that already exists wins (content-addressed, so it holds
 * the same bytes): the call reports 'existing' and leaves it alone. The temp dir never
 * survives the call.
 */
export async function publishDirectoryOnce(
  tempRoot: string,
  finalDir: string,
  files: readonly FileEntry[],
): Promise<'created' | 'existing'> {
  await mkdir(tempRoot, { recursive: true });
  await makeDirectoryDurably(path.dirname(finalDir));
  const tempDir = await mkdtemp(path.join(tempRoot, 'dir-'));
  try {
    for (const file of files) await writeSyncedFile(path.join(tempDir, file.name), file.data);
    await syncDirectory(tempDir);
    try {
      await rename(tempDir, finalDir);
    } catch (error) {
      // rename(2) refuses to replace a non-empty directory; that is the already-stored case.
      if (errnoCode(error) === 'ENOTEMPTY' || errnoCode(error) === 'EEXIST') return 'existing';
      throw error;
    }
    await syncDirectory(path.dirname(finalDir));
    return 'created';
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}

/** Atomically replaces `finalPath` with `data` (temp file under `tempRoot`, fsync, rename, fsync the directory). */
export async function replaceFileDurably(tempRoot: string, finalPath: string, data: Uint8Array): Promise<void> {
  await mkdir(tempRoot, { recursive: true });
  await makeDirectoryDurably(path.dirname(finalPath));
  const tempPath = path.join(tempRoot, `file-${randomUUID()}`);
  try {
    await writeSyncedFile(tempPath, data);
    await rename(tempPath, finalPath);
    await syncDirectory(path.dirname(finalPath));
  } finally {
    await rm(tempPath, { force: true });
  }
}

/** mkdir -p, then fsync every directory that gained an entry, so the new path itself survives a crash. */
async function makeDirectoryDurably(dirPath: string): Promise<void> {
  const target = path.resolve(dirPath);
  const firstCreated = await mkdir(target, { recursive: true });
  if (firstCreated === undefined) return;
  const topChanged = path.dirname(path.resolve(firstCreated));
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    await syncDirectory(dir);
    if (dir === topChanged || dir === path.dirname(dir)) return;
  }
}

async function writeSyncedFile(filePath: string, data: Uint8Array): Promise<void> {
  const handle = await open(filePath, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncDirectory(dirPath: string): Promise<void> {
  const handle = await open(dirPath, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
