import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

import { closeInBackground } from '../../fs/close-in-background.ts';
import { errnoCode } from '../../fs/fs-errors.ts';
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
 * The first three only have to be done before the rename, in any order, so they run at once;
 * the parent's sync needs the rename done, but its descriptor is opened early, beside the files.
 *
 * `tempRoot` and the parent of `finalDir` are made only when missing: a store's directories
 * exist after its first save, and checking them on every save cost a thread-pool round trip each.
 */
export async function publishDirectoryOnce(tempRoot: string, finalDir: string, files: readonly FileEntry[]): Promise<'created' | 'existing'> {
  const parent = path.dirname(finalDir);
  const tempDir = await withDirectories(
    () => mkdtemp(path.join(tempRoot, tempPrefix('dir'))),
    async () => {
      await makeTempRoot(tempRoot);
      await makeDirectoryDurably(parent);
    },
  );
  const created = await createFilesIn(
    tempDir,
    parent,
    files.map((file) => file.name),
  );
  return publishCreated(created, finalDir, files);
}

/** A temp dir with its (empty) files made ahead of their contents; see draftDirectory. */
export interface DirectoryDraft {
  /** publishDirectoryOnce, with the files already made: `finalDir` must be in the draft's parent, `files` named as drafted. */
  publish(finalDir: string, files: readonly FileEntry[]): Promise<'created' | 'existing'>;
  /** Removes the temp dir, unless publish was called (which never leaves it behind). */
  discard(): Promise<void>;
}

/**
 * Starts making a temp dir under `tempRoot` with empty files `names` in it and the parent
 * opened, while the caller is still producing their contents (the file operations of a
 * publish that need no contents, done beside them). Only in a store whose directories exist:
 * when they do not, or anything fails, nothing is left and publish takes the whole way.
 */
export function draftDirectory(tempRoot: string, parent: string, names: readonly string[]): DirectoryDraft {
  const created = (async () => {
    const tempDir = await mkdtemp(path.join(tempRoot, tempPrefix('dir')));
    return createFilesIn(tempDir, parent, names);
  })().catch(() => undefined);
  let settled = false;
  return {
    async publish(finalDir, files) {
      settled = true;
      const ready = await created;
      return ready === undefined ? publishDirectoryOnce(tempRoot, finalDir, files) : publishCreated(ready, finalDir, files);
    },
    async discard() {
      if (settled) return;
      settled = true;
      const ready = await created;
      if (ready !== undefined) await abandon(ready);
    },
  };
}

/** A temp dir holding newly created, still empty files, with the descriptors its publish needs. */
interface CreatedFiles {
  readonly tempDir: string;
  readonly files: readonly { readonly name: string; readonly handle: FileHandle }[];
  /** The temp dir, to sync once the files have their data. */
  readonly openedDir: Promise<FileHandle>;
  /** The parent `finalDir` will be in, to sync after the rename; undefined when it could not be opened. */
  readonly openedParent: Promise<FileHandle | undefined>;
}

/** Creates `names` in the empty `tempDir` and opens what a publish syncs; on failure nothing is left. */
async function createFilesIn(tempDir: string, parent: string, names: readonly string[]): Promise<CreatedFiles> {
  // Missing (the store's objects/ was removed while it was open): the rename makes it, and the sync goes by path.
  const openedParent = open(parent, 'r').catch(() => undefined);
  const openedDir = open(tempDir, 'r');
  void openedDir.catch(() => undefined); // its failure is the publish's
  const created = await Promise.allSettled(names.map(async (name) => ({ name, handle: await open(path.join(tempDir, name), 'wx') })));
  const files = created.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failure = created.find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined) {
    await abandon({ tempDir, files, openedDir, openedParent });
    throw failure.reason;
  }
  return { tempDir, files, openedDir, openedParent };
}

/** Writes and syncs the created files and their dir, renames it to `finalDir`, syncs the parent. */
async function publishCreated(created: CreatedFiles, finalDir: string, contents: readonly FileEntry[]): Promise<'created' | 'existing'> {
  const { tempDir, files, openedDir, openedParent } = created;
  const dataOf = new Map(contents.map((file) => [file.name, file.data]));
  let renamed = false;
  let parentSyncedByHandle = false;
  try {
    await settledAll([openedDir.then(handleSynced), ...files.map(({ name, handle }) => fillFile(handle, dataOf.get(name) ?? missingContents(name), 'sync'))]);
    let renaming: 'renamed' | 'made-parent';
    try {
      renaming = await renameIntoPlace(tempDir, finalDir);
    } catch (error) {
      // rename(2) refuses to replace a non-empty directory: something is already there.
      if (errnoCode(error) === 'ENOTEMPTY' || errnoCode(error) === 'EEXIST') return 'existing';
      throw error;
    }
    renamed = true;
    const parentHandle = await openedParent;
    if (parentHandle !== undefined && renaming === 'renamed') {
      parentSyncedByHandle = true;
      await handleSynced(parentHandle);
    } else {
      await syncDirectory(path.dirname(finalDir));
    }
    return 'created';
  } finally {
    // Not synced through (a failure, a directory already there, a parent made anew): only closed.
    if (!parentSyncedByHandle) closeWhenOpened(openedParent);
    if (!renamed) await rm(tempDir, { recursive: true, force: true });
  }
}

function missingContents(name: string): never {
  throw new Error(`No contents given for the drafted file ${name}.`);
}

/** Closes whatever was opened for the temp dir, then removes it. */
async function abandon(created: CreatedFiles): Promise<void> {
  for (const { handle } of created.files) closeInBackground(handle);
  closeWhenOpened(created.openedDir.catch(() => undefined));
  closeWhenOpened(created.openedParent);
  await rm(created.tempDir, { recursive: true, force: true });
}

