import type { IncomingMessage, ServerResponse } from 'node:http';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

import type { LogTail, TailPosition } from './log-tail.ts';
import { waitWithinRequest } from './request-wait.ts';

/** The headers that tell the viewer which bytes a response holds. */
export const LOG_HEADERS = {
  generation: 'x-log-generation',
  offset: 'x-log-offset',
  end: 'x-log-end',
  caughtUp: 'x-log-caught-up',
  sourceRead: 'x-log-source-read',
  sourceSize: 'x-log-source-size',
} as const;

/** Where the server's first pass over the file stands: done, or `read` of its `size` bytes copied so far. */
export type FirstPass = { readonly done: true } | { readonly done: false; readonly read: number; readonly size: number };

/** How long a request that is up to date waits for new bytes before answering with none. */
export const DEFAULT_LONG_POLL_MS = 25_000;

/**
 * `GET /api/log?generation=G&offset=N`: the log's bytes from `offset` to what the tail has read,
 * as a stream (a 50 MB log is never held in memory). A request for another generation, or an
 * offset the file no longer has, gets the current generation from byte 0: the viewer starts
 * over. A request that is up to date is held until the tail moves (long poll). `firstPass` tells
 * the viewer (`x-log-caught-up`, 1 or 0) whether the bytes it now holds include everything the file
 * held when the server started — what comes after is appended live — and until then how far the
 * copy has read the file (`x-log-source-read` of `x-log-source-size` bytes). A request that says what it was last
 * told (`caught-up=0|1`) is answered at once when that is no longer so, even with no bytes.
 */
export async function serveLog(
  req: IncomingMessage,
  res: ServerResponse,
  tail: LogTail,
  firstPass: () => FirstPass,
  longPollMs = DEFAULT_LONG_POLL_MS,
): Promise<void> {
  const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const generation = integerParam(query.get('generation'));
  const offset = integerParam(query.get('offset'));
  // What the viewer was last told (none: it does not ask).
  const told = query.get('caught-up');
  let waited = false;
  for (;;) {
    const position = tail.position;
    const continues = generation === position.generation && offset !== undefined && offset <= position.end;
    const start = continues ? offset : 0;
    if (!continues || start < position.end || waited || (told !== null && (told === '1') !== firstPass().done)) {
      if (await sendBytes(res, tail, position, start, firstPass())) return;
      // The file changed under the tail since its last poll: read it, then answer from there.
      await tail.poll();
      continue;
    }
    // Up to date: answer at the next move of the tail, or with no bytes when the wait runs out.
    waited = true;
    await waitWithinRequest(res, longPollMs, (signal) => tail.nextChange(signal));
    if (res.destroyed) return;
  }
}

/** False when the file on disk no longer matches what the tail read (replaced or truncated). */
async function sendBytes(res: ServerResponse, tail: LogTail, position: TailPosition, start: number, pass: FirstPass): Promise<boolean> {
  const length = position.end - start;
  const headers = {
    'Content-Type': 'application/octet-stream',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': length,
    [LOG_HEADERS.generation]: position.generation,
    [LOG_HEADERS.offset]: start,
    [LOG_HEADERS.end]: position.end,
    [LOG_HEADERS.caughtUp]: pass.done ? '1' : '0',
    ...(pass.done ? {} : { [LOG_HEADERS.sourceRead]: pass.read, [LOG_HEADERS.sourceSize]: pass.size }),
  };
  if (length === 0) {
    res.writeHead(200, headers).end();
    return true;
  }
  let handle;
  try {
    handle = await open(tail.path, 'r');
  } catch {
    return false;
  }
  try {
    const { ino, size } = await handle.stat();
    if (ino !== tail.inode || size < position.end) return false;
    res.writeHead(200, headers);
    await pipeline(handle.createReadStream({ start, end: position.end - 1, autoClose: false }), res);
    return true;
  } catch {
    // The viewer went away mid-stream (or the read failed): it asks again from its own offset.
    res.destroy();
    return true;
  } finally {
    await handle.close();
  }
}

function integerParam(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
