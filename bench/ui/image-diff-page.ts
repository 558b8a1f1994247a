// The in-browser half of `pnpm bench:image-diff`: the driver (image-diff.ts) calls `window.imageDiffBench`.
import DiffWorker from '@toolcard/ui-tool-image/diff-worker?worker';
// pixelmatch is the UI package's dependency, not the root's: the floor borrows the very copy the worker bundles.
import pixelmatch from '../../packages/ui-tool-image/node_modules/pixelmatch/index.js';
import { diffImages } from '../../packages/ui-tool-image/src/components/comparison/diff-images';
import type { ImageDiffBenchPage } from './image-diff-api';

let blobs: readonly [Blob, Blob] | undefined;
let pixels: { readonly before: Uint8ClampedArray; readonly after: Uint8ClampedArray; readonly width: number; readonly height: number } | undefined;

async function decoded(blob: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('No 2D canvas');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

function loaded(): readonly [Blob, Blob] {
  if (blobs === undefined) throw new Error('prepare() first');
  return blobs;
}

const bench: ImageDiffBenchPage = {
  async prepare() {
    const fetchBlob = async (name: string) => (await fetch(`/__screenshots/${name}`)).blob();
    blobs = await Promise.all([fetchBlob('before.png'), fetchBlob('after.png')]);
    const [before, after] = await Promise.all(blobs.map(decoded));
    if (before === undefined || after === undefined) throw new Error('Two screenshots expected');
    pixels = { before: before.data, after: after.data, width: before.width, height: before.height };
    return { width: before.width, height: before.height };
  },
  async sample() {
    const [before, after] = loaded();
    if (pixels === undefined) throw new Error('prepare() first');
    const workerStart = performance.now();
    const difference = await diffImages(before, after, { createWorker: () => new DiffWorker(), signal: new AbortController().signal });
    const workerMs = performance.now() - workerStart;
    difference.mask.close();
    const output = new Uint8ClampedArray(pixels.before.length);
    const floorStart = performance.now();
    const pixelmatchChanged = pixelmatch(pixels.before, pixels.after, output, pixels.width, pixels.height, { includeAA: false, diffMask: true });
    const pixelmatchMs = performance.now() - floorStart;
    return { workerMs, workerChanged: difference.changed, pixelmatchMs, pixelmatchChanged };
  },
  async pageThread() {
    const [before, after] = loaded();
    let longestTaskMs = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const start = performance.now();
    const difference = await diffImages(before, after, { createWorker: undefined, signal: new AbortController().signal });
    const ms = performance.now() - start;
    // Long-task entries are delivered after the task: give them a turn.
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    difference.mask.close();
    return { ms, changed: difference.changed, longestTaskMs };
  },
};

window.imageDiffBench = bench;
