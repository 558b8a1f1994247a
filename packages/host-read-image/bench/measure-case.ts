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

async function timeMedian(run: () => Promise<unknown>, count = iterations): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push(await time(run));
  return median(samples);
}

let storeCount = 0;
function freshTool() {
  const attachments = new LocalAttachmentStore({ dir: path.join(scratch, `store-${storeCount++}`) });
  return createReadImageTool({ fs, attachments, models });
}

async function execute(tool: ReturnType<typeof freshTool>) {
  const result = await tool.execute({ file_path: file }, { callId: 'bench', cwd: scratch, route });
  return result;
}

// Warm up sharp, the module graph and the page cache without touching the measured paths.
await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
await readFile(file);

const output: Record<string, unknown> = { file: path.basename(file) };
if (refusalFlag === '1') {
  const rssBefore = process.memoryUsage.rss();
  const tool = freshTool();
  const first = await execute(tool);
  output.refusedCode = first.error?.code;
  output.refusalMs = await timeMedian(() => execute(tool));
  output.rssGrowthMiB = (process.resourceUsage().maxRSS * 1024 - rssBefore) / 2 ** 20;
} else {
  const coldFloorMs = await timeMedian(async () => {
    const data = await readFile(file);
    createHash('sha256').update(data).digest();
    await sharp(data, { pages: 1, limitInputPixels: false }).raw().toBuffer();
  });
  const warmFloorMs = await timeMedian(async () => {
    createHash('sha256').update(await readFile(file)).digest();
  });
  const first = await execute(freshTool());
  const coldMs = await timeMedian(() => execute(freshTool()));
  const warmTool = freshTool();
  await execute(warmTool);
  const warmMs = await timeMedian(() => execute(warmTool));
  const image = first.value?.image;
  Object.assign(output, {
    isError: first.isError,
    passthrough: image !== undefined && image.originalDimensions === undefined && image.bytes === (await readFile(file)).length,
    stored: image ? `${image.mediaType} ${image.width}x${image.height} ${image.bytes} B` : first.error?.code,
    coldMs,
    coldFloorMs,
    coldRatio: coldMs / coldFloorMs,
    warmMs,
    warmFloorMs,
    warmRatio: warmMs / warmFloorMs,
  });
}
output.peakRssMiB = (process.resourceUsage().maxRSS * 1024) / 2 ** 20;
await rm(scratch, { recursive: true, force: true });
console.log(JSON.stringify(output));
