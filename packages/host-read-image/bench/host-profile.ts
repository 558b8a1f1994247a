/**
 * pnpm --filter @toolcard/host-read-image run bench:profile <corpus file> [iterations] — where a cold read_image spends its
 * main-thread time: cold reads of one corpus file under V8's CPU profiler (what node
 * --cpu-prof runs, started after the warm-up read), the top frames by self time. sharp's pixel work and the store's fsyncs run on libuv's thread pool, so they
 * show here as (idle) on the main thread; attach perf (CPU) or strace -c -w (syscall wall
 * time) to bench/profile-case.ts for those.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { writeCorpus } from './corpus.ts';
import { topFrames } from './cpu-profile-top.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const [name = 'photo-12mp.jpg', iterations = '10'] = process.argv.slice(2);
const dir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-corpus-'));
const entry = (await writeCorpus(dir)).find((candidate) => candidate.name === name && !candidate.refusal);
if (entry === undefined) throw new Error(`no stored corpus file named ${name}`);
const profileDir = path.resolve(here, '../../../.bench-results/profiles');
await mkdir(profileDir, { recursive: true });
const profileFile = path.join(profileDir, `${name}.cpuprofile`);
execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'profile-case.ts'), entry.file, iterations, profileFile], {
  stdio: 'inherit',
});
await rm(dir, { recursive: true, force: true });
const { totalMs, frames } = await topFrames(profileFile, 20);
console.log(`${iterations} cold reads of ${name}: ${totalMs.toFixed(0)} ms of main-thread samples`);
console.table(frames.map(({ frame, ms, share }) => ({ frame, ms: ms.toFixed(1), '%': (share * 100).toFixed(1) })));
console.log(`profile: ${profileFile} (open it in Chrome DevTools › Performance)`);
