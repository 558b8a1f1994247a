import type { ImageLimits } from '../seams/attachment-store.ts';
import { localDigestOf } from './attachment-id.ts';
import type { SourceRecordStorage } from './object-backend.ts';
import type { SourceFacts } from './source-admission.ts';
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
 * Admitted source digests → their stored reference, so a warm save skips decoding. A cache:
 * a missing, damaged or unwritable entry only means the full path runs, and the store verifies
 * the object an entry names before trusting it.
 */
export class SourceIndex {
  constructor(private readonly records: SourceRecordStorage) {}

  /** The entry for these source bytes, when one was made under the same normalisation limits. */
  async lookup(sourceDigest: string, limits: ImageLimits, signal?: AbortSignal): Promise<SourceIndexEntry | undefined> {
    let text: string | undefined;
    try {
      text = await this.records.read(sourceDigest, signal);
    } catch {
      return undefined;
    }
    if (text === undefined) return undefined;
    const record = parseJson(text);
    if (!isRecord(record)) return undefined;
    return isSameNormalisation(record.normalisedWith, limits) ? parseEntry(record) : undefined;
  }

  async record(sourceDigest: string, entry: SourceIndexEntry, limits: ImageLimits, signal?: AbortSignal): Promise<void> {
    const record = {
      source: { mediaType: entry.source.mediaType, width: entry.source.width, height: entry.source.height },
      normalisedWith: normalisationOf(limits),
      ref: entry.ref,
    };
    try {
      await this.records.write(sourceDigest, JSON.stringify(record), signal);
    } catch {
      // Best effort by design: the object is already stored, and a missing entry only costs the next save a decode.
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
