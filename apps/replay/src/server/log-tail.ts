import { watch, type FSWatcher } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';

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

export interface WatchOptions {
  /** The fallback poll, for file systems and editors fs.watch misses. */
  readonly intervalMs?: number;
  readonly onError?: (error: unknown) => void;
}

const DEFAULT_CHUNK_BYTES = 1 << 20;

/**
 * Follows a growing file by byte offset: each poll reads only the bytes after the last one read.
 * A file that shrinks or is replaced by another (new inode) starts a new generation from byte 0.
 * A file that goes away is an empty new generation until it comes back.
 */
export class LogTail {
  readonly #path: string;
  readonly #onText: (text: string) => void;
  readonly #onReset: () => void;
  readonly #chunkBytes: number;
  #generation = 0;
  #end = 0;
  #inode: number | undefined;
  #decoder = new TextDecoder('utf-8');
  /** A poll not started yet: every request made before it starts is answered by it. */
  #queued: Promise<void> | undefined;
  #previous: Promise<void> = Promise.resolve();
  readonly #waiters = new Set<() => void>();

  constructor(filePath: string, options: LogTailOptions = {}) {
    this.#path = filePath;
    this.#onText = options.onText ?? (() => undefined);
    this.#onReset = options.onReset ?? (() => undefined);
    this.#chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  }

  get path(): string {
    return this.#path;
  }

  get position(): TailPosition {
    return { generation: this.#generation, end: this.#end };
  }

  /** The inode the current generation was read from (undefined while the file is absent). */
  get inode(): number | undefined {
    return this.#inode;
  }

  /** Reads what was appended since the last poll (or starts over); polls never overlap. */
  poll(): Promise<void> {
    if (this.#queued === undefined) {
      const next = this.#previous.then(() => {
        this.#queued = undefined;
        return this.#pollOnce();
      });
      this.#queued = next;
      this.#previous = next.catch(() => undefined);
    }
    return this.#queued;
  }

  /** Resolves at the next poll that moves the position (new bytes or a new generation). */
  nextChange(): Promise<void> {
    return new Promise((resolve) => this.#waiters.add(resolve));
  }

  /** Polls on every fs.watch event for the file and every `intervalMs`; returns the stop function. */
  watch({ intervalMs = 250, onError = () => undefined }: WatchOptions = {}): () => void {
    const pollQuietly = () => {
      this.poll().catch(onError);
    };
    const name = path.basename(this.#path);
    let watcher: FSWatcher | undefined;
    try {
      // The directory, not the file: a watch on the file is lost when the file is replaced.
      watcher = watch(path.dirname(this.#path), { persistent: false }, (_event, changed) => {
        if (changed === null || changed === name) pollQuietly();
      });
      watcher.on('error', onError);
    } catch (error) {
      onError(error);
    }
    const timer = setInterval(pollQuietly, intervalMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      watcher?.close();
    };
  }

  async #pollOnce(): Promise<void> {
    const before = this.position;
    let handle;
    try {
      handle = await open(this.#path, 'r');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') throw cause;
      if (this.#inode !== undefined || this.#end > 0) this.#startOver(undefined);
      this.#notifyIfMoved(before);
      return;
    }
    try {
      const { ino, size } = await handle.stat();
      if (ino !== this.#inode || size < this.#end) this.#startOver(ino);
      const buffer = Buffer.allocUnsafe(Math.min(this.#chunkBytes, Math.max(1, size - this.#end)));
      while (this.#end < size) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - this.#end), this.#end);
        if (bytesRead === 0) break;
        const text = this.#decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
        this.#end += bytesRead;
        if (text !== '') this.#onText(text);
      }
    } finally {
      await handle.close();
    }
    this.#notifyIfMoved(before);
  }

  #startOver(inode: number | undefined): void {
    // The first file seen is generation 0 itself, not a replacement of "nothing".
    const first = this.#inode === undefined && this.#end === 0 && this.#generation === 0;
    this.#inode = inode;
    if (first && inode !== undefined) return;
    this.#generation += 1;
    this.#end = 0;
    this.#decoder = new TextDecoder('utf-8');
    this.#onReset();
  }

  #notifyIfMoved(before: TailPosition): void {
    if (before.generation === this.#generation && before.end === this.#end) return;
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const resolve of waiters) resolve();
  }
}
