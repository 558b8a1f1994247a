import { readFile } from 'node:fs/promises';

import type { ImageLimits } from '../seams/attachment-store.ts';
import { localDigestOf } from './attachment-id.ts';
import { replaceFileDurably } from './durable-write.ts';
import type { SourceFacts } from './source-admission.ts';
import type { StoreLayout } from './store-layout.ts';
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
 * a missing, damaged or unwritable entry only means the full path runs.
 */
export class SourceIndex {
  constructor(private readonly layout: StoreLayout) {}

  /** The entry for these source bytes, when one was made under the same normalisation limits. */
  async lookup(sourceDigest: string, limits: ImageLimits): Promise<SourceIndexEntry | undefined> {
    let text: string;
    try {
      text = await readFile(this.layout.sourceEntry(sourceDigest), 'utf8');
    } catch {
      return undefined;
    }
    const record = parseJson(text);
    if (!isRecord(record)) return undefined;
    return isSameNormalisation(record.normalisedWith, limits) ? parseEntry(record) : undefined;
  }

  async record(sourceDigest: string, entry: SourceIndexEntry, limits: ImageLimits): Promise<void> {
    const record = {
      source: { mediaType: entry.source.mediaType, width: entry.source.width, height: entry.source.height },
      normalisedWith: normalisationOf(limits),
      ref: entry.ref,
    };
    try {
      await replaceFileDurably(this.layout.tempRoot, this.layout.sourceEntry(sourceDigest), Buffer.from(JSON.stringify(record)));
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
