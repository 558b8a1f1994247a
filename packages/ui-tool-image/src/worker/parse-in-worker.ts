import type { ParsedSessionLog } from '../model';
import { SessionLogReceiver } from './log-stream';
import type { ParseMessage } from './parse-protocol';

export interface ParseProgress {
  readonly bytesRead: number;
  readonly totalBytes: number;
}

export interface ParseInWorkerOptions {
  /** Told as the worker reads the file (a few times per megabyte). */
  readonly onProgress?: (progress: ParseProgress) => void;
  /** Aborting terminates the worker and rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /**
   * Makes a worker running the package's `@toolcard/ui-tool-image/parse-worker` module. Your bundler
   * owns how a worker file ships, so you write the line it recognises: with Vite,
   * `import ParseWorker from '@toolcard/ui-tool-image/parse-worker?worker'` and `() => new ParseWorker()`;
   * with webpack 5 or Next.js, `() => new Worker(new URL('@toolcard/ui-tool-image/parse-worker', import.meta.url), { type: 'module' })`.
   */
  readonly createWorker: () => Worker;
}

/**
 * `parseSessionLog` for a big file, off the page's thread: the same reader in a Web Worker, with
 * progress, and the events handed back in small batches so no task on the page is long. Resolves to
 * the same `ParsedSessionLog`; a worker that cannot run or read the file rejects with why.
 */
export function parseSessionLogInWorker(file: Blob, options: ParseInWorkerOptions): Promise<ParsedSessionLog> {
  const { onProgress, signal, createWorker } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error);
      return;
    }
    const worker = createWorker();
    const receiver = new SessionLogReceiver();
    const finish = (): void => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      finish();
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort);
    worker.onerror = (event) => {
      finish();
      reject(new Error(`The session-log worker failed: ${event.message}`));
    };
    worker.onmessage = ({ data }: MessageEvent<ParseMessage>) => {
      switch (data.kind) {
        case 'progress':
          onProgress?.({ bytesRead: data.bytesRead, totalBytes: data.totalBytes });
          return;
        case 'failed':
          finish();
          reject(new Error(`The session log could not be read: ${data.message}`));
          return;
        default: {
          const log = receiver.receive(data);
          if (log === null) return;
          finish();
          resolve(log);
        }
      }
    };
    worker.postMessage({ file });
  });
}
