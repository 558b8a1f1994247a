import { createHash } from 'node:crypto';
import { lstat, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { errnoCode } from '../../fs/fs-errors.ts';

/**
 * Temp entries of a write in progress are named `<pid>.<host>.<kind>-<random>`, so that a store
 * opening the directory can tell whose they are. A write holds its temp entry for milliseconds
 * and always removes it, so an entry survives only its writer's death (SIGKILL, power loss).
 *
 * The sweep removes an entry when its writer is provably gone: same host and the pid no longer
 * exists (`kill(pid, 0)` fails with ESRCH). A live process's entries are never touched, so the
 * sweep is safe while other processes save into the same store. What liveness cannot decide —
 * another host's entries on a shared file system, names from older versions, or a pid that was
 * reused by an unrelated process — is removed only once older than a day, far beyond any write.
 * (A grace period alone would leave a crash's leftovers for that long; pid alone is wrong across
 * hosts and under pid reuse.)
 */
const HOST_TAG = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
const OWNER = /^(\d+)\.([0-9a-f]{8})\./;
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** The prefix of this process's temp entries of one kind (`file`; older versions also made `dir`). */
export function tempPrefix(kind: string): string {
  return `${process.pid}.${HOST_TAG}.${kind}-`;
}

/** Removes the entries under `tempRoot` whose writer is gone; returns how many (0 when there is no tempRoot). */
export async function sweepOrphanedTemp(tempRoot: string, now: number = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tempRoot);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return 0;
    throw error;
  }
  let swept = 0;
  for (const name of names) {
    const entry = path.join(tempRoot, name);
    if (!(await isOrphaned(name, entry, now))) continue;
    await rm(entry, { recursive: true, force: true });
    swept++;
  }
  return swept;
}

async function isOrphaned(name: string, entry: string, now: number): Promise<boolean> {
  const owner = OWNER.exec(name);
  if (owner?.[2] === HOST_TAG && !isAlive(Number(owner[1]))) return true;
  try {
    return now - (await lstat(entry)).mtimeMs > ORPHAN_AGE_MS;
  } catch {
    return false; // already gone: its writer finished
  }
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return true; // not a process id we write (0 would signal our own process group)
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === 'EPERM'; // exists, owned by someone else
  }
}
