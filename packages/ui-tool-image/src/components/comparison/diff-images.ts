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

/**
 * A comparison view's diff workers: the first starts with the view, while its images load, so the
 * comparison neither waits for a worker to start nor runs pixelmatch's code before it is compiled
 * (the worker warms it up). Each comparison ends its worker; a later pair of the view starts another.
 */
export class DiffWorkers {
  private ready: Worker | undefined;

  constructor(private readonly createWorker: () => Worker) {
    this.ready = createWorker();
  }

  /** The worker started with the view, or a new one when it was taken. */
  take(): Worker {
    const worker = this.ready ?? this.createWorker();
    this.ready = undefined;
    return worker;
  }

  /** Ends the worker not yet taken. */
  close(): void {
    this.ready?.terminate();
    this.ready = undefined;
  }
}

function inWorker(before: Blob, after: Blob, workers: DiffWorkers, signal: AbortSignal): Promise<ImageDifference> {
  return new Promise((resolve, reject) => {
    const worker = workers.take();
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

/** Compares two images: in a worker when the view has them, else on the page's thread in short steps. */
export function diffImages(
  before: Blob,
  after: Blob,
  options: { readonly workers: DiffWorkers | undefined; readonly signal: AbortSignal },
): Promise<ImageDifference> {
  const { workers, signal } = options;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  if (workers !== undefined) return inWorker(before, after, workers, signal);
  return computeImageDifference(before, after, { bandPixels: MAIN_THREAD_BAND_PIXELS, pause, signal });
}
