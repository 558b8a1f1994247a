/**
 * The workbench index (issue 21 §5) on a generated folder of N sessions of mixed formats (our own
 * log, Claude Code transcripts and Codex rollouts with inline screenshots, ~200 kB each: ~1 GB for
 * 5 000). In the same run: the floor (every byte of every session read with a plain stream), the
 * first full index (every file summarised, into an empty cache), the index reopened on the
 * unchanged folder (session bytes read, time), and a search across all sessions against a plain
 * streaming substring scan of the same session bytes. Prints one JSON object, each ratio beside
 * its target, with the CPU time of both (every thread of the process: the wall-clock ratio moves with
 * whatever else the machine runs); asserts nothing. Beside them, a second floor: every line of every
 * session parsed with `JSON.parse` and nothing else, on one thread, whose CPU time is the least any
 * summary that parses the sessions' JSON can cost. Spread over every core with no loss, it would
 * take that CPU time over the cores: against the read floor's time, the lowest first-index ratio
 * such a summary can reach on this machine; the index's CPU time against it, what the index does
 * beyond parsing. The folder is kept under the OS temp dir and reused by later runs with the same N.
 *
 *   pnpm bench:workbench [--sessions N=5000]
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { SessionIndex } from '../src/workbench/session-index.ts';
import { sessionFiles, sessionFolder, sessionsArgument } from './workbench-folder.ts';

const sessions = sessionsArgument('bench:workbench');

const TARGETS = { firstIndexToFloor: 1.5, reopenBytes: 0, reopenMs: 1000, searchToScan: 2 } as const;
const MIB = 1_048_576;
/** The floors read text this much at a time: a MiB at a time costs ~1.7× more here (each string is then a large object, see PIECE_BYTES). */
const TEXT_CHUNK_BYTES = 64 << 10;
/** Absent from every session: a search reads every text to the end. */
const ABSENT = 'zebra crossing at midnight';
/** In the first prompt of every Claude Code session. */
const PRESENT = 'match the design in design/checkout.png';

const mib = (bytes: number) => +(bytes / MIB).toFixed(1);
const ms = (value: number) => Math.round(value);
const ratio = (value: number, floor: number) => +(value / floor).toFixed(2);

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

/** Every line of every file parsed with JSON.parse, one file after the other, as text TEXT_CHUNK_BYTES at a time. */
async function parseEveryLine(files: readonly string[]): Promise<{ ms: number; cpuMs: number; lines: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let lines = 0;
  const parse = (line: string) => {
    if (line === '') return;
    JSON.parse(line);
    lines += 1;
  };
  for (const file of files) {
    let carry = '';
    for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: TEXT_CHUNK_BYTES })) {
      const parts = (carry + (chunk as string)).split('\n');
      carry = parts.pop() ?? '';
      parts.forEach(parse);
    }
    parse(carry);
  }
  return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu), lines };
}

/** A plain streaming substring scan of the sessions' own bytes (as text, lowercased, a carry across chunks). */
async function scanEveryFile(files: readonly string[], query: string): Promise<{ ms: number; hits: number }> {
  const started = performance.now();
  let hits = 0;
  for (const file of files) {
    let carry = '';
    for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: TEXT_CHUNK_BYTES })) {
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

const dir = await sessionFolder(sessions);
const files = await sessionFiles(dir);
const cacheDir = path.join(os.tmpdir(), `toolcard-bench-workbench-cache-${String(process.pid)}`);
await rm(cacheDir, { recursive: true, force: true });
try {
  // Read once first, so the floor and the index both find the files in the page cache.
  await readEveryByte(files);
  const floor = await readEveryByte(files);
  const parsed = await parseEveryLine(files);
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
        parseFloor: {
          ms: ms(parsed.ms),
          cpuMs: ms(parsed.cpuMs),
          lines: parsed.lines,
          cpuToReadFloor: ratio(parsed.cpuMs, floor.cpuMs),
          onEveryCoreToFloor: ratio(parsed.cpuMs / os.availableParallelism(), floor.ms),
        },
        firstIndex: {
          ms: ms(first.ms),
          cpuMs: ms(first.cpuMs),
          bytesReadMiB: mib(first.bytes),
          toFloor: ratio(first.ms, floor.ms),
          cpuToParseFloor: ratio(first.cpuMs, parsed.cpuMs),
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
