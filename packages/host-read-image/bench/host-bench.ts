/**
 * pnpm bench:host — the read_image pipeline against floors measured in the same run: a plain
 * decode, the pipeline a peer tool runs (read, orient, resize, encode, hash), that pipeline plus
 * the least durable write of its output (the like-for-like floor of a cold read), the same with
 * the reference record the store must publish with the bytes (see measure-case.ts) and, for warm
 * re-reads, readFile + sha256. Each case runs in its own
 * process so its peak RSS is its own.
 * Results, with every raw sample: .bench-results/host.json
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { writeCorpus } from './corpus.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.resolve(here, '../../../.bench-results/host.json');
const TARGETS = {
  warmVsReadHash: 2,
  passthroughVsPeer: 0.5,
  smallFileVsPeer: 1.5,
  smallFileVsPeerWrite: 1.3,
  smallFileBytes: 100_000,
  bombMs: 20,
  bombRssMiB: 20,
};

interface Ratios {
  readonly coldVsDecode: number;
  readonly coldVsPeer: number;
  readonly coldVsPeerWrite: number;
  readonly coldVsPeerRecord: number;
  readonly warmVsPeer: number;
  readonly warmVsReadHash: number;
}

interface Row {
  readonly file: string;
  readonly sizeBytes: number;
  readonly coldVsPeerTarget?: number;
  readonly stored?: string;
  readonly passthrough?: boolean;
  readonly refusedCode?: string;
  readonly refusalMs?: number;
  readonly rssGrowthMiB?: number;
  readonly peakRssMiB: number;
  readonly medianMs?: Record<'cold' | 'warm' | 'decodeFloor' | 'peer' | 'peerWriteFloor' | 'peerRecordFloor' | 'readHashFloor', number>;
  readonly ratios?: Ratios;
  readonly bestRatios?: Ratios;
  /** The same ratios of the median CPU times (every thread of the measuring process). */
  readonly cpuRatios?: Ratios;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-corpus-'));
console.log(`generating corpus in ${dir} …`);
const corpus = await writeCorpus(dir);

const rows: Row[] = [];
for (const entry of corpus) {
  const { size } = await stat(entry.file);
  process.stdout.write(`measuring ${entry.name} (${(size / 2 ** 20).toFixed(2)} MiB) … `);
  const iterations = size > 4 * 2 ** 20 ? '7' : '21';
  const line = execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'measure-case.ts'), entry.file, entry.refusal ? '1' : '0', iterations], {
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
  const measured = JSON.parse(line.trim().split('\n').at(-1) ?? '{}') as Omit<Row, 'sizeBytes' | 'coldVsPeerTarget'>;
  rows.push({ ...measured, sizeBytes: size, ...(entry.coldVsPeerTarget === undefined ? {} : { coldVsPeerTarget: entry.coldVsPeerTarget }) });
  console.log('done');
}
await rm(dir, { recursive: true, force: true });

const fmt = (value: number | undefined, digits = 2) => (value === undefined ? '' : value.toFixed(digits));
console.table(
  rows.map((row) => ({
    file: row.file,
    kB: fmt(row.sizeBytes / 1000, 0),
    stored: row.stored ?? `refused ${String(row.refusedCode)}`,
    pass: row.passthrough === true ? 'yes' : row.passthrough === false ? 'no' : '',
    'cold ms': fmt(row.medianMs?.cold ?? row.refusalMs, 1),
    'decode ms': fmt(row.medianMs?.decodeFloor, 1),
    'cold×decode': fmt(row.ratios?.coldVsDecode),
    'peer ms': fmt(row.medianMs?.peer, 1),
    'cold×peer': fmt(row.ratios?.coldVsPeer),
    'peer+write ms': fmt(row.medianMs?.peerWriteFloor, 1),
    'cold×peer+write': fmt(row.ratios?.coldVsPeerWrite),
    'CPU cold×peer+write': fmt(row.cpuRatios?.coldVsPeerWrite),
    'cold×peer+record': fmt(row.ratios?.coldVsPeerRecord),
    'warm ms': fmt(row.medianMs?.warm, 1),
    'warm×peer': fmt(row.ratios?.warmVsPeer),
    'read+sha ms': fmt(row.medianMs?.readHashFloor, 1),
    'warm×read+sha': fmt(row.ratios?.warmVsReadHash),
    'RSS MiB': fmt(row.peakRssMiB, 0),
  })),
);

interface Check {
  readonly check: string;
  readonly ok: boolean;
}

function checksOf(row: Row): Check[] {
  if (row.refusalMs !== undefined) {
    return [
      { check: `${row.file} refused < ${TARGETS.bombMs} ms`, ok: row.refusalMs < TARGETS.bombMs },
      { check: `${row.file} RSS growth < ${TARGETS.bombRssMiB} MiB`, ok: Number(row.rssGrowthMiB) < TARGETS.bombRssMiB },
    ];
  }
  const ratios = row.ratios;
  if (ratios === undefined) return [{ check: `${row.file} was measured`, ok: false }];
  const best = row.bestRatios;
  const vsPeer = (limit: number, why: string): Check => ({
    check: `${row.file} cold ≤ ${limit}× peer (${why}): ${ratios.coldVsPeer.toFixed(2)}× (best of each: ${fmt(best?.coldVsPeer)}×)`,
    ok: ratios.coldVsPeer <= limit,
  });
  return [
    ...(row.coldVsPeerTarget === undefined ? [] : [vsPeer(row.coldVsPeerTarget, 'named file')]),
    ...(row.sizeBytes < TARGETS.smallFileBytes
      ? [
          vsPeer(TARGETS.smallFileVsPeer, `under ${TARGETS.smallFileBytes / 1000} kB`),
          {
            check: `${row.file} cold ≤ ${TARGETS.smallFileVsPeerWrite}× peer + durable write (under ${TARGETS.smallFileBytes / 1000} kB): ${ratios.coldVsPeerWrite.toFixed(2)}× (best of each: ${fmt(best?.coldVsPeerWrite)}×)`,
            ok: ratios.coldVsPeerWrite <= TARGETS.smallFileVsPeerWrite,
          },
        ]
      : []),
    ...(row.passthrough === true ? [vsPeer(TARGETS.passthroughVsPeer, 'passthrough')] : []),
    {
      check: `${row.file} warm ≤ ${TARGETS.warmVsReadHash}× readFile + sha256: ${ratios.warmVsReadHash.toFixed(2)}× (best of each: ${fmt(best?.warmVsReadHash)}×)`,
      ok: ratios.warmVsReadHash <= TARGETS.warmVsReadHash,
    },
  ];
}

const checks = rows.flatMap(checksOf);
console.log('PASS/MISS on the medians of one interleaved run:');
for (const { check, ok } of checks) console.log(`${ok ? 'PASS' : 'MISS'}  ${check}`);

await mkdir(path.dirname(resultsFile), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, targets: TARGETS, rows, checks }, null, 2)}\n`);
console.log(`results: ${resultsFile}`);
