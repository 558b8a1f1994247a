import type { SourceFacts } from '../image/source-admission.ts';
import type { ImageLimits } from '../seams/attachment-store.ts';
import { localDigestOf } from './attachment-id.ts';
import type { SourceRecordStorage } from './object-backend.ts';
import { isImageMediaType, isRecord, parseDimensions, parseJson, parseStoredRef, type StoredRef } from './stored-ref.ts';

/** What an earlier save of the same source bytes established. */
export interface SourceIndexEntry {
  readonly source: SourceFacts;
  readonly ref: StoredRef;
}

/** The normalisation limits an entry was made under: with others the stored object could differ. */
interface NormalisedWith {
  readonly maxDimension: number;
  readonly maxBytes: number;
}

/**
 * Entries this index instance made or read, most recently used last. A warm re-read in the same
 * process then skips reading its entry, a round trip (a GET on S3) of the few a warm save makes;
 * the object it names is verified all the same. A few hundred bytes each.
 */
const REMEMBERED_ENTRIES = 1024;

/**
 * Admitted source digests → their stored reference, so a warm save skips decoding. A cache:
 * a missing, damaged or unwritable entry only means the full path runs, and the store verifies
 * the object an entry names before trusting it. An entry is used only under the normalisation
 * limits it was made with: the store's, which never change, so what the index remembers is usable.
 */
export class SourceIndex {
  private readonly remembered = new Map<string, SourceIndexEntry>();

  constructor(
    private readonly records: SourceRecordStorage,
    private readonly limits: ImageLimits,
  ) {}

  /** The entry for these source bytes, when one was made under the same normalisation limits. */
  async lookup(sourceDigest: string, signal?: AbortSignal): Promise<SourceIndexEntry | undefined> {
    const remembered = this.remembered.get(sourceDigest);
    if (remembered !== undefined) {
      this.remember(sourceDigest, remembered);
      return remembered;
    }
    const entry = await this.read(sourceDigest, signal);
    if (entry !== undefined) this.remember(sourceDigest, entry);
    return entry;
  }

  /**
   * Records the entry for these source bytes, made visible (and remembered) only once
   * `objectStored`, the save of the object it names, has resolved. Never fails: a missing entry
   * only costs the next save a decode.
   */
  async record(sourceDigest: string, entry: SourceIndexEntry, objectStored: Promise<unknown>, signal?: AbortSignal): Promise<void> {
    const record = {
      source: { mediaType: entry.source.mediaType, width: entry.source.width, height: entry.source.height },
      normalisedWith: normalisationOf(this.limits),
      ref: entry.ref,
    };
    const written = this.records.write(sourceDigest, JSON.stringify(record), objectStored, signal).catch(() => undefined);
    // Remembered once the object is stored; a failed save leaves nothing to remember.
    await objectStored.then(
      () => {
        this.remember(sourceDigest, entry);
      },
      () => undefined,
    );
    await written;
  }

  private async read(sourceDigest: string, signal: AbortSignal | undefined): Promise<SourceIndexEntry | undefined> {
    let text: string | undefined;
    try {
      text = await this.records.read(sourceDigest, signal);
    } catch {
      return undefined;
    }
    if (text === undefined) return undefined;
    const record = parseJson(text);
    if (!isRecord(record)) return undefined;
    return isSameNormalisation(record.normalisedWith, this.limits) ? parseEntry(record) : undefined;
  }

  /** Keeps `entry` as the most recently used, forgetting the least recently used beyond the bound. */
  private remember(sourceDigest: string, entry: SourceIndexEntry): void {
    this.remembered.delete(sourceDigest);
    this.remembered.set(sourceDigest, entry);
    if (this.remembered.size > REMEMBERED_ENTRIES) {
      const [oldest] = this.remembered.keys();
      if (oldest !== undefined) this.remembered.delete(oldest);
    }
  }
}

function parseEntry(record: Record<string, unknown>): SourceIndexEntry | undefined {
  const ref = parseStoredRef(record.ref);
  const source = record.source;
  if (ref === undefined || localDigestOf(ref.attachmentId) === undefined || !isRecord(source)) return undefined;
  const size = parseDimensions(source);
  if (size === undefined || !isImageMediaType(source.mediaType)) return undefined;
  return { source: { mediaType: source.mediaType, ...size }, ref };
}

function isSameNormalisation(recorded: unknown, limits: ImageLimits): boolean {
  const current = normalisationOf(limits);
  return isRecord(recorded) && recorded.maxDimension === current.maxDimension && recorded.maxBytes === current.maxBytes;
}

function normalisationOf(limits: ImageLimits): NormalisedWith {
  return { maxDimension: limits.normalizedImageMaxDimension, maxBytes: limits.normalizedImageMaxBytes };
}
