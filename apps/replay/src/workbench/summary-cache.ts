import { SessionReading, type FileVersion } from './session-summary.ts';
import { SummaryStore, type StoredSummary } from './summary-store.ts';

export interface SummaryCacheOptions {
  /** Where summaries and search texts are kept across runs. */
  readonly dir: string;
  /** Told the byte count of every read of a session file. */
  readonly onBytes?: ((bytes: number) => void) | undefined;
  /** Readings of growing files kept in memory to resume (each holds its session's conversation). */
  readonly maxReadings?: number;
  /** A file changed this recently is taken to be still growing: its reading is kept. */
  readonly growingWithinMs?: number;
}

/** A session's summary, where its search text is, and the version of the file it is of. */
export interface CachedSummary extends StoredSummary {
  readonly version: FileVersion;
}

const DEFAULT_MAX_READINGS = 16;
const DEFAULT_GROWING_WITHIN_MS = 10 * 60_000;

/**
 * Summaries computed once per file version (path, size, modification time) and kept on disk, so
 * an unchanged file is never read again, in this run or the next. A file that grew while this
 * process follows it resumes from where its reading stopped: the readings of recently changed
 * files are kept in memory, the least recently used dropped beyond `maxReadings`. Any other change
 * is read again from the start.
 */
export class SummaryCache {
  private readonly store: SummaryStore;
  private readonly onBytes: ((bytes: number) => void) | undefined;
  private readonly maxReadings: number;
  private readonly growingWithinMs: number;
  /** In least recently used order. */
  private readonly readings = new Map<string, SessionReading>();

  constructor(options: SummaryCacheOptions) {
    this.store = new SummaryStore(options.dir);
    this.onBytes = options.onBytes;
    this.maxReadings = options.maxReadings ?? DEFAULT_MAX_READINGS;
    this.growingWithinMs = options.growingWithinMs ?? DEFAULT_GROWING_WITHIN_MS;
  }

  /** The summary of `filePath` as it is at `version` (as a stat just saw it); `fileName` is its title when the user said nothing. Calls for one path must not overlap. */
  async summaryOf(filePath: string, version: FileVersion, fileName: string): Promise<CachedSummary> {
    const stored = await this.store.get(filePath, version);
    if (stored !== undefined) return { ...stored, version };
    let reading = this.readings.get(filePath);
    this.readings.delete(filePath);
    let read = await reading?.readMore();
    if (reading === undefined || read === undefined) {
      reading = new SessionReading(filePath, { onBytes: this.onBytes });
      read = (await reading.readMore()) ?? version;
    }
    const { summary, searchText } = reading.summarised(fileName);
    const saved = await this.store.put(filePath, read, summary, searchText);
    if (Date.now() - read.mtimeMs < this.growingWithinMs) this.keep(filePath, reading);
    return { ...saved, version: read };
  }

  /** Forgets the reading kept for a file that is gone. */
  forget(filePath: string): void {
    this.readings.delete(filePath);
  }

  private keep(filePath: string, reading: SessionReading): void {
    this.readings.set(filePath, reading);
    for (const oldest of this.readings.keys()) {
      if (this.readings.size <= this.maxReadings) break;
      this.readings.delete(oldest);
    }
  }
}
