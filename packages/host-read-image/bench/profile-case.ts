/**
 * Cold read_image reads of one file, back to back, each on a fresh store: the process to
 * profile (bench:profile runs it under node --cpu-prof; perf and strace attach the same way). Usage: tsx bench/profile-case.ts <file> <iterations>
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';

import { benchTools } from './bench-tool.ts';

const [file = '', iterationsArg = '10', cpuProfileFile] = process.argv.slice(2);
const scratch = await mkdtemp(path.join(os.tmpdir(), 'toolcard-profile-'));
const tools = benchTools(scratch);

/** The fresh stores are all made first, so a tracer sees only the reads after the marker line. */
async function coldReads(count: number) {
  const fresh = [];
  for (let i = 0; i < count; i++) fresh.push(await tools.fresh());
  process.stderr.write(`profile-case: ${count} cold reads start\n`);
  for (const tool of fresh) {
    const result = await tools.read(tool, file);
    if (result.isError) throw new Error(`read_image failed: ${JSON.stringify(result.error)}`);
  }
}

await coldReads(1); // loads every module and warms sharp up, outside the profile
const session = new Session();
if (cpuProfileFile !== undefined) {
  // The same V8 sampler as node --cpu-prof, started after start-up so the profile holds only the reads.
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
await coldReads(Number(iterationsArg));
if (cpuProfileFile !== undefined) {
  const { profile } = await session.post('Profiler.stop');
  await writeFile(cpuProfileFile, JSON.stringify(profile));
  session.disconnect();
}
await rm(scratch, { recursive: true, force: true });
