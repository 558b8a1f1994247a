import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'toolcard-replay-spool-';
/** A spool folder names the server that made it: `toolcard-replay-spool-<pid>-<random>`. */
const OWNED = /^toolcard-replay-spool-(\d+)-[^-]+$/;

/**
 * A new temporary folder for a spooled copy and its stores, named after this process. A server
 * stopped by SIGKILL (or a crash) never removes its folder, which can hold hundreds of MB of
 * images: the folders of servers no longer running are removed first. A folder whose process
 * cannot be asked (another user's) is left.
 */
export async function makeSpoolFolder(): Promise<string> {
  const tmp = os.tmpdir();
  await removeAbandoned(tmp);
  return mkdtemp(path.join(tmp, `${PREFIX}${String(process.pid)}-`));
}

async function removeAbandoned(tmp: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(tmp);
  } catch {
    return;
  }
  const abandoned = names.filter((name) => {
    const pid = OWNED.exec(name)?.[1];
    return pid !== undefined && !isRunning(Number(pid));
  });
  await Promise.all(abandoned.map((name) => rm(path.join(tmp, name), { recursive: true, force: true }).catch(() => undefined)));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
