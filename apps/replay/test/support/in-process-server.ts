import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A stand-in for the built viewer in `dir`: its page is all the in-process server tests ask for. */
export async function viewerPage(dir: string): Promise<string> {
  const viewerDir = path.join(dir, 'viewer');
  await mkdir(viewerDir);
  await writeFile(path.join(viewerDir, 'index.html'), '<!doctype html><title>viewer</title>');
  return viewerDir;
}

/** Runs `task` with os.tmpdir() (where the server makes its temporary folder) at `dir`. */
export async function inTmpDir(dir: string, task: () => Promise<void>): Promise<void> {
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    await task();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
}

/** The spool folders in `dir` (a server's temporary folders). */
export async function spoolDirsIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith('toolcard-replay-spool-'));
}
