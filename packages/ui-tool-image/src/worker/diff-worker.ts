// The image-difference worker: decodes two images and compares them with pixelmatch off the page's
// thread. Shipped as its own file (dist/worker/diff-worker.js), the package's `./diff-worker` entry.
import { computeImageDifference, diffPixels, type DiffAnswer, type DiffRequest } from '../model/image-diff';

/** The members of a dedicated worker's global scope this uses (the DOM lib types `self` as a window). */
interface WorkerScope {
  postMessage: (message: DiffAnswer, transfer: Transferable[]) => void;
  onmessage: ((event: MessageEvent<DiffRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }: MessageEvent<DiffRequest>) => {
  computeImageDifference(data.before, data.after, { bandPixels: Number.POSITIVE_INFINITY }).then(
    (difference) => {
      scope.postMessage({ kind: 'done', difference }, [difference.mask]);
    },
    (error: unknown) => {
      scope.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }, []);
    },
  );
};

/** Sides of the made-up images the worker compares as it starts. */
const WARM_UP_SIZE = 256;

/**
 * Compares two made-up images as the worker starts, while the view's images load: the engine
 * compiles pixelmatch's code (its anti-aliasing test too) before the first real comparison, which
 * would otherwise run much of it unoptimised.
 */
function warmUp(): void {
  const before = new Uint8ClampedArray(WARM_UP_SIZE * WARM_UP_SIZE * 4);
  const after = new Uint8ClampedArray(before.length);
  for (let y = 0; y < WARM_UP_SIZE; y += 1) {
    for (let x = 0; x < WARM_UP_SIZE; x += 1) {
      // Diagonal ramps, the second image's moved a pixel on every other row: half the pixels changed, each put through the anti-aliasing test.
      const at = (y * WARM_UP_SIZE + x) * 4;
      before.fill(((x + y) * 32) % 256, at, at + 3);
      after.fill(((x + y + (y % 2)) * 32) % 256, at, at + 3);
      before[at + 3] = 255;
      after[at + 3] = 255;
    }
  }
  const steps = diffPixels(before, after, WARM_UP_SIZE, WARM_UP_SIZE, Number.POSITIVE_INFINITY);
  while (steps.next().done !== true);
}

warmUp();
