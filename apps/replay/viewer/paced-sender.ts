/** What sends a log's snapshots to the page: at most `max` more of its entries (events or items) at a time; true when all are sent. */
export interface SnapshotSender<Log> {
  send(log: Log, max: number): boolean;
  restart(): void;
}

/**
 * Hands the page the latest log one bounded snapshot at a time: at most `eventsPerSnapshot` new
 * events (or conversation items) each, and the next only once the page says it has shown the last. However fast the worker
 * reads, no task on the page renders more than one snapshot's rows, and the page paints in between.
 */
export class PacedLogSender<Log> {
  private latest: Log | null = null;
  private pageReady = true;

  constructor(
    private readonly sender: SnapshotSender<Log>,
    private readonly eventsPerSnapshot: number,
  ) {}

  /** True when the page has been sent all of the latest log. */
  get caughtUp(): boolean {
    return this.latest === null;
  }

  /** The log as it now stands; `startedOver` when it is another log than the last (the page drops the old one). */
  update(log: Log, startedOver: boolean): void {
    if (startedOver) this.sender.restart();
    this.latest = log;
    this.flush();
  }

  /** The page has shown the last snapshot: send the next, if there is more. */
  pageShowedLast(): void {
    this.pageReady = true;
    this.flush();
  }

  private flush(): void {
    if (!this.pageReady || this.latest === null) return;
    this.pageReady = false;
    if (this.sender.send(this.latest, this.eventsPerSnapshot)) this.latest = null;
  }
}
