import type { FollowStatus } from './follow-log';
import { LogFeed } from './log-feed';
import type { ViewerLog } from './viewer-log';

/** Bytes of a whole log parsed per step: a long exported log is read in slices, each step saying how far it is. */
const BYTES_PER_SLICE = 1_048_576;

export type ReadingStatus = Extract<FollowStatus, { readonly kind: 'reading' }>;

/**
 * A log that no longer grows (an exported file's), its bytes read through the viewer's `LogFeed` a
 * slice per step: each step but the last yields how far the read is, the last returns the log. A log
 * of more than one slice yields its progress first, before any of it is parsed, so it shows from the start.
 * The page takes a step per task; the compare worker takes them all at once, posting each progress.
 */
export function* wholeLogRead(bytes: Uint8Array): Generator<ReadingStatus, ViewerLog> {
  const feed = new LogFeed();
  feed.begin(0, 0);
  const total = bytes.byteLength;
  if (total > BYTES_PER_SLICE) yield { kind: 'reading', bytes: 0, total };
  for (let start = 0; ;) {
    const end = Math.min(start + BYTES_PER_SLICE, total);
    feed.push(bytes.subarray(start, end));
    if (end >= total) return feed.snapshot();
    yield { kind: 'reading', bytes: end, total };
    start = end;
  }
}
