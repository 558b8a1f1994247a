import type { FileHandle } from 'node:fs/promises';

/**
 * Closes a descriptor that has nothing left to lose — opened read-only, or whose data an fsync
 * has already made durable — without making the caller wait: one thread-pool round trip less
 * on the way to the result. Its descriptor number is released at once (`handle.fd` is -1); a
 * failed close has no remedy there and is ignored.
 */
export function closeInBackground(handle: FileHandle): void {
  handle.close().catch(() => undefined);
}
