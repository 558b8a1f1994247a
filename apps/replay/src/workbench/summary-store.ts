import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { AGENT_LOG_FORMATS } from '@toolcard/ui-tool-image/model';

import type { FileVersion, SessionSummary } from './session-summary.ts';

/** A summary on disk, for the file at `path` as it was at `version`; its search text is in `textFile`. */
interface StoredEntry {
  readonly v: typeof ENTRY_VERSION;
  readonly path: string;
  readonly version: FileVersion;
  readonly textFile: string;
  readonly summary: SessionSummary;
}

/**
 * Raised when what a summary holds, or how it is computed, changes: older entries are then
 * recomputed, never misread or shown stale (2: a title skips the context a harness put before the prompt).
 */
const ENTRY_VERSION = 2;

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

function isEntryFor(value: unknown, filePath: string, version: FileVersion): value is StoredEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<StoredEntry>;
  return (
    entry.v === ENTRY_VERSION &&
    entry.path === filePath &&
    entry.version?.size === version.size &&
    entry.version.mtimeMs === version.mtimeMs &&
    typeof entry.textFile === 'string' &&
    /^[0-9a-f]{40}\.txt$/.test(entry.textFile) &&
    isSummary(entry.summary)
  );
}

/** A summary found on disk, and where its search text is. */
export interface StoredSummary {
  readonly summary: SessionSummary;
  readonly textPath: string;
}

/**
 * Summaries on disk under `dir`, one entry per session file (named by a digest of its absolute
 * path) that holds the file's size and modification time when summarised; the search text beside
 * it in a file named by the path and that version, so an entry never points at another version's
 * text. Every write is a temp file renamed into place: a crash leaves the old entry or the new one.
 * An entry that cannot be read, or is of another version, is none.
 */
export class SummaryStore {
  private readonly dir: string;
  private made: Promise<unknown> | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  async get(filePath: string, version: FileVersion): Promise<StoredSummary | undefined> {
    let value: unknown;
    try {
      value = JSON.parse(await readFile(this.entryPath(filePath), 'utf8'));
    } catch {
      return undefined;
    }
    if (!isEntryFor(value, filePath, version)) return undefined;
    return { summary: value.summary, textPath: path.join(this.dir, value.textFile) };
  }

  async put(filePath: string, version: FileVersion, summary: SessionSummary, searchText: string): Promise<StoredSummary> {
    this.made ??= mkdir(this.dir, { recursive: true });
    await this.made;
    const textFile = `${digest(`${filePath}\0${String(version.size)}\0${String(version.mtimeMs)}`)}.txt`;
    const textPath = path.join(this.dir, textFile);
    const previous = await this.previousTextFile(filePath);
    await this.writeAtomically(textPath, searchText);
    const entry: StoredEntry = { v: ENTRY_VERSION, path: filePath, version, textFile, summary };
    await this.writeAtomically(this.entryPath(filePath), JSON.stringify(entry));
    if (previous !== undefined && previous !== textFile) await rm(path.join(this.dir, previous), { force: true });
    return { summary, textPath };
  }

  /** Drops the entry of a file that is gone, and its search text (a session deleted takes its text out of the cache too). */
  async remove(filePath: string): Promise<void> {
    const textFile = await this.previousTextFile(filePath);
    await rm(this.entryPath(filePath), { force: true });
    if (textFile !== undefined) await rm(path.join(this.dir, textFile), { force: true });
  }

  private entryPath(filePath: string): string {
    return path.join(this.dir, `${digest(filePath)}.json`);
  }

  private async previousTextFile(filePath: string): Promise<string | undefined> {
    try {
      const entry = JSON.parse(await readFile(this.entryPath(filePath), 'utf8')) as Partial<StoredEntry>;
      return typeof entry.textFile === 'string' && /^[0-9a-f]{40}\.txt$/.test(entry.textFile) ? entry.textFile : undefined;
    } catch {
      return undefined;
    }
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
