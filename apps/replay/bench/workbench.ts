/**
 * The workbench index (issue 21 §5) on a generated folder of N sessions of mixed formats (our own
 * log, Claude Code transcripts and Codex rollouts with inline screenshots, ~200 kB each: ~1 GB for
 * 5 000). In the same run: the floor (every byte of every session read with a plain stream), the
 * first full index (every file summarised, into an empty cache), the index reopened on the
 * unchanged folder (session bytes read, time), and a search across all sessions against a plain
 * streaming substring scan of the same session bytes. Prints one JSON object, each ratio beside
 * its target, with the CPU time of both (every thread of the process: the wall-clock ratio moves with
 * whatever else the machine runs); asserts nothing. The folder is kept under the OS temp dir and reused by later runs
 * with the same N.
 *
 *   pnpm bench:workbench [--sessions N=5000]
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { SessionIndex } from '../src/workbench/session-index.ts';
import { writeLongSession } from '../test/support/long-session-log.ts';
import { writeSession, type AgentFormat } from './agent-session-files.ts';

const sessionsArg = process.argv.indexOf('--sessions');
const sessions = sessionsArg === -1 ? 5000 : Number(process.argv[sessionsArg + 1]);
if (!Number.isInteger(sessions) || sessions < 3) {
  console.error('usage: bench:workbench [--sessions N=5000]');
  process.exit(2);
}

const TARGETS = { firstIndexToFloor: 1.5, reopenBytes: 0, reopenMs: 1000, searchToScan: 2 } as const;
const MIB = 1_048_576;
/** Absent from every session: a search reads every text to the end. */
const ABSENT = 'zebra crossing at midnight';
/** In the first prompt of every Claude Code session. */
const PRESENT = 'match the design in design/checkout.png';

const mib = (bytes: number) => +(bytes / MIB).toFixed(1);
const ms = (value: number) => Math.round(value);
const ratio = (value: number, floor: number) => +(value / floor).toFixed(2);

// --- The folder --------------------------------------------------------------------------------

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

/** Last night's sessions: changed hours ago, so the index takes none for a growing file (whose reading it keeps in this thread). */
async function ageFiles(files: readonly string[]): Promise<void> {
  const hoursAgo = new Date(Date.now() - 6 * 3_600_000);
  for (const file of files) await utimes(file, hoursAgo, hoursAgo);
}

async function sessionFolder(): Promise<string> {
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
  console.error(`generated ${String(sessions)} sessions in ${String(ms(performance.now() - started))} ms`);
  return dir;
}

async function sessionFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl')).map((entry) => path.join(entry.parentPath, entry.name));
}

// --- The floors --------------------------------------------------------------------------------

/** CPU time of every thread of this process (the index's workers too) since `start`. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/** Every byte of every file read with a plain stream, as many files at once as the index reads. */
async function readEveryByte(files: readonly string[]): Promise<{ ms: number; cpuMs: number; bytes: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < files.length; index = next++)
      for await (const chunk of createReadStream(files[index] ?? '')) bytes += (chunk as Buffer).length;
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu), bytes };
}

/** A plain streaming substring scan of the sessions' own bytes (as text, lowercased, a carry across chunks). */
async function scanEveryFile(files: readonly string[], query: string): Promise<{ ms: number; hits: number }> {
  const started = performance.now();
  let hits = 0;
  for (const file of files) {
    let carry = '';
    for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: MIB })) {
      const text = carry + (chunk as string).toLowerCase();
      if (text.includes(query)) {
        hits += 1;
        break;
      }
      carry = text.slice(-(query.length - 1));
    }
  }
  return { ms: performance.now() - started, hits };
}

// --- The index ---------------------------------------------------------------------------------

async function openIndex(dir: string, cacheDir: string): Promise<{ index: SessionIndex; ms: number; cpuMs: number; bytes: number }> {
  let bytes = 0;
  const index = new SessionIndex({
    roots: [dir],
    cacheDir,
    onError: (error) => {
      console.error(error);
    },
    onSessionBytes: (n) => (bytes += n),
  });
  const started = performance.now();
  const cpu = process.cpuUsage();
  await index.start();
  return { index, ms: performance.now() - started, cpuMs: cpuMsSince(cpu), bytes };
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

const dir = await sessionFolder();
const files = await sessionFiles(dir);
const cacheDir = path.join(os.tmpdir(), `toolcard-bench-workbench-cache-${String(process.pid)}`);
await rm(cacheDir, { recursive: true, force: true });
try {
  // Read once first, so the floor and the index both find the files in the page cache.
  await readEveryByte(files);
  const floor = await readEveryByte(files);
  const first = await openIndex(dir, cacheDir);
  const listed = first.index.answer().sessions.length;
  const firstHeapMiB = mib(process.memoryUsage().heapUsed);
  await first.index.close();
  const reopened = await openIndex(dir, cacheDir);
  const scanAbsent = await scanEveryFile(files, ABSENT);
  const searchAbsent = await timed(() => reopened.index.search(ABSENT));
  const scanPresent = await scanEveryFile(files, PRESENT);
  const searchPresent = await timed(() => reopened.index.search(PRESENT));
  await reopened.index.close();
  console.log(
    JSON.stringify(
      {
        sessions: files.length,
        listed,
        sessionMiB: mib(floor.bytes),
        cpus: os.availableParallelism(),
        load: os.loadavg().map((value) => +value.toFixed(2)),
        floorReadMs: ms(floor.ms),
        floorCpuMs: ms(floor.cpuMs),
        firstIndex: {
          ms: ms(first.ms),
          cpuMs: ms(first.cpuMs),
          bytesReadMiB: mib(first.bytes),
          toFloor: ratio(first.ms, floor.ms),
          target: TARGETS.firstIndexToFloor,
          heapMiB: firstHeapMiB,
        },
        reopen: { ms: ms(reopened.ms), sessionBytesRead: reopened.bytes, targetBytes: TARGETS.reopenBytes, targetMs: TARGETS.reopenMs },
        searchAbsent: {
          ms: ms(searchAbsent.ms),
          scanMs: ms(scanAbsent.ms),
          hits: searchAbsent.value.length,
          toScan: ratio(searchAbsent.ms, scanAbsent.ms),
          target: TARGETS.searchToScan,
        },
        searchPresent: {
          ms: ms(searchPresent.ms),
          scanMs: ms(scanPresent.ms),
          hits: searchPresent.value.length,
          scanHits: scanPresent.hits,
          toScan: ratio(searchPresent.ms, scanPresent.ms),
          target: TARGETS.searchToScan,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await rm(cacheDir, { recursive: true, force: true });
}
