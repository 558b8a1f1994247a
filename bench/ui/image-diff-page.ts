// The in-browser half of `pnpm bench:image-diff`: the driver (image-diff.ts) calls `window.imageDiffBench`.
import DiffWorker from '@toolcard/ui-tool-image/diff-worker?worker';
// pixelmatch is the UI package's dependency, not the root's: the floor borrows the very copy the worker bundles.
import pixelmatch from '../../packages/ui-tool-image/node_modules/pixelmatch/index.js';
import { diffImages, DiffWorkers } from '../../packages/ui-tool-image/src/components/comparison/diff-images';
import { diffPixels, maskBitmap } from '../../packages/ui-tool-image/src/model/image-diff';
import { decodeImage } from '../../packages/ui-tool-image/src/model/image-diff/decoded-image';
import type { DiffPhases, ImageDiffBenchPage } from './image-diff-api';
import PhasesWorker from './image-diff-phases-worker?worker';

/** How long the view's images take to load here before the comparison starts: its worker starts meanwhile. */
const IMAGES_LOADING_MS = 300;

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

/** Whether the comparison's own decoding (WebCodecs where it can) gives the floor's pixels, byte for byte. */
async function sameAsTheFloor(images: readonly Blob[], floor: readonly Uint8ClampedArray[]): Promise<boolean> {
  const whole = { bandPixels: Number.POSITIVE_INFINITY };
  const answers = await Promise.all(
    images.map(async (blob, index) => {
      const image = await decodeImage(blob);
      const own = await image.pixels(image.size, Number.POSITIVE_INFINITY, whole);
      image.close();
      const expected = floor[index];
      return expected?.length === own.length && own.every((value, at) => value === expected[at]);
    }),
  );
  return answers.every(Boolean);
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
    return { width: before.width, height: before.height, samePixels: await sameAsTheFloor(blobs, [before.data, after.data]) };
  },
  async sample() {
    const [before, after] = loaded();
    if (pixels === undefined) throw new Error('prepare() first');
    const signal = new AbortController().signal;
    // As the view does: its workers start when it opens, and the comparison waits for the images.
    const workers = new DiffWorkers(() => new DiffWorker());
    await new Promise((resolve) => setTimeout(resolve, IMAGES_LOADING_MS));
    const workerStart = performance.now();
    const difference = await diffImages(before, after, { workers, signal });
    const workerMs = performance.now() - workerStart;
    workers.close();
    difference.mask.close();
    const output = new Uint8ClampedArray(pixels.before.length);
    const floorStart = performance.now();
    const pixelmatchChanged = pixelmatch(pixels.before, pixels.after, output, pixels.width, pixels.height, { includeAA: false, diffMask: true });
    const pixelmatchMs = performance.now() - floorStart;
    // The comparison's own work on the same decoded pixels: its pixelmatch bands, regions and mask.
    const stageStart = performance.now();
    const steps = diffPixels(pixels.before, pixels.after, pixels.width, pixels.height, Number.POSITIVE_INFINITY);
    let next = steps.next();
    while (next.done !== true) next = steps.next();
    const size = { width: pixels.width, height: pixels.height };
    const stage = await maskBitmap(next.value.mask, size, next.value.grid.regions());
    const diffStageMs = performance.now() - stageStart;
    stage.mask.close();
    // With a worker started right then (a view opened on images already loaded): the start and the compiling in the path.
    const coldWorkers = new DiffWorkers(() => new DiffWorker());
    const coldStart = performance.now();
    const cold = await diffImages(before, after, { workers: coldWorkers, signal });
    const coldWorkerMs = performance.now() - coldStart;
    coldWorkers.close();
    cold.mask.close();
    return {
      workerMs,
      coldWorkerMs,
      workerChanged: difference.changed,
      coldWorkerChanged: cold.changed,
      pixelmatchMs,
      pixelmatchChanged,
      diffStageMs,
      diffStageChanged: next.value.changed,
    };
  },
  async pageThread() {
    const [before, after] = loaded();
    let longestTaskMs = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const start = performance.now();
    const difference = await diffImages(before, after, { workers: undefined, signal: new AbortController().signal });
    const ms = performance.now() - start;
    // Long-task entries are delivered after the task: give them a turn.
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    difference.mask.close();
    return { ms, changed: difference.changed, longestTaskMs };
  },
  async phases() {
    const [before, after] = loaded();
    const start = performance.now();
    const worker = new PhasesWorker();
    const answer = <T>() =>
      new Promise<T>((resolve) => {
        worker.onmessage = ({ data }: MessageEvent<T>) => {
          resolve(data);
        };
      });
    await answer<'ready'>();
    const posted = performance.now();
    const startMs = posted - start;
    const phases = answer<DiffPhases>();
    worker.postMessage({ before, after });
    const result = await phases;
    const roundTripMs = performance.now() - posted;
    worker.terminate();
    return { ...result, startMs, roundTripMs };
  },
};

window.imageDiffBench = bench;
