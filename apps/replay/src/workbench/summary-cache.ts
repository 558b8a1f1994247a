import { SessionReading, type FileVersion, type SummarisedSession } from './session-summary.ts';
import type { SummaryPool } from './summary-pool.ts';
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
  /** Worker threads that read files not taken to be growing (whose readings are not kept). */
  readonly pool?: SummaryPool | undefined;
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
  private readonly pool: SummaryPool | undefined;
  /** In least recently used order. */
  private readonly readings = new Map<string, SessionReading>();

  constructor(options: SummaryCacheOptions) {
    this.store = new SummaryStore(options.dir);
    this.onBytes = options.onBytes;
    this.maxReadings = options.maxReadings ?? DEFAULT_MAX_READINGS;
    this.growingWithinMs = options.growingWithinMs ?? DEFAULT_GROWING_WITHIN_MS;
    this.pool = options.pool;
  }

  /** The summary of `filePath` as it is at `version` (as a stat just saw it); `fileName` is its title when the user said nothing. Calls for one path must not overlap. */
  async summaryOf(filePath: string, version: FileVersion, fileName: string): Promise<CachedSummary> {
    const stored = await this.store.get(filePath, version);
    if (stored !== undefined) return { ...stored, version };
    let reading = this.readings.get(filePath);
    this.readings.delete(filePath);
    if (reading === undefined && this.pool !== undefined && !this.growing(version)) {
      const pooled = await this.pool.summarise(filePath, fileName);
      this.onBytes?.(pooled.bytes);
      return this.save(filePath, pooled.version ?? version, pooled.summarised);
    }
    let read = await reading?.readMore();
    if (reading === undefined || read === undefined) {
      reading = new SessionReading(filePath, { onBytes: this.onBytes });
      read = (await reading.readMore()) ?? version;
    }
    const saved = await this.save(filePath, read, reading.summarised(fileName));
    if (this.growing(read)) this.keep(filePath, reading);
    return saved;
  }

  private async save(filePath: string, version: FileVersion, { summary, searchText }: SummarisedSession): Promise<CachedSummary> {
    return { ...(await this.store.put(filePath, version, summary, searchText)), version };
  }

  private growing(version: FileVersion): boolean {
    return Date.now() - version.mtimeMs < this.growingWithinMs;
  }

  /** Forgets a file that is gone: its reading kept in memory, its summary and search text on disk. */
  async forget(filePath: string): Promise<void> {
    this.readings.delete(filePath);
    await this.store.remove(filePath);
  }

  private keep(filePath: string, reading: SessionReading): void {
    this.readings.set(filePath, reading);
    for (const oldest of this.readings.keys()) {
      if (this.readings.size <= this.maxReadings) break;
      this.readings.delete(oldest);
    }
  }
}
