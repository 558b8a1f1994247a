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

/** The worker itself failed (it could not start, or its script did not load or threw): the page's thread compares instead. */
class WorkerFailure extends Error {}

/**
 * A comparison view's diff workers: the first starts with the view, while its images load, so the
 * comparison neither waits for a worker to start nor runs pixelmatch's code before it is compiled
 * (the worker warms it up). Each comparison ends its worker; a later pair of the view starts another.
 * A worker that cannot start (a policy that forbids it, a script that does not load) is tried no
 * more: the view's comparisons run on the page's thread.
 */
export class DiffWorkers {
  private ready: Worker | undefined;
  private failed = false;

  constructor(private readonly createWorker: () => Worker) {
    this.ready = this.started();
  }

  /** The worker started with the view, or a new one when it was taken; none once one failed. */
  take(): Worker | undefined {
    const worker = this.ready ?? this.started();
    this.ready = undefined;
    return worker;
  }

  /** No more workers: the page's thread compares from now on, and the console says why. */
  markFailed(reason: unknown): void {
    console.warn('The image-difference worker failed; comparing on the page instead.', reason);
    this.failed = true;
    this.close();
  }

  /** Ends the worker not yet taken. */
  close(): void {
    this.ready?.terminate();
    this.ready = undefined;
  }

  private started(): Worker | undefined {
    if (this.failed) return undefined;
    let worker: Worker;
    try {
      worker = this.createWorker();
    } catch (error) {
      this.markFailed(error);
      return undefined;
    }
    // A script that fails as it loads says so before any comparison listens: the worker waiting here is dropped.
    worker.addEventListener('error', (event) => {
      if (this.ready !== worker) return;
      event.preventDefault();
      this.markFailed(event.message);
    });
    return worker;
  }
}

function inWorker(before: Blob, after: Blob, worker: Worker, signal: AbortSignal): Promise<ImageDifference> {
  return new Promise((resolve, reject) => {
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
      // Handled here: the comparison goes on on the page.
      event.preventDefault();
      finish();
      reject(new WorkerFailure(event.message));
    };
    worker.onmessage = ({ data }: MessageEvent<DiffAnswer>) => {
      finish();
      if (data.kind === 'done') resolve(data.difference);
      else reject(new Error(data.message));
    };
    worker.postMessage({ before, after });
  });
}

function onPage(before: Blob, after: Blob, signal: AbortSignal): Promise<ImageDifference> {
  return computeImageDifference(before, after, { bandPixels: MAIN_THREAD_BAND_PIXELS, pause, signal });
}

/**
 * Compares two images: in a worker when the view has one that works, else on the page's thread in
 * short steps. A worker that fails itself hands the comparison to the page; an image it cannot
 * decode fails the comparison, as it would on the page.
 */
export async function diffImages(
  before: Blob,
  after: Blob,
  options: { readonly workers: DiffWorkers | undefined; readonly signal: AbortSignal },
): Promise<ImageDifference> {
  const { workers, signal } = options;
  signal.throwIfAborted();
  const worker = workers?.take();
  if (worker === undefined) return onPage(before, after, signal);
  try {
    return await inWorker(before, after, worker, signal);
  } catch (error) {
    if (!(error instanceof WorkerFailure) || workers === undefined) throw error;
    workers.markFailed(error.message);
    return onPage(before, after, signal);
  }
}
