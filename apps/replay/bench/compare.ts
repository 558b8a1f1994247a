/**
 * Comparing two runs (issue 22 §4): two 30 000-call sessions aligned as the compare worker aligns
 * them, against a floor measured in the same run — `diff`'s own `diffArrays` on the two plain
 * argument-string lists with its default equality (a plain LCS by dynamic programming would need
 * 30 000² cells). A is the recorded long session repeated to 30 000 calls, read by the model's own
 * reader; B is A with one call removed, one added, one given other arguments and one another result
 * in every hundred. Prints one JSON object with the ratio beside its target; asserts nothing.
 *
 *   pnpm bench:compare [--repeat N=100]   (N × 300 calls per session)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { readAgentLog } from '@toolcard/ui-tool-image/model';
import { diffArrays } from 'diff';

import { writeLongSession } from '../test/support/long-session-log.ts';
import { alignCalls, countRows, type ComparedCall } from '../viewer/compare/align-calls.ts';
import { callSequenceOf } from '../viewer/compare/session-calls.ts';
import { viewerLogOf } from '../viewer/viewer-log.ts';

const repeatArg = process.argv.indexOf('--repeat');
const repeat = repeatArg === -1 ? 100 : Number(process.argv[repeatArg + 1]);
if (!Number.isInteger(repeat) || repeat < 1) {
  console.error('usage: bench:compare [--repeat N=100]');
  process.exit(2);
}
const TARGET_ALIGN_TO_FLOOR = 2;
const RUNS = 7;

const dir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-bench-compare-'));
const file = path.join(dir, 'a.jsonl');
await writeLongSession(file, repeat);
const readStarted = performance.now();
const a = callSequenceOf(viewerLogOf(readAgentLog(await readFile(file, 'utf8')))).calls;
const readMs = performance.now() - readStarted;
await rm(dir, { recursive: true });

/** A's calls with an edit of each kind in every hundred: the kind of differences a new run brings. */
function edited(calls: readonly ComparedCall[]): ComparedCall[] {
  const out: ComparedCall[] = [];
  calls.forEach((call, index) => {
    const place = index % 100;
    if (place === 10) return;
    if (place === 30) out.push({ ...call, callId: `${call.callId}-new`, name: 'bash', args: '{"cmd":"ls"}' });
    if (place === 50) out.push({ ...call, args: `${call.args} ` });
    else if (place === 70) out.push({ ...call, resultText: `${call.resultText} (changed)` });
    else out.push(call);
  });
  return out;
}
const b = edited(a);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Each measured RUNS times, interleaved (so a slow moment of the machine falls on both), after one warm-up each. */
const argsA = a.map((call) => call.args);
const argsB = b.map((call) => call.args);
const floorTimes: number[] = [];
const alignTimes: number[] = [];
let rows = alignCalls(a, b);
diffArrays(argsA, argsB);
for (let run = 0; run < RUNS; run += 1) {
  let started = performance.now();
  diffArrays(argsA, argsB);
  floorTimes.push(performance.now() - started);
  started = performance.now();
  rows = alignCalls(a, b);
  alignTimes.push(performance.now() - started);
}
const floorMs = median(floorTimes);
const alignMs = median(alignTimes);
const round = (value: number) => +value.toFixed(1);

console.log(
  JSON.stringify(
    {
      callsA: a.length,
      callsB: b.length,
      rows: rows.length,
      counts: countRows(rows),
      readAndExtractAMs: round(readMs),
      floorDiffArraysOnArgumentsMs: round(floorMs),
      alignCallsMs: round(alignMs),
      alignToFloor: +(alignMs / floorMs).toFixed(2),
      target: `alignToFloor <= ${String(TARGET_ALIGN_TO_FLOOR)}`,
      runs: RUNS,
    },
    null,
    2,
  ),
);
