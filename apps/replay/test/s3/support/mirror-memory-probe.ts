/*
 * Run in a process of its own: `node --expose-gc --import tsx mirror-memory-probe.ts CONFIG BUCKET PREFIX FOLDER`.
 * Mirrors the prefix once and prints one JSON line: the JavaScript memory (V8 heap and buffers)
 * after a full gc before and after, and the most of it alive (sampled after a gc) meanwhile.
 */
import type { S3ClientConfig } from '@aws-sdk/client-s3';

import { S3SessionMirror } from '../../../src/s3/s3-session-mirror.ts';
import { memoryAfterGc, settledMemory } from '../../support/settled-memory.ts';

const [config = '{}', bucket = '', prefix = '', folder = ''] = process.argv.slice(2);

const mirror = new S3SessionMirror({
  location: { bucket, prefix },
  folder,
  client: JSON.parse(config) as S3ClientConfig,
  onError: (error) => {
    throw error;
  },
});
const baseline = await settledMemory();
let livePeak = baseline;
const sampler = setInterval(() => {
  livePeak = Math.max(livePeak, memoryAfterGc());
}, 25);
const sync = await mirror.start();
clearInterval(sampler);
await mirror.close();
const after = await settledMemory();
console.log(JSON.stringify({ downloaded: sync.downloaded, baseline, livePeak, after }));
