/*
 * Run in a process of its own: `node --expose-gc --import tsx spool-memory-probe.ts SOURCE DIR`.
 * Spools SOURCE into DIR (the copy and a real store) and prints one JSON line: the JavaScript
 * memory (V8 heap and buffers) after a full gc before and after, and its peaks while spooling.
 */
import { register } from 'node:module';
import path from 'node:path';

// As the package bin does: the workspace packages resolve to their sources. Imports come after it.
register('../../bin/source-condition-hooks.mjs', import.meta.url);
const { LocalAttachmentStore } = await import('@toolcard/host-read-image');
const { SessionSpool } = await import('../../src/server/spool/session-spool.ts');
const { imageBytes } = await import('./inline-images.ts');
const { memoryAfterGc, settledMemory } = await import('./settled-memory.ts');

const [sourcePath = '', dir = ''] = process.argv.slice(2);

const store = new LocalAttachmentStore({ dir: path.join(dir, 'store') });
// Sharp and the store loaded and warm before the baseline.
await store.saveImage({ data: await imageBytes('png', '#123456') });
const baseline = await settledMemory();
let peak = baseline;
let livePeak = baseline;
// Between two awaits of the spool: what is allocated (`peak`, garbage included, as V8 lets it
// build up) and, every 20th sample, what is still alive after a full gc (`livePeak`).
let samples = 0;
const sampler = setInterval(() => {
  samples += 1;
  if (samples % 20 === 0) livePeak = Math.max(livePeak, memoryAfterGc());
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  peak = Math.max(peak, heapUsed + arrayBuffers);
}, 5);

const spool = await SessionSpool.open({ sourcePath, outputPath: path.join(dir, 'spooled.jsonl'), store });
await spool.poll();
const images = spool.writtenIds.size;
await spool.close();
clearInterval(sampler);
const after = await settledMemory();
store.dispose();
console.log(JSON.stringify({ images, baseline, peak, livePeak, after, maxRss: process.resourceUsage().maxRSS * 1024 }));
