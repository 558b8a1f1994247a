/**
 * Measures one corpus file in a fresh process (so peak RSS belongs to this case alone) and
 * prints one JSON line. Usage: tsx bench/measure-case.ts <file> <refusal:0|1> <iterations>
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import sharp from 'sharp';

import { inFormat } from '../src/image/frame-encoder.ts';
import { storedMediaType } from '../src/image/normalisation-policy.ts';
import { sniffImageMediaType } from '../src/image/sniff-media-type.ts';
import { DEFAULT_IMAGE_LIMITS } from '../src/seams/attachment-store.ts';
import { benchTools, type ReadImageTool } from './bench-tool.ts';

const [file = '', refusalFlag = '0', iterationsArg = '5'] = process.argv.slice(2);
const iterations = Number(iterationsArg);
const scratch = await mkdtemp(path.join(os.tmpdir(), 'toolcard-bench-'));
const tools = benchTools(scratch);

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type Contenders = 'cold' | 'warm' | 'decodeFloor' | 'peer' | 'peerWriteFloor' | 'peerRecordFloor' | 'readHashFloor';

function summarised(samples: Record<Contenders, number[]>, statistic: (values: number[]) => number): Record<Contenders, number> {
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, statistic(values)])) as Record<Contenders, number>;
}

/**
 * Medians are the figures; the best of each contender's samples is printed beside them because
 * a machine shared with other jobs inflates samples at random, never deflates them.
 */
function ratiosOf(ms: Record<Contenders, number>) {
  return {
    coldVsDecode: ms.cold / ms.decodeFloor,
    coldVsPeer: ms.cold / ms.peer,
    coldVsPeerWrite: ms.cold / ms.peerWriteFloor,
    coldVsPeerRecord: ms.cold / ms.peerRecordFloor,
    warmVsPeer: ms.warm / ms.peer,
    warmVsReadHash: ms.warm / ms.readHashFloor,
  };
}

interface Contender {
  /** Untimed set-up before each timed sample (a fresh store for a cold read). */
  readonly prepare?: () => Promise<unknown>;
  readonly run: (prepared: unknown) => Promise<unknown>;
}

/**
 * Samples of every contender, interleaved in one loop (the order rotates each iteration) so
 * machine drift and the other contenders' cache effects hit them all alike: wall-clock time, and
 * the CPU time of every thread of the process (sharp's and the file system's too), which a machine
 * shared with other jobs inflates far less than the wall clock.
 */
async function sampleInterleaved<K extends string>(
  contenders: Record<K, Contender>,
): Promise<{ readonly wall: Record<K, number[]>; readonly cpu: Record<K, number[]> }> {
  const names = Object.keys(contenders) as K[];
  const none = () => Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const samples = none();
  const cpu = none();
  for (let i = 0; i < iterations; i++) {
    const start = i % names.length;
    for (const name of [...names.slice(start), ...names.slice(0, start)]) {
      const { prepare, run } = contenders[name];
      const prepared = await prepare?.();
      const cpuBegan = process.cpuUsage();
      const began = performance.now();
      await run(prepared);
      samples[name].push(performance.now() - began);
      const { user, system } = process.cpuUsage(cpuBegan);
      cpu[name].push((user + system) / 1000);
    }
  }
  return { wall: samples, cpu };
}

const freshTool = () => tools.fresh();
const execute = (tool: ReadImageTool) => tools.read(tool, file);

const source = await readFile(file);
const sourceType = sniffImageMediaType(source);
if (sourceType === undefined) throw new Error(`${file} is not a PNG, JPEG, WebP or GIF`);
/** The peer encodes to the format (and with the settings) we store, so the two do the same work. */
const peerType = storedMediaType(sourceType);
const maxSide = DEFAULT_IMAGE_LIMITS.normalizedImageMaxDimension;

interface PeerOutput {
  readonly data: Buffer;
  readonly digest: string;
  readonly width: number;
  readonly height: number;
}

async function peerOutput(): Promise<PeerOutput> {
  const data = await readFile(file);
  const resized = sharp(data).rotate().resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const { data: encoded, info } = await inFormat(resized, peerType).toBuffer({ resolveWithObject: true });
  return { data: encoded, digest: createHash('sha256').update(encoded).digest('hex'), width: info.width, height: info.height };
}

