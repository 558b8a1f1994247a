// The parse worker: reads a session log file off the page's thread with the same SessionLogReader
// as `parseSessionLog`, reporting progress as it goes. Shipped as its own file (dist/worker/parse-worker.js).
import { SessionLogReader } from '../model/formats/toolcard/session-log';
import { SessionLogSender } from './log-stream';
import type { ParseMessage, ParseRequest } from './parse-protocol';

/** The two members of a dedicated worker's global scope this uses (the DOM lib types `self` as a window). */
interface WorkerScope {
  postMessage: (message: ParseMessage) => void;
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;

function post(message: ParseMessage): void {
  scope.postMessage(message);
}

async function parse({ file }: ParseRequest): Promise<void> {
  const reader = new SessionLogReader();
  const decoder = new TextDecoder();
  let bytesRead = 0;
  const stream = file.stream().getReader();
  for (;;) {
    const { done, value } = await stream.read();
    if (done) break;
    bytesRead += value.byteLength;
    reader.append(decoder.decode(value, { stream: true }));
    post({ kind: 'progress', bytesRead, totalBytes: file.size });
  }
  reader.append(decoder.decode());
  reader.end();
  new SessionLogSender(post).send(reader.snapshot());
}

scope.onmessage = (event: MessageEvent<ParseRequest>) => {
  parse(event.data).catch((error: unknown) => {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
};
