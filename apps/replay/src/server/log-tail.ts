import { open } from 'node:fs/promises';

import { watchFile, type WatchOptions } from './file-watch.ts';
import { SerialRuns } from './serial-runs.ts';

export interface LogTailOptions {
  /** Text decoded from each run of new bytes, in file order (a UTF-8 character split between reads is decoded whole). */
  readonly onText?: (text: string) => void;
  /** The file was truncated or replaced: what was read before no longer describes it. */
  readonly onReset?: () => void;
  /** Bytes per read; the initial read of a big log streams through this window. */
  readonly chunkBytes?: number;
}

/** Where the tail stands: `end` bytes of the file's `generation` have been read. */
export interface TailPosition {
  readonly generation: number;
  readonly end: number;
}

const DEFAULT_CHUNK_BYTES = 1 << 20;

/**
 * Follows a growing file by byte offset: each poll reads only the bytes after the last one read.
 * A file that shrinks or is replaced by another (new inode) starts a new generation from byte 0.
 * A file that goes away is an empty new generation until it comes back.
 */
export class LogTail {
  private readonly filePath: string;
  private readonly onText: (text: string) => void;
  private readonly onReset: () => void;
  private readonly chunkBytes: number;
  private generation = 0;
  private end = 0;
  private currentInode: number | undefined;
  private decoder = new TextDecoder('utf-8');
  private readonly polls = new SerialRuns(() => this.pollOnce());
  private readonly waiters = new Set<() => void>();

  constructor(filePath: string, options: LogTailOptions = {}) {
    this.filePath = filePath;
    this.onText = options.onText ?? (() => undefined);
    this.onReset = options.onReset ?? (() => undefined);
    this.chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  }

  get path(): string {
    return this.filePath;
  }

  get position(): TailPosition {
    return { generation: this.generation, end: this.end };
  }

  /** The inode the current generation was read from (undefined while the file is absent). */
  get inode(): number | undefined {
    return this.currentInode;
  }

  /** Reads what was appended since the last poll (or starts over); polls never overlap. */
  poll(): Promise<void> {
    return this.polls.request();
  }

  /**
   * Resolves at the next poll that moves the position (new bytes or a new generation), or when
   * `signal` aborts: an aborted wait is forgotten at once, so waits given up never pile up.
   */
  nextChange(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted === true) {
        resolve();
        return;
      }
      const settle = () => {
        this.waiters.delete(settle);
        signal?.removeEventListener('abort', settle);
        resolve();
      };
      this.waiters.add(settle);
      signal?.addEventListener('abort', settle, { once: true });
    });
  }

  /** Ends the waits for the next change now: something else the answer says has changed. */
  wake(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const resolve of waiters) resolve();
  }

  /** How many waits for the next change are pending. */
  get waiting(): number {
    return this.waiters.size;
  }

  /** Polls on every fs.watch event for the file and every `intervalMs`; returns the stop function. */
  watch(options: WatchOptions = {}): () => void {
    return watchFile(this.filePath, () => this.poll(), options);
  }

  private async pollOnce(): Promise<void> {
    const before = this.position;
    let handle;
    try {
      handle = await open(this.filePath, 'r');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') throw cause;
      if (this.currentInode !== undefined || this.end > 0) this.startOver(undefined);
      this.notifyIfMoved(before);
      return;
    }
    try {
      const { ino, size } = await handle.stat();
      if (ino !== this.currentInode || size < this.end) this.startOver(ino);
      const buffer = Buffer.allocUnsafe(Math.min(this.chunkBytes, Math.max(1, size - this.end)));
      while (this.end < size) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - this.end), this.end);
        if (bytesRead === 0) break;
        const text = this.decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
        this.end += bytesRead;
        if (text !== '') this.onText(text);
      }
    } finally {
      await handle.close();
    }
    this.notifyIfMoved(before);
  }

  private startOver(inode: number | undefined): void {
    // The first file seen is generation 0 itself, not a replacement of "nothing".
    const first = this.currentInode === undefined && this.end === 0 && this.generation === 0;
    this.currentInode = inode;
    if (first && inode !== undefined) return;
    this.generation += 1;
    this.end = 0;
    this.decoder = new TextDecoder('utf-8');
    this.onReset();
  }

  private notifyIfMoved(before: TailPosition): void {
    if (before.generation === this.generation && before.end === this.end) return;
    this.wake();
  }
}
