/**
 * Measures one corpus file in a fresh process (so peak RSS belongs to this case alone) and
 * prints one JSON line. Usage: tsx bench/measure-case.ts <file> <refusal:0|1> <iterations>
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import sharp from 'sharp';

import { ConfigModelResolver, LocalAttachmentStore, LocalFileSystem, createReadImageTool } from '../src/index.ts';

const [file = '', refusalFlag = '0', iterationsArg = '5'] = process.argv.slice(2);
const iterations = Number(iterationsArg);
const route = { provider: 'bench', model: 'vision' };
const models = new ConfigModelResolver([{ ...route, inputModalities: ['text', 'image'] }]);
const fs = new LocalFileSystem();
const scratch = await mkdtemp(path.join(os.tmpdir(), 'toolcard-bench-'));

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/**
 * Medians of the measured operation and its floor, sampled alternately so machine drift
 * hits both alike. `prepare` runs untimed before each measured sample.
 */
async function timePair<T>(
  prepare: () => Promise<T>,
  measured: (prepared: T) => Promise<unknown>,
  floor: () => Promise<unknown>,
): Promise<{ ms: number; floorMs: number }> {
  const samples: number[] = [];
  const floorSamples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    floorSamples.push(await time(floor));
    const prepared = await prepare();
    samples.push(await time(() => measured(prepared)));
  }
  return { ms: median(samples), floorMs: median(floorSamples) };
}

const warmUpImage = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();

let storeCount = 0;
/** A store that exists (its folders made by saving another image) but has never seen the measured file. */
async function freshTool() {
  const attachments = new LocalAttachmentStore({ dir: path.join(scratch, `store-${storeCount++}`) });
  await attachments.saveImage({ data: warmUpImage });
  return createReadImageTool({ fs, attachments, models });
}

async function execute(tool: Awaited<ReturnType<typeof freshTool>>) {
  const result = await tool.execute({ file_path: file }, { callId: 'bench', cwd: scratch, route });
  return result;
}

// Warm up sharp, the module graph, the page cache and every code path (in a store of its own).
await execute(await freshTool());
await readFile(file);

const output: Record<string, unknown> = { file: path.basename(file) };
if (refusalFlag === '1') {
  const tool = await freshTool();
  const rssBefore = process.memoryUsage.rss();
  const samples: number[] = [];
  let code: string | undefined;
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    code = (await execute(tool)).error?.code;
    samples.push(performance.now() - start);
  }
  // maxRSS is the process peak so far: an upper bound on what the refusals added.
  Object.assign(output, {
    refusedCode: code,
    refusalMs: median(samples),
    rssGrowthMiB: (process.resourceUsage().maxRSS * 1024 - rssBefore) / 2 ** 20,
  });
} else {
  const cold = await timePair(freshTool, execute, async () => {
    const data = await readFile(file);
    createHash('sha256').update(data).digest();
    await sharp(data, { pages: 1, limitInputPixels: false }).raw().toBuffer();
  });
  const warmTool = await freshTool();
  const first = await execute(warmTool);
  const warm = await timePair(
    () => Promise.resolve(warmTool),
    execute,
    async () => createHash('sha256').update(await readFile(file)).digest(),
  );
  const image = first.value?.image;
  Object.assign(output, {
    isError: first.isError,
    passthrough: image !== undefined && image.originalDimensions === undefined && image.bytes === (await readFile(file)).length,
    stored: image ? `${image.mediaType} ${image.width}x${image.height} ${image.bytes} B` : first.error?.code,
    coldMs: cold.ms,
    coldFloorMs: cold.floorMs,
    coldRatio: cold.ms / cold.floorMs,
    warmMs: warm.ms,
    warmFloorMs: warm.floorMs,
    warmRatio: warm.ms / warm.floorMs,
  });
}
output.peakRssMiB = (process.resourceUsage().maxRSS * 1024) / 2 ** 20;
await rm(scratch, { recursive: true, force: true });
console.log(JSON.stringify(output));
