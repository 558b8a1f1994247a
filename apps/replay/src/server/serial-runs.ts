/**
 * Runs a task on request, one run at a time: a run not started yet answers every request made
 * before it starts, so a burst of requests (watch events, timers, readers) costs one more run.
 */
export class SerialRuns {
  private readonly task: () => Promise<void>;
  private queued: Promise<void> | undefined;
  private previous: Promise<void> = Promise.resolve();

  constructor(task: () => Promise<void>) {
    this.task = task;
  }

  /** Resolves when a run that started after this request has finished (rejects with its error). */
  request(): Promise<void> {
    if (this.queued === undefined) {
      const next = this.previous.then(() => {
        this.queued = undefined;
        return this.task();
      });
      this.queued = next;
      this.previous = next.catch(() => undefined);
    }
    return this.queued;
  }

  /** Resolves when the run in progress (and any queued one) has finished, never rejects. */
  settled(): Promise<void> {
    return this.previous;
  }
}
