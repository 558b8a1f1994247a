/**
 * The shared-store part of `pnpm bench:host`: two processes × 50 concurrent read_image calls on
 * one store dir against one process alone, same corpus, same run; the figure is the throughput
 * ratio (2 processes on a 2-core machine should approach 2×). Results: .bench-results/host-load.json
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { benchSharedStoreLoad } from './load-bench.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.resolve(here, '../../../.bench-results/host-load.json');

console.log('shared-store load: 1 process × 50 calls, then 2 processes × 50 calls, 40 files …');
const load = await benchSharedStoreLoad(path.join(here, 'load-worker.ts'));
console.log(JSON.stringify(load, null, 2));
await mkdir(path.dirname(resultsFile), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, load }, null, 2)}\n`);
console.log(`results: ${resultsFile}`);
