import type { FileHandle } from 'node:fs/promises';

/**
 * The bytes of `file` from `start` to `end` (exclusive), in chunks of at most `chunkBytes`, each
 * read when the previous one has been handled (the caller's pace is the read's pace). Each chunk is
 * a buffer of its own: the caller may keep parts of it. Positional reads: the handle stays open
 * and at its position whenever the caller stops early.
 */
export async function* fileChunks(file: FileHandle, start: number, end: number, chunkBytes: number): AsyncGenerator<Buffer> {
  for (let position = start; position < end;) {
    const { buffer, bytesRead } = await file.read(Buffer.allocUnsafe(Math.min(chunkBytes, end - position)), 0, Math.min(chunkBytes, end - position), position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}
