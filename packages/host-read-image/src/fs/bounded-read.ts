import { throwIfAborted, tooLargeError } from './fs-errors.ts';

/** The one operation the reader needs from an open file (a `FileHandle` fits). */
export interface ReadableFile {
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ readonly bytesRead: number }>;
}

export interface BoundedReadOptions {
  /** Size from an earlier stat; only sizes the first buffer, never trusted as the length. */
  readonly sizeHint: number;
  readonly maxBytes: number;
  readonly signal: AbortSignal | undefined;
  readonly displayPath: string;
  readonly chunkSize?: number;
}

/**
 * Reads go straight into the preallocated buffer, so the chunk only sets how often an abort
 * is noticed; small chunks cost a thread-pool round trip each (64 KiB made a 19 MiB read 2× slower).
 */
const DEFAULT_CHUNK_SIZE = 4 * 1024 * 1024;

/**
 * Reads to EOF, or fails with `FS_TOO_LARGE` as soon as more than `maxBytes` arrive: at most
 * `maxBytes + 1` bytes are ever requested, so a file that grew after its stat cannot be
 * returned truncated nor make the buffer outgrow the cap.
 */
export async function readWholeFile(file: ReadableFile, options: BoundedReadOptions): Promise<Uint8Array> {
  const { sizeHint, maxBytes, signal, displayPath, chunkSize = DEFAULT_CHUNK_SIZE } = options;
  const limit = maxBytes + 1;
  // The spare byte lets a file exactly as large as its stat reach EOF without a regrow.
  let buffer: Buffer = Buffer.allocUnsafe(Math.min(sizeHint + 1, limit));
  let total = 0;
  if (sizeHint > 0 && sizeHint <= chunkSize && sizeHint < buffer.length) {
    // One chunk: read it and probe the spare byte at once, one thread-pool round trip instead of two.
    throwIfAborted(signal, displayPath);
    const [content, probe] = await Promise.all([file.read(buffer, 0, sizeHint, 0), file.read(buffer, sizeHint, 1, sizeHint)]);
    if (content.bytesRead === sizeHint && probe.bytesRead === 0) return buffer.subarray(0, sizeHint);
    // It changed since the stat (or the file system reads in parts): read on from what is in place.
    total = content.bytesRead === sizeHint ? sizeHint + probe.bytesRead : content.bytesRead;
    if (total > maxBytes) throw tooLargeError(displayPath, maxBytes);
  }
  for (;;) {
    throwIfAborted(signal, displayPath);
    if (total === buffer.length) buffer = enlarged(buffer, limit);
    const { bytesRead } = await file.read(buffer, total, Math.min(chunkSize, buffer.length - total), total);
    if (bytesRead === 0) return buffer.subarray(0, total);
    total += bytesRead;
    if (total > maxBytes) throw tooLargeError(displayPath, maxBytes);
  }
}

function enlarged(buffer: Buffer, size: number): Buffer {
  const larger = Buffer.allocUnsafe(size);
  buffer.copy(larger);
  return larger;
}