function closeWhenOpened(opened: Promise<FileHandle | undefined>): void {
  void opened.then((handle) => {
    if (handle !== undefined) closeInBackground(handle);
  });
}

/** Renames `tempDir` to `finalDir`; 'made-parent' when the parent was missing and had to be made (durably) first. */
async function renameIntoPlace(tempDir: string, finalDir: string): Promise<'renamed' | 'made-parent'> {
  try {
    await rename(tempDir, finalDir);
    return 'renamed';
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
  await makeDirectoryDurably(path.dirname(finalDir));
  await rename(tempDir, finalDir);
  return 'made-parent';
}

/**
 * Atomically and durably replaces `finalPath` with `data` (temp file under `tempRoot`, fsync,
 * rename, fsync the directory). A repair, rare: its directories are made first, as always.
 */
export async function replaceFileDurably(tempRoot: string, finalPath: string, data: Uint8Array): Promise<void> {
  const finalDir = path.dirname(finalPath);
  await mkdir(tempRoot, { recursive: true });
  await makeDirectoryDurably(finalDir);
  const tempPath = path.join(tempRoot, `${tempPrefix('file')}${randomUUID()}`);
  let renamed = false;
  try {
    await writeFile(tempPath, data, 'sync');
    await rename(tempPath, finalPath);
    renamed = true;
    await syncDirectory(finalDir);
  } finally {
    if (!renamed) await rm(tempPath, { force: true });
  }
}

export interface PreparedReplacement {
  publish(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Writes `data` to a temp file under `tempRoot` at once, and renames it to `finalPath` when
 * published — atomic, without fsync: for records that are verified on use (a cache), where a
 * crash may lose or garble the file but never the data it points at. Written on every cold
 * save, so its directories are made only when missing. The temp file never survives a publish
 * or a discard.
 */
export function prepareFileReplacement(tempRoot: string, finalPath: string, data: Uint8Array): PreparedReplacement {
  const tempPath = path.join(tempRoot, `${tempPrefix('file')}${randomUUID()}`);
  const write = () => writeFile(tempPath, data, 'no-sync');
  // No directory is made beside the object's write, which makes the store's durably: with
  // `tempRoot` missing (a first save), the file is written at publish, once that write made it.
  const written = write().then(
    () => true,
    (error: unknown) => {
      if (errnoCode(error) === 'ENOENT') return false;
      throw error;
    },
  );
  void written.catch(() => undefined); // its failure is the publish's
  return {
    async publish() {
      let renamed = false;
      try {
        if (!(await written)) await withDirectories(write, () => mkdir(tempRoot, { recursive: true }), 'ENOENT');
        await withDirectories(
          () => rename(tempPath, finalPath),
          () => mkdir(path.dirname(finalPath), { recursive: true }),
          'ENOENT',
        );
        renamed = true;
      } finally {
        if (!renamed) await rm(tempPath, { force: true });
      }
    },
    async discard() {
      await written.catch(() => undefined);
      await rm(tempPath, { force: true });
    },
  };
}

type Durability = 'sync' | 'no-sync';

/**
 * Runs `operation` assuming the directories it needs exist, as they do after a store's first
 * write. When it fails (with `onlyWhen`, if given) `makeDirectories` runs — the way every write
 * used to start, so a real failure fails there with the same error as before — and then
 * `operation` once more.
 */
async function withDirectories<T>(operation: () => Promise<T>, makeDirectories: () => Promise<unknown>, onlyWhen?: string): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (onlyWhen !== undefined && errnoCode(error) !== onlyWhen) throw error;
  }
  await makeDirectories();
  return operation();
}

/** Waits for every operation (none is left running behind a failure), then fails with the first failure. */
async function settledAll(operations: readonly Promise<unknown>[]): Promise<void> {
  const failure = (await Promise.allSettled(operations)).find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
}

/**
 * mkdir -p of the temp root. Its own entry need not survive a crash, but directories it made
 * above the store directory (a first save into a new path) must: their parents are synced.
 */
async function makeTempRoot(tempRoot: string): Promise<void> {
  const target = path.resolve(tempRoot);
  const firstCreated = await mkdir(target, { recursive: true });
  if (firstCreated !== undefined && firstCreated !== target) await syncNewEntries(path.dirname(target), firstCreated);
}

/** mkdir -p, then fsync every directory that gained an entry, so the new path itself survives a crash. */
async function makeDirectoryDurably(dirPath: string): Promise<void> {
  const target = path.resolve(dirPath);
  const firstCreated = await mkdir(target, { recursive: true });
  if (firstCreated !== undefined) await syncNewEntries(target, firstCreated);
}

/** fsyncs the parent of each directory from `dir` up to `firstCreated`, the first one mkdir -p made. */
async function syncNewEntries(dir: string, firstCreated: string): Promise<void> {
  const topChanged = path.dirname(path.resolve(firstCreated));
  for (let parent = path.dirname(dir); ; parent = path.dirname(parent)) {
    await syncDirectory(parent);
    if (parent === topChanged || parent === path.dirname(parent)) return;
  }
}

async function writeFile(filePath: string, data: Uint8Array, durability: Durability): Promise<void> {
  await fillFile(await open(filePath, 'wx'), data, durability);
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

async function syncDirectory(dirPath: string): Promise<void> {
  await handleSynced(await open(dirPath, 'r'));
}

/** fsyncs an open directory, then lets it go. */
async function handleSynced(handle: FileHandle): Promise<void> {
  try {
    await handle.sync();
  } finally {
    closeInBackground(handle);
  }
}
