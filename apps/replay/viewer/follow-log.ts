import { LogFeed } from './log-feed';
import type { ViewerLog } from './viewer-log';

/**
 * `complete`: the whole log, and nothing more will come (an exported file's). `unreadable`: an
 * exported file whose log is missing or was changed after it was written (cut short, saved in
 * another encoding); nothing more will come either.
 */
export type FollowStatus =
  | { readonly kind: 'reading'; readonly bytes: number; readonly total: number }
  | { readonly kind: 'live' }
  | { readonly kind: 'complete' }
  | { readonly kind: 'disconnected' }
  | { readonly kind: 'unreadable' };

export interface FollowOptions {
  /** The session's log route (`/api/sessions/<id>/log`). */
  readonly logUrl: string;
  /** The log as it now stands; `startedOver` when it is not a continuation of the last one (file replaced or truncated). */
  readonly onLog: (log: ViewerLog, startedOver: boolean) => void;
  readonly onStatus: (status: FollowStatus) => void;
  readonly retryMs?: number;
}

/**
 * How often a long response (the first read of a big log) reports its progress and the log read so
 * far: often enough that the first rows show early and each snapshot adds a bounded number of rows
 * (so no task on the page that renders them is long), rarely enough not to re-render per chunk.
 */
const PUBLISH_EVERY_MS = 200;

/**
 * Follows a session's log on the server (`/api/sessions/<id>/log`) for as long as the viewer's Web Worker it runs in lives: each request
 * asks for the bytes after the ones the feed holds and is answered when there are some (a long
 * poll), so an appended line arrives as soon as the server sees it. A response is read as a stream;
 * a long one publishes the log read so far every `PUBLISH_EVERY_MS`, and every response that
 * changed the log publishes it at its end. Until a response says the log it completes holds all
 * the file held when the server started (`x-log-caught-up`: another agent's file is copied while
 * the page reads it), the status is `reading`, not `live`: what arrives is the file's start, not lines appended.
 */
export async function followLog({ logUrl, onLog, onStatus, retryMs = 1000 }: FollowOptions): Promise<never> {
  const feed = new LogFeed();
  let published = false;
  let caughtUp = false;
  // Set when the feed starts over after something was published: the page drops the old log's events.
  let startedOver = false;
  for (;;) {
    try {
      const query = new URLSearchParams({ generation: String(feed.generation ?? ''), offset: String(feed.offset), 'caught-up': caughtUp ? '1' : '0' });
      const response: Response = await fetch(`${logUrl}?${query.toString()}`, { cache: 'no-store' });
      if (!response.ok || response.body === null) throw new Error(`GET ${logUrl}: HTTP ${response.status}`);
      const generation = Number(response.headers.get('x-log-generation'));
      const offset = Number(response.headers.get('x-log-offset'));
      const total = Number(response.headers.get('x-log-end'));
      // Another agent's file is copied as the page reads it: its progress is the copy's through the file.
      const sourceRead = response.headers.get('x-log-source-read');
      const sourceSize = response.headers.get('x-log-source-size');
      const progress = (): FollowStatus =>
        sourceRead !== null && sourceSize !== null
          ? { kind: 'reading', bytes: Number(sourceRead), total: Number(sourceSize) }
          : { kind: 'reading', bytes: feed.offset, total };
      let changed = feed.begin(generation, offset);
      if (changed && published) startedOver = true;
      const reader = response.body.getReader();
      let reported = performance.now();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        feed.push(value);
        changed = true;
        if (performance.now() - reported >= PUBLISH_EVERY_MS) {
          reported = performance.now();
          if (!caughtUp) onStatus(progress());
          onLog(feed.snapshot(), startedOver);
          startedOver = false;
          published = true;
        }
      }
      if (!caughtUp) onStatus(progress());
      if (changed || !published) {
        onLog(feed.snapshot(), startedOver);
        startedOver = false;
        published = true;
      }
      // A server without the header holds the whole file from its first answer.
      caughtUp ||= response.headers.get('x-log-caught-up') !== '0';
      if (caughtUp) onStatus({ kind: 'live' });
    } catch (error) {
      console.warn('replay: lost the log stream, retrying', error);
      onStatus({ kind: 'disconnected' });
      await sleep(retryMs);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}
