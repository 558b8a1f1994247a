// The image-difference worker: decodes two images and compares them with pixelmatch off the page's
// thread. Shipped as its own file (dist/worker/diff-worker.js), the package's `./diff-worker` entry.
import { computeImageDifference, type DiffAnswer, type DiffRequest } from '../model/image-diff';

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
