import type { ParsedSessionLog } from '@toolcard/ui-tool-image';

import { LogFeed } from './log-feed';

export type FollowStatus =
  | { readonly kind: 'reading'; readonly bytes: number; readonly total: number }
  | { readonly kind: 'live' }
  | { readonly kind: 'disconnected' };

export interface FollowOptions {
  readonly signal: AbortSignal;
  readonly onLog: (log: ParsedSessionLog) => void;
  readonly onStatus: (status: FollowStatus) => void;
  readonly retryMs?: number;
}

/** How often a long response (the first read of a big log) reports its progress. */
const PROGRESS_EVERY_MS = 200;

/**
 * Follows the server's `/api/log` until aborted: each request asks for the bytes after the ones
 * the feed holds and is answered when there are some (a long poll), so an appended line arrives
 * as soon as the server sees it. A response is read as a stream; its log is published once it is
 * complete, so a 50 MB first read is parsed once, not re-rendered per chunk.
 */
export async function followLog({ signal, onLog, onStatus, retryMs = 1000 }: FollowOptions): Promise<void> {
  const feed = new LogFeed();
  let published = false;
  while (!signal.aborted) {
    try {
      const query = new URLSearchParams({ generation: String(feed.generation ?? ''), offset: String(feed.offset) });
      const response = await fetch(`/api/log?${query.toString()}`, { signal, cache: 'no-store' });
      if (!response.ok || response.body === null) throw new Error(`GET /api/log: HTTP ${response.status}`);
      const generation = Number(response.headers.get('x-log-generation'));
      const offset = Number(response.headers.get('x-log-offset'));
      const total = Number(response.headers.get('x-log-end'));
      let changed = feed.begin(generation, offset);
      const reader = response.body.getReader();
      let reported = performance.now();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        feed.push(value);
        changed = true;
        if (!published && performance.now() - reported >= PROGRESS_EVERY_MS) {
          reported = performance.now();
          onStatus({ kind: 'reading', bytes: feed.offset, total });
        }
      }
      if (changed || !published) onLog(feed.snapshot());
      published = true;
      onStatus({ kind: 'live' });
    } catch (error) {
      // The page is going away (or the effect re-ran): not a lost connection.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.warn('replay: lost the log stream, retrying', error);
      onStatus({ kind: 'disconnected' });
      await sleep(retryMs, signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