/** Writes `data` into a file just created and fsyncs it. */
async function writeSynced(handle: FileHandle, data: Uint8Array): Promise<void> {
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const writeFloorDir = path.join(scratch, 'write-floor');
await mkdir(path.join(writeFloorDir, 'tmp'), { recursive: true });
await mkdir(path.join(writeFloorDir, 'objects'));
let writeCount = 0;

const floors = {
  /** The floor bench:host always had: read, hash and decode the first frame, no resize or encode. */
  decode: async () => {
    const data = await readFile(file);
    createHash('sha256').update(data).digest();
    await sharp(data, { pages: 1, limitInputPixels: false }).raw().toBuffer();
  },
  /** What a peer tool runs: read, orient, resize to 2048 inside, encode, hash; no validation, no store. */
  peer: async () => {
    await peerOutput();
  },
  /**
   * The like-for-like floor of a cold read (issue 25 §6): the peer pipeline, then the least durable
   * write of its output — a temp file written and fsynced, renamed under a new name into a folder,
   * the folder fsynced. No second file, no temp dir, no validation, no index.
   */
  peerWrite: async () => {
    const { data } = await peerOutput();
    const name = `one-${writeCount++}`;
    const temp = path.join(writeFloorDir, 'tmp', name);
    await writeSynced(await open(temp, 'wx'), data);
    await rename(temp, path.join(writeFloorDir, 'objects', name));
    await syncFolder(path.join(writeFloorDir, 'objects'));
  },
  /**
   * What the store must keep of a cold read's output, at the least durable cost (DESIGN §3): the
   * objects are content-addressed, so the bytes are a file of their own (its sha256 is the id),
   * and readImage returns them with their reference record (type, size, originalDimensions, which
   * the bytes cannot tell); neither may be visible without the other. So two files written and
   * fsynced in a fresh folder, the folder fsynced, renamed into objects/, objects/ fsynced. No
   * validation, no index, no directory checks, no read-back. Printed beside peer+write (issue 25's
   * floor, which writes the output alone) to show how much of a small file's cold read over that
   * floor is the record the store must publish with it: 1.11× peer+write's wall time (median of 6
   * runs of this script, 0.91–1.21×); for animated.gif 0.27–0.71 ms of CPU per read (4 in-process
   * runs of 81 interleaved samples, load 14–16).
   */
  peerRecord: async () => {
    const output = await peerOutput();
    const record = { attachmentId: `sha256:${output.digest}`, mediaType: peerType, bytes: output.data.length, width: output.width, height: output.height };
    const name = `${writeCount++}`;
    const temp = path.join(writeFloorDir, 'tmp', name);
    await mkdir(temp);
    const [image, ref] = await Promise.all([open(path.join(temp, 'image'), 'wx'), open(path.join(temp, 'ref.json'), 'wx')]);
    await Promise.all([writeSynced(image, output.data), writeSynced(ref, Buffer.from(JSON.stringify(record))), syncFolder(temp)]);
    await rename(temp, path.join(writeFloorDir, 'objects', name));
    await syncFolder(path.join(writeFloorDir, 'objects'));
  },
  /** The least a warm re-read can do: read the file and hash it. */
  readHash: async () => {
    createHash('sha256')
      .update(await readFile(file))
      .digest();
  },
};

// Warm up sharp, the module graph, the page cache and every code path (in a store of its own).
await execute(await freshTool());

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
    refusalSamplesMs: samples,
    rssGrowthMiB: (process.resourceUsage().maxRSS * 1024 - rssBefore) / 2 ** 20,
  });
} else {
  for (const floor of Object.values(floors)) await floor();
  const warmTool = await freshTool();
  const first = await execute(warmTool);
  const { wall: samples, cpu } = await sampleInterleaved<Contenders>({
    cold: { prepare: freshTool, run: (tool) => execute(tool as ReadImageTool) },
    warm: { run: () => execute(warmTool) },
    decodeFloor: { run: floors.decode },
    peer: { run: floors.peer },
    peerWriteFloor: { run: floors.peerWrite },
    peerRecordFloor: { run: floors.peerRecord },
    readHashFloor: { run: floors.readHash },
  });
  const ms = summarised(samples, median);
  const bestMs = summarised(samples, (values) => Math.min(...values));
  const image = first.value?.image;
  Object.assign(output, {
    isError: first.isError,
    passthrough: image !== undefined && image.originalDimensions === undefined && image.bytes === source.length,
    stored: image ? `${image.mediaType} ${image.width}x${image.height} ${image.bytes} B` : first.error?.code,
    peerFormat: peerType,
    medianMs: ms,
    ratios: ratiosOf(ms),
    bestMs,
    bestRatios: ratiosOf(bestMs),
    samplesMs: samples,
    cpuRatios: ratiosOf(summarised(cpu, median)),
  });
}
output.peakRssMiB = (process.resourceUsage().maxRSS * 1024) / 2 ** 20;
await rm(scratch, { recursive: true, force: true });
console.log(JSON.stringify(output));
