import type { FollowStatus } from './follow-log';
import type { FollowMessage, ShownMessage } from './follow-protocol';
import type { ViewerLog } from './viewer-log';
import { ViewerLogReceiver } from './viewer-log-stream';

export interface LiveLogOptions {
  readonly signal: AbortSignal;
  /** A snapshot; call `shown` once it is on screen, and the worker sends the next. */
  readonly onLog: (log: ViewerLog, shown: () => void) => void;
  readonly onStatus: (status: FollowStatus) => void;
  /** Starts the follow worker (`follow-worker.ts`), the way the bundler ships it. */
  readonly createWorker: () => Worker;
}

/**
 * Follows the replay server's log in a Web Worker: fetching, decoding and parsing happen there, and
 * the page receives the status and each snapshot (only the appended events are copied across), so
 * the page's thread only renders. The worker sends the next snapshot once the page says this one is
 * shown. Aborting terminates the worker.
 */
export function followLogInWorker({ signal, onLog, onStatus, createWorker }: LiveLogOptions): void {
  if (signal.aborted) return;
  const worker = createWorker();
  const receiver = new ViewerLogReceiver();
  signal.addEventListener('abort', () => {
    worker.terminate();
  });
  worker.onerror = (event) => {
    console.error('replay: the log worker failed', event.message);
    onStatus({ kind: 'disconnected' });
  };
  worker.onmessage = ({ data }: MessageEvent<FollowMessage>) => {
    if (data.kind === 'status') {
      onStatus(data.status);
      return;
    }
    const log = receiver.receive(data);
    if (log === null) return;
    onLog(log, () => {
      worker.postMessage({ kind: 'shown' } satisfies ShownMessage);
    });
  };
}
