import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

import { AGENT_LOG_FORMATS } from '@toolcard/ui-tool-image/model';

import type { FileVersion, SessionSummary } from './session-summary.ts';

/** The first line of a summary's entry on disk: for the file at `path` as it was at `version`. */
interface EntryHeader {
  readonly v: typeof ENTRY_VERSION;
  readonly path: string;
  readonly version: FileVersion;
  readonly summary: SessionSummary;
}

/**
 * Raised when what a summary holds, or how it is computed, changes: older entries are then
 * recomputed, never misread or shown stale (2: a title skips the context a harness put before the
 * prompt; 3: the search text is in the entry, after its first line).
 */
const ENTRY_VERSION = 3;

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 40);
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isTimeOrNull = (value: unknown): value is number | null => value === null || (typeof value === 'number' && Number.isFinite(value));

function isSummary(value: unknown): value is SessionSummary {
  if (typeof value !== 'object' || value === null) return false;
  const summary = value as Record<string, unknown>;
  return (
    (summary.format === 'unknown' || AGENT_LOG_FORMATS.includes(summary.format as never)) &&
    typeof summary.title === 'string' &&
    isTimeOrNull(summary.startedAt) &&
    isTimeOrNull(summary.durationMs) &&
    [summary.calls, summary.imageCalls, summary.images, summary.failedCalls, summary.problems].every(isCount) &&
    Array.isArray(summary.tools) &&
    summary.tools.every((tool) => typeof tool === 'string')
  );
}

function isHeaderFor(value: unknown, filePath: string, version: FileVersion): value is EntryHeader {
  if (typeof value !== 'object' || value === null) return false;
  const header = value as Partial<EntryHeader>;
  return (
    header.v === ENTRY_VERSION &&
    header.path === filePath &&
    header.version?.size === version.size &&
    header.version.mtimeMs === version.mtimeMs &&
    isSummary(header.summary)
  );
}

/** Version 2 kept the search text in a file of its own, named in the entry: removed with the entry it belonged to. */
function legacyTextFile(value: unknown): string | undefined {
  const { textFile } = (value ?? {}) as { textFile?: unknown };
  return typeof textFile === 'string' && /^[0-9a-f]{40}\.txt$/.test(textFile) ? textFile : undefined;
}

/** A summary found on disk, and where its search text is: after the first line of the file at `textPath` (its entry). */
export interface StoredSummary {
  readonly summary: SessionSummary;
  readonly textPath: string;
}

const NEWLINE = 0x0a;
/** What a header's first read takes: a header holds a 200-character title and tool names, well under it. */
const HEADER_READ_BYTES = 16 << 10;
/** A first line longer than this is no header (the entry is recomputed). */
const MAX_HEADER_BYTES = 1 << 20;

/**
 * The file's first line (without its end) and whether a line end follows it (the whole file is the
 * line when none does); undefined when the first line is over MAX_HEADER_BYTES.
 */
async function firstLineOf(file: FileHandle): Promise<{ line: string; ended: boolean } | undefined> {
  const read: Buffer[] = [];
  for (let position = 0; position < MAX_HEADER_BYTES;) {
    const { buffer, bytesRead } = await file.read(Buffer.allocUnsafe(HEADER_READ_BYTES), 0, HEADER_READ_BYTES, position);
    const end = buffer.subarray(0, bytesRead).indexOf(NEWLINE);
    read.push(buffer.subarray(0, end === -1 ? bytesRead : end));
    if (end !== -1 || bytesRead === 0) return { line: Buffer.concat(read).toString('utf8'), ended: end !== -1 };
    position += bytesRead;
  }
  return undefined;
}

/**
 * Summaries on disk under `dir`, one entry per session file (named by a digest of its absolute
 * path): a JSON line that holds the summary and the file's size and modification time when
 * summarised, then the search text, so the text is always the one of that version and a first
 * index writes one file a session. Every write is a temp file renamed into place: a crash leaves
 * the old entry or the new one. An entry that cannot be read, or is of another version, is none.
 */
export class SummaryStore {
  private readonly dir: string;
  private made: Promise<unknown> | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  async get(filePath: string, version: FileVersion): Promise<StoredSummary | undefined> {
    const entryPath = this.entryPath(filePath);
    let first: { line: string; ended: boolean } | undefined;
    try {
      const file = await open(entryPath, 'r');
      try {
        first = await firstLineOf(file);
      } finally {
        await file.close();
      }
    } catch {
      return undefined;
    }
    if (first === undefined) return undefined;
    let header: unknown;
    try {
      header = JSON.parse(first.line);
    } catch {
      return undefined;
    }
    const legacy = legacyTextFile(header);
    if (legacy !== undefined) await rm(path.join(this.dir, legacy), { force: true });
    if (!first.ended || !isHeaderFor(header, filePath, version)) return undefined;
    return { summary: header.summary, textPath: entryPath };
  }

  async put(filePath: string, version: FileVersion, summary: SessionSummary, searchText: string): Promise<StoredSummary> {
    this.made ??= mkdir(this.dir, { recursive: true });
    await this.made;
    const entryPath = this.entryPath(filePath);
    const header = JSON.stringify({ v: ENTRY_VERSION, path: filePath, version, summary } satisfies EntryHeader);
    await this.writeAtomically(entryPath, `${header}\n${searchText}`);
    return { summary, textPath: entryPath };
  }

  /** Drops the entry of a file that is gone (a session deleted takes its text out of the cache too). */
  async remove(filePath: string): Promise<void> {
    await rm(this.entryPath(filePath), { force: true });
  }

  private entryPath(filePath: string): string {
    return path.join(this.dir, `${digest(filePath)}.json`);
  }

  private async writeAtomically(target: string, text: string): Promise<void> {
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, text);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}
