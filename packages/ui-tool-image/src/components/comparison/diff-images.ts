import { computeImageDifference, type DiffAnswer, type ImageDifference } from '../../model/image-diff';

/** Pixels compared per step on the page's thread: a few milliseconds of pixelmatch each. */
const MAIN_THREAD_BAND_PIXELS = 200_000;

/** Lets the page's thread run what is waiting (input, rendering) before the next step; not clamped as nested timers are. */
function pause(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function inWorker(before: Blob, after: Blob, createWorker: () => Worker, signal: AbortSignal): Promise<ImageDifference> {
  return new Promise((resolve, reject) => {
    const worker = createWorker();
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort);
    worker.onerror = (event) => {
      finish();
      reject(new Error(`The image-difference worker failed: ${event.message}`));
    };
    worker.onmessage = ({ data }: MessageEvent<DiffAnswer>) => {
      finish();
      if (data.kind === 'done') resolve(data.difference);
      else reject(new Error(data.message));
    };
    worker.postMessage({ before, after });
  });
}

/**
 * Compares two images: in a worker when the embedder gave a way to make one (one worker per
 * comparison, ended with it), else on the page's thread in short steps.
 */
export function diffImages(
  before: Blob,
  after: Blob,
  options: { readonly createWorker: (() => Worker) | undefined; readonly signal: AbortSignal },
): Promise<ImageDifference> {
  const { createWorker, signal } = options;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  if (createWorker !== undefined) return inWorker(before, after, createWorker, signal);
  return computeImageDifference(before, after, { bandPixels: MAIN_THREAD_BAND_PIXELS, pause, signal });
}
