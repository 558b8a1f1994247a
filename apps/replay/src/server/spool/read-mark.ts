import type { FileHandle } from 'node:fs/promises';

/** Enough bytes that a file written again differs from the old one there, but for the rarest coincidence. */
const MARK_BYTES = 64;

/**
 * The last bytes read of a file. A file truncated and written again past the old offset before
 * the next read keeps its inode and has grown: only its content tells that it started over.
 */
export class ReadMark {
  private bytes = Buffer.alloc(0);

  /** `chunk` was read after everything before it. */
  advance(chunk: Buffer): void {
    this.bytes = Buffer.concat([this.bytes, chunk.subarray(-MARK_BYTES)]).subarray(-MARK_BYTES);
  }

  reset(): void {
    this.bytes = Buffer.alloc(0);
  }

  /** True when the bytes of `file` just before `end` are still the ones read there. */
  async holds(file: FileHandle, end: number): Promise<boolean> {
    const length = Math.min(this.bytes.length, end);
    if (length === 0) return true;
    const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, end - length);
    return bytesRead === length && buffer.equals(this.bytes.subarray(-length));
  }
}
