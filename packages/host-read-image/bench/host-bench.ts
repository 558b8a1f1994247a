/**
 * pnpm bench:host — the read_image pipeline against floors measured in the same run.
 * Each case runs in its own process so its peak RSS is its own. Results: .bench-results/host.json
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { writeCorpus } from './corpus.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.resolve(here, '../../../.bench-results/host.json');
const TARGETS = { coldPassthroughRatio: 1.3, warmRatio: 2, bombMs: 20, bombRssMiB: 20 };

const dir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-corpus-'));
console.log(`generating corpus in ${dir} …`);
const corpus = await writeCorpus(dir);

const rows: Record<string, unknown>[] = [];
for (const entry of corpus) {
  const { size } = await stat(entry.file);
  process.stdout.write(`measuring ${entry.name} (${(size / 2 ** 20).toFixed(2)} MiB) … `);
  const iterations = size > 4 * 2 ** 20 ? '5' : '15';
  const line = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'measure-case.ts'), entry.file, entry.refusal ? '1' : '0', iterations],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const row = { ...(JSON.parse(line.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>), sizeBytes: size };
  rows.push(row);
  console.log('done');
}
await rm(dir, { recursive: true, force: true });

const fmt = (value: unknown, digits = 2) =>
  typeof value === 'number' ? value.toFixed(digits) : typeof value === 'string' ? value : '';
console.table(
  rows.map((row) => ({
    file: row.file,
    stored: row.stored ?? `refused ${String(row.refusedCode)}`,
    passthrough: row.passthrough === true ? 'yes' : row.passthrough === false ? 'no' : '',
    'cold ms': fmt(row.coldMs ?? row.refusalMs, 1),
    'cold floor ms': fmt(row.coldFloorMs, 1),
    'cold ×': fmt(row.coldRatio),
    'warm ms': fmt(row.warmMs, 1),
    'warm floor ms': fmt(row.warmFloorMs, 1),
    'warm ×': fmt(row.warmRatio),
    'peak RSS MiB': fmt(row.peakRssMiB, 0),
    'RSS growth MiB': fmt(row.rssGrowthMiB, 1),
  })),
);

const checks = rows.flatMap((row) => {
  if (typeof row.refusalMs === 'number') {
    return [
      { check: `${String(row.file)} refused < ${TARGETS.bombMs} ms`, ok: row.refusalMs < TARGETS.bombMs },
      { check: `${String(row.file)} RSS growth < ${TARGETS.bombRssMiB} MiB`, ok: Number(row.rssGrowthMiB) < TARGETS.bombRssMiB },
    ];
  }
  const out = [{ check: `${String(row.file)} warm ≤ ${TARGETS.warmRatio}× floor`, ok: Number(row.warmRatio) <= TARGETS.warmRatio }];
  if (row.passthrough === true) {
    out.push({ check: `${String(row.file)} cold passthrough ≤ ${TARGETS.coldPassthroughRatio}× floor`, ok: Number(row.coldRatio) <= TARGETS.coldPassthroughRatio });
  }
  return out;
});
for (const { check, ok } of checks) console.log(`${ok ? 'meets ' : 'MISSES'}  ${check}`);

await mkdir(path.dirname(resultsFile), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, targets: TARGETS, rows, checks }, null, 2)}\n`);
console.log(`results: ${resultsFile}`);
