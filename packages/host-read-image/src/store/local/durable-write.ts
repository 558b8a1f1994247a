import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

import { closeInBackground } from '../../fs/close-in-background.ts';
import { errnoCode } from '../../fs/fs-errors.ts';
import { tempPrefix } from './temp-names.ts';

export type Durability = 'sync' | 'no-sync';

/**
 * Atomically replaces `finalPath` with `data`: a temp file under `tempRoot`, renamed into place.
 * 'sync' also makes it durable (the file fsynced before the rename, its directory after, and the
 * directories made on the way, above `tempRoot` too, synced into their parents); 'no-sync' is
 * for records verified on use (a cache), where a crash may lose or garble the file but never the
 * data it points at.
 *
 * 'sync' is the least durable write of a file (2 fsyncs), and how the store publishes an object
 * (one file, object-file.ts). A cold read_image against bench:host's peer+write floor, whose
 * write is this one: animated.gif 1.32× (CPU 1.36×), tiny.png 1.37× (CPU 1.29×), where the
 * directory of two files it replaced (4 fsyncs) took 1.57× (CPU 1.64×) and 1.40× (CPU 1.64×)
 * (medians of 17 runs of measure-case.ts each, 8 of them alternated; load 4.2–8.3 on 2 cores,
 * 2026-12-05).
 *
 * The rename waits for `publishAfter` (nothing is published when it rejects): a record written
 * beside the save of what it names, seen only once that is stored. Folders above `tempRoot` and
 * the file's own (made only when missing, see inFolder) are not made before it has settled
 * either: that save makes them, with the fsyncs they need. Written beside the object rather
 * than after it, a cold read_image takes 0.95× as long (median of 5 in-process runs each,
 * tiny.png 0.79–1.03×, animated.gif 0.92–0.98×; 41 interleaved samples per run, load 6–10,
 * 2026-12-04, objects then directories of two files).
 */
export async function replaceFile(
  tempRoot: string,
  finalPath: string,
  data: Uint8Array,
  durability: Durability,
  publishAfter: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  const finalDir = path.dirname(finalPath);
  const tempPath = path.join(tempRoot, `${tempPrefix('file')}${randomUUID()}`);
  const created = await inFolder(
    () => open(tempPath, 'wx'),
    () => (durability === 'sync' ? makeTempRoot(tempRoot, publishAfter) : makeDirectory(tempRoot, publishAfter)),
  );
  let renamed = false;
  try {
    await fillFile(created, data, durability);
    await publishAfter;
    await inFolder(
      () => rename(tempPath, finalPath),
      () => (durability === 'sync' ? makeDirectoryDurably(finalDir) : makeDirectory(finalDir)),
    );
    renamed = true;
    if (durability === 'sync') await syncDirectory(finalDir);
  } finally {
    if (!renamed) await rm(tempPath, { force: true });
  }
}

/**
 * Runs `operation` in a folder assumed to exist and, only when it fails for want of one (ENOENT),
 * makes the folder with `makeFolder` and runs it once more. The store's folders exist for every
 * save but a store's first (or one after they were removed); making them first cost each new
 * object 4 mkdirs on folders that were there (tmp/ twice, objects/, sources/) and a round trip:
 * 76–87 µs of CPU and 114 µs of wall time alone (10× 1000 calls, load 11.5), 0.15 ms less CPU per
 * cold read_image of animated.gif without them (median of 10 in-process runs of 61 samples
 * interleaved with bench:host's peer+write floor, 9 of 10 lower; load 10–13, 2026-12-05, objects
 * then directories of two files).
 */
async function inFolder<T>(operation: () => Promise<T>, makeFolder: () => Promise<unknown>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
  await makeFolder();
  return operation();
}

/**
 * mkdir -p of the temp root. Its own entry need not survive a crash, but directories it made
 * above the store directory (a first save into a new path) must: their parents are synced.
 */
async function makeTempRoot(tempRoot: string, ancestorsAfter: Promise<unknown>): Promise<void> {
  const target = path.resolve(tempRoot);
  const firstCreated = await makeDirectory(target, ancestorsAfter);
  if (firstCreated !== undefined && firstCreated !== target) await syncNewEntries(path.dirname(target), firstCreated);
}

/** mkdir -p, then fsync every directory that gained an entry, so the new path itself survives a crash. */
async function makeDirectoryDurably(dirPath: string): Promise<void> {
  const target = path.resolve(dirPath);
  const firstCreated = await makeDirectory(target);
  if (firstCreated !== undefined) await syncNewEntries(target, firstCreated);
}

/**
 * mkdir -p of an absolute path, resolving to the first directory it made; its missing ancestors
 * only once `ancestorsAfter` has resolved. A save's folders usually exist, and node's recursive
 * mkdir then takes two round trips (the mkdir, then a stat to check the path is a folder); a
 * plain mkdir's EEXIST takes one. A file in the folder's place is not told apart here: the next
 * step fails on it (ENOTDIR).
 */
async function makeDirectory(dirPath: string, ancestorsAfter?: Promise<unknown>): Promise<string | undefined> {
  try {
    await mkdir(dirPath);
    return dirPath;
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') return undefined;
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
  await ancestorsAfter;
  return mkdir(dirPath, { recursive: true });
}

/** fsyncs the parent of each directory from `dir` up to `firstCreated`, the first one mkdir -p made. */
async function syncNewEntries(dir: string, firstCreated: string): Promise<void> {
  const topChanged = path.dirname(path.resolve(firstCreated));
  for (let parent = path.dirname(dir); ; parent = path.dirname(parent)) {
    await syncDirectory(parent);
    if (parent === topChanged || parent === path.dirname(parent)) return;
  }
}

/** Writes `data` into a file just created, syncs it when asked, and closes it. */
async function fillFile(handle: FileHandle, data: Uint8Array, durability: Durability): Promise<void> {
  let synced = false;
  try {
    await handle.writeFile(data);
    if (durability === 'sync') await handle.sync();
    synced = durability === 'sync';
  } finally {
    // Unsynced (or failed), a write error may still surface at the close: wait for it.
    if (synced) closeInBackground(handle);
    else await handle.close();
  }
}

/** fsyncs a directory, then lets its descriptor go. */
async function syncDirectory(dirPath: string): Promise<void> {
  const handle = await open(dirPath, 'r');
  try {
    await handle.sync();
  } finally {
    closeInBackground(handle);
  }
}
