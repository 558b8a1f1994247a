/** How long a wait is held before it answers anyway (a long poll's hold). */
const DEFAULT_HOLD_MS = 25_000;

interface Waiter {
  readonly done: () => void;
}

/**
 * A version number and the waits for it to move. A wait ends when the version moves, when its hold
 * passes, or when its signal aborts; each way, its waiter and its timer are removed at once (an
 * aborted long poll must leave nothing behind: issue 21 §4b).
 */
export class VersionWaiters {
  private current = 0;
  private readonly waiters = new Set<Waiter>();

  get version(): number {
    return this.current;
  }

  /** Waits pending now. */
  get waiting(): number {
    return this.waiters.size;
  }

  bump(): void {
    this.current += 1;
    for (const waiter of [...this.waiters]) waiter.done();
  }

  /** Resolves when the version is not `since` (at once if it already is not), after `holdMs`, or when `signal` aborts. */
  changed(since: number, signal?: AbortSignal, holdMs = DEFAULT_HOLD_MS): Promise<void> {
    if (since !== this.current || signal?.aborted === true) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        done: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', waiter.done);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, holdMs);
      signal?.addEventListener('abort', waiter.done, { once: true });
      this.waiters.add(waiter);
    });
  }

  /** Ends every wait (the index is closing). */
  releaseAll(): void {
    for (const waiter of [...this.waiters]) waiter.done();
  }
}
