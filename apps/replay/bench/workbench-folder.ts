import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { writeLongSession } from '../test/support/long-session-log.ts';
import { writeSession, type AgentFormat } from './agent-session-files.ts';

/** The workbench benchmarks' `--sessions N` (default 5 000); exits with a usage line when it is no count. */
export function sessionsArgument(command: string): number {
  const at = process.argv.indexOf('--sessions');
  const sessions = at === -1 ? 5000 : Number(process.argv[at + 1]);
  if (!Number.isInteger(sessions) || sessions < 3) {
    console.error(`usage: ${command} [--sessions N=5000]`);
    process.exit(2);
  }
  return sessions;
}

/** Session `n`'s file: a third in each format, spread over project folders as the agents lay them out. */
async function writeNth(dir: string, n: number): Promise<void> {
  const kind = n % 3;
  const folder = path.join(dir, ['harness', 'claude', 'codex'][kind] ?? '', `p${String(n % 50)}`);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `session-${String(n)}.jsonl`);
  if (kind === 0) {
    await writeLongSession(file, 1);
    return;
  }
  const format: AgentFormat = kind === 1 ? 'claude-code' : 'codex';
  await writeSession(file, format, { targetMb: 0.1 + (n % 5) * 0.05, screenshots: 1 + (n % 3) });
}

/** Last night's sessions: changed hours ago, so the index takes none for a growing file (whose reading it keeps in its own thread). */
async function ageFiles(files: readonly string[]): Promise<void> {
  const hoursAgo = new Date(Date.now() - 6 * 3_600_000);
  for (const file of files) await utimes(file, hoursAgo, hoursAgo);
}

export async function sessionFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl')).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * A folder of `sessions` generated sessions of mixed formats (our own log, Claude Code transcripts and
 * Codex rollouts with inline screenshots, ~200 kB each), kept under the OS temp dir and reused by
 * later runs with the same count.
 */
export async function sessionFolder(sessions: number): Promise<string> {
  const dir = path.join(os.tmpdir(), `toolcard-bench-workbench-${String(sessions)}`);
  const done = path.join(dir, '.complete');
  if (
    await stat(done).then(
      () => true,
      () => false,
    )
  )
    return dir;
  await rm(dir, { recursive: true, force: true });
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < sessions; n = next++) await writeNth(dir, n);
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  await ageFiles(await sessionFiles(dir));
  await writeFile(done, '');
  console.error(`generated ${String(sessions)} sessions in ${String(Math.round(performance.now() - started))} ms`);
  return dir;
}
