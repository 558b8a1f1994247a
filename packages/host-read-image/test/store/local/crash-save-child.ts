// Child process of crash-proof.test.ts: once told to go (a line on stdin), saves images into one
// local store in two concurrent loops until it is killed. Each save picks a source and a normalisation limit from a seeded
// generator, so most saves write a new object and rewrite a source index entry.
import { readFile } from 'node:fs/promises';

import { LocalAttachmentStore } from '../../../src/store/local/local-attachment-store.ts';

const [dir = '', seedText = '1', ...files] = process.argv.slice(2);
const sources = await Promise.all(files.map((file) => readFile(file)));
const stores = new Map<number, LocalAttachmentStore>();
let seed = Number(seedText) >>> 0 || 1;

/** xorshift32: the same seed replays the same choices. */
function random(below: number): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % below;
}

function storeFor(maxDimension: number): LocalAttachmentStore {
  let store = stores.get(maxDimension);
  if (store === undefined) {
    store = new LocalAttachmentStore({ dir, limits: { normalizedImageMaxDimension: maxDimension } });
    stores.set(maxDimension, store);
  }
  return store;
}

async function saveForever(): Promise<never> {
  for (;;) {
    const data = sources[random(sources.length)];
    if (data === undefined) throw new Error('no sources');
    await storeFor(16 + random(25)).saveImage({ data, name: 'source.png' });
    process.stdout.write('saved\n');
  }
}

// Loaded (sharp included): wait for the parent's go, so starting the next child overlaps the last one's checks.
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
await Promise.all([saveForever(), saveForever()]).catch((error: unknown) => {
  process.stderr.write(`save failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
