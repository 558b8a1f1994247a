import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import { errnoCode } from '../fs/fs-errors.ts';
import { tempPrefix } from './temp-names.ts';

export interface FileEntry {
  readonly name: string;
  readonly data: Uint8Array;
}

/**
 * Makes `finalDir` appear holding exactly `files`, all or nothing, and durably: the files are
 * written and fsynced in a fresh temp dir under `tempRoot` (same file system), which is then
 * renamed into place. A non-empty directory already there is left alone and reported as
 * 'existing' — the caller verifies it. The temp dir never survives the call.
 *
 * fsyncs, each needed once for a crash to leave either nothing or the whole directory: every
 * file (its data before it becomes reachable), the temp dir (it gained the files), the parent
 * (it gained `finalDir`). tmp/ gains the temp dir too, but that entry is never meant to survive.
 */
export async function publishDirectoryOnce(
  tempRoot: string,
  finalDir: string,
  files: readonly FileEntry[],
): Promise<'created' | 'existing'> {
  await mkdir(tempRoot, { recursive: true });
  await makeDirectoryDurably(path.dirname(finalDir));
  const tempDir = await mkdtemp(path.join(tempRoot, tempPrefix('dir')));
  try {
    for (const file of files) await writeFile(path.join(tempDir, file.name), file.data, 'sync');
    await syncDirectory(tempDir);
    try {
      await rename(tempDir, finalDir);
    } catch (error) {
      // rename(2) refuses to replace a non-empty directory: something is already there.
      if (errnoCode(error) === 'ENOTEMPTY' || errnoCode(error) === 'EEXIST') return 'existing';
      throw error;
    }
    await syncDirectory(path.dirname(finalDir));
    return 'created';
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}

/** Atomically and durably replaces `finalPath` with `data` (temp file under `tempRoot`, fsync, rename, fsync the directory). */
export async function replaceFileDurably(tempRoot: string, finalPath: string, data: Uint8Array): Promise<void> {
  await replaceFile(tempRoot, finalPath, data, 'sync');
}

/**
 * Atomically replaces `finalPath` with `data`, without fsync: for records that are verified on
 * use (a cache), where a crash may lose or garble the file but never the data it points at.
 */
export async function replaceFileAtomically(tempRoot: string, finalPath: string, data: Uint8Array): Promise<void> {
  await replaceFile(tempRoot, finalPath, data, 'no-sync');
}

type Durability = 'sync' | 'no-sync';

async function replaceFile(tempRoot: string, finalPath: string, data: Uint8Array, durability: Durability): Promise<void> {
  await mkdir(tempRoot, { recursive: true });
  if (durability === 'sync') await makeDirectoryDurably(path.dirname(finalPath));
  else await mkdir(path.dirname(finalPath), { recursive: true });
  const tempPath = path.join(tempRoot, `${tempPrefix('file')}${randomUUID()}`);
  try {
    await writeFile(tempPath, data, durability);
    await rename(tempPath, finalPath);
    if (durability === 'sync') await syncDirectory(path.dirname(finalPath));
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

async function writeFile(filePath: string, data: Uint8Array, durability: Durability): Promise<void> {
  const handle = await open(filePath, 'wx');
  try {
    await handle.writeFile(data);
    if (durability === 'sync') await handle.sync();
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
