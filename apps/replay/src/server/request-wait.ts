import type { ServerResponse } from 'node:http';

/**
 * Runs `wait` for at most `ms`, and no longer than the request: its timer and its wait are dropped
 * whichever ends it (a page that goes away must not leave them behind until the awaited thing
 * happens, which on a finished log or a quiet folder it never does).
 */
export async function waitWithinRequest(res: ServerResponse, ms: number, wait: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const done = new AbortController();
  const end = () => {
    done.abort();
  };
  const timer = setTimeout(end, ms);
  res.once('close', end);
  try {
    await wait(done.signal);
  } finally {
    clearTimeout(timer);
    res.off('close', end);
  }
}
