/**
 * read_image reads of one file, back to back: the process to profile (bench:profile runs it
 * under V8's sampler; perf and strace attach the same way). Cold reads use a fresh store each;
 * with --warm, every read re-reads the file into one store that already holds it.
 * Usage: tsx bench/profile-case.ts <file> <iterations> [cpuProfileFile] [--warm]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';

import { benchTools, type ReadImageTool } from './bench-tool.ts';

const warm = process.argv.includes('--warm');
const [file = '', iterationsArg = '10', cpuProfileFile] = process.argv.slice(2).filter((arg) => arg !== '--warm');
const scratch = await mkdtemp(path.join(os.tmpdir(), 'toolcard-profile-'));
const tools = benchTools(scratch);
const warmTool = warm ? await tools.fresh() : undefined;

/** Stores for `count` reads, made before any is timed: a fresh one each (cold), or the one warm store. */
async function storesFor(count: number): Promise<ReadImageTool[]> {
  const stores: ReadImageTool[] = [];
  for (let i = 0; i < count; i++) stores.push(warmTool ?? (await tools.fresh()));
  return stores;
}

/** The reads alone, between marker lines, so a tracer (and the CPU profile) sees none of the stores' making. */
async function reads(stores: readonly ReadImageTool[]) {
  process.stderr.write(`profile-case: ${stores.length} ${warm ? 'warm' : 'cold'} reads start\n`);
  for (const tool of stores) {
    const result = await tools.read(tool, file);
    if (result.isError) throw new Error(`read_image failed: ${JSON.stringify(result.error)}`);
  }
  process.stderr.write(`profile-case: ${stores.length} reads done\n`);
}

await reads(await storesFor(1)); // loads every module and warms sharp up (and, with --warm, stores the file), outside the profile
const stores = await storesFor(Number(iterationsArg));
const session = new Session();
if (cpuProfileFile !== undefined) {
  // The same V8 sampler as node --cpu-prof, started after start-up so the profile holds only the reads.
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
await reads(stores);
if (cpuProfileFile !== undefined) {
  const { profile } = await session.post('Profiler.stop');
  await writeFile(cpuProfileFile, JSON.stringify(profile));
  session.disconnect();
}
await rm(scratch, { recursive: true, force: true });
