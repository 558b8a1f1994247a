import { stat } from 'node:fs/promises';
import path from 'node:path';

import { REVIEW_SUFFIX, reviewFilePath } from '../reviews/review-file.ts';
import { watchFile } from '../server/file-watch.ts';
import { isSubagentFileName } from '../server/spool/subagent-files.ts';
import { SerialRuns } from '../server/serial-runs.ts';
import type { SessionIndexAnswer, SessionRow } from '../../wire/workbench.ts';
import { watchFolder } from './folder-watch.ts';
import { reviewStateOf, unreviewed, type ReviewState } from './review-progress.ts';
import { candidateFiles, isSearchedPath, sessionRoots, type CandidateFile, type SessionRoot } from './session-files.ts';
import { sessionsHolding } from './session-search.ts';
import { SummaryCache } from './summary-cache.ts';
import { SummaryPool } from './summary-pool.ts';
import { VersionWaiters } from './version-waiters.ts';

export interface SessionIndexOptions {
  /** Files and folders given (a folder is searched recursively). */
  readonly roots: readonly string[];
  /** Where summaries are kept across runs. */
  readonly cacheDir: string;
  /** Review files go under `dir` (mirroring each session's id) instead of beside the logs. */
  readonly reviews?: { readonly dir: string };
  /** Failures that lose nothing but this file's row or this change (an unreadable file, a watch error). */
  readonly onError: (error: unknown) => void;
  /** Files summarised at once (their reads overlap; the parsing is one thread's); default 8. */
  readonly concurrency?: number;
  /** Watch events closer than this are one rescan. */
  readonly debounceMs?: number;
  /** A rescan this often even without events. */
  readonly fallbackMs?: number;
  /** Told the byte count of every read of a session file. */
  readonly onSessionBytes?: (bytes: number) => void;
  /** Worker threads that summarise files not changed lately (0: all in this thread); default 2. */
  readonly workers?: number;
}

/** A listed session: its file, and what a search reads of it. */
interface Entry {
  readonly candidate: CandidateFile;
  readonly row: SessionRow;
  readonly textPath: string;
  readonly review: ReviewState;
}

/** What `sessionById` answers: a listed session's file (the only files the server may open for an id). */
export interface IndexedSession {
  readonly path: string;
  readonly root: SessionRoot;
  readonly row: SessionRow;
}

/** Enough files in flight that one's parse runs while others' reads wait (measured: 2 left the thread idle ~15% of a first pass). */
const DEFAULT_CONCURRENCY = 8;
/** Measured on 2 cores (5 000 sessions): 2 workers beside this thread's reads and cache writes beat 1 and 3. */
const DEFAULT_WORKERS = 2;
const DEFAULT_DEBOUNCE_MS = 200;
const DEFAULT_FALLBACK_MS = 10_000;

/**
 * Every session file under the roots given, summarised once (see SummaryCache) and kept live: a
 * file added, grown, replaced or removed shows in the next answer within a debounce of its watch
 * event. Only files whose content is a session of a known format are listed (a file given alone
 * always is); Claude Code subagent files are read with their transcript, not listed.
 */
export class SessionIndex {
  private readonly options: SessionIndexOptions;
  private readonly cache: SummaryCache;
  private readonly pool: SummaryPool | undefined;
  private readonly waiters = new VersionWaiters();
  private readonly entries = new Map<string, Entry>();
  /** Candidates summarised (listed or not), by absolute path: the version each is of. */
  private readonly seen = new Map<string, { readonly size: number; readonly mtimeMs: number }>();
  private readonly refreshing = new Map<string, Promise<void>>();
  /** Every candidate of the last listing of each root, by absolute path. */
  private readonly candidates = new Map<string, CandidateFile>();
  private readonly rescans = new Map<SessionRoot, SerialRuns>();
  private readonly stops: (() => void)[] = [];
  private roots: SessionRoot[] = [];
  private scanningNow = true;
  private closed = false;

  constructor(options: SessionIndexOptions) {
    this.options = options;
    const workers = options.workers ?? DEFAULT_WORKERS;
    this.pool = workers > 0 ? new SummaryPool(workers) : undefined;
    this.cache = new SummaryCache({ dir: options.cacheDir, onBytes: options.onSessionBytes, pool: this.pool });
  }

  /** Resolves the roots, starts watching them, and summarises every file found (the first pass). */
  async start(): Promise<void> {
    this.roots = await sessionRoots(this.options.roots);
    const firstPasses: Promise<void>[] = [];
    for (const root of this.roots) {
      const runs = new SerialRuns(() => this.rescan(root));
      this.rescans.set(root, runs);
      this.stops.push(this.watch(root, runs));
      firstPasses.push(runs.request());
    }
    await Promise.all(firstPasses);
    this.scanningNow = false;
    this.waiters.bump();
  }

  get version(): number {
    return this.waiters.version;
  }

  /** Long-poll waits pending now. */
  get waiting(): number {
    return this.waiters.waiting;
  }

  answer(): SessionIndexAnswer {
    const sessions = [...this.entries.values()].map((entry) => entry.row).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { version: this.version, scanning: this.scanningNow, sessions };
  }

  /** Resolves when the version is not `since`, after the hold (~25 s), or when `signal` aborts; an aborted wait leaves nothing behind. */
  changed(since: number, signal?: AbortSignal): Promise<void> {
    return this.waiters.changed(since, signal);
  }

  /** The ids of the sessions whose prompts, arguments, results or review notes hold `query`, case-insensitively. */
  search(query: string): Promise<string[]> {
    const sessions = [...this.entries.values()].map((entry) => ({ id: entry.row.id, textPath: entry.textPath, notesText: entry.review.notesText }));
    return sessionsHolding(query, sessions);
  }

  /** A listed session by id; undefined for any other id (so an id can never name a file outside the listing). */
  sessionById(id: string): IndexedSession | undefined {
    const entry = this.entries.get(id);
    return entry === undefined ? undefined : { path: entry.candidate.path, root: entry.candidate.root, row: entry.row };
  }

  /** Where a listed session's verdicts are kept: beside its log, or under `reviews.dir`; undefined for any other id. */
  reviewPathOf(id: string): string | undefined {
    const entry = this.entries.get(id);
    return entry === undefined ? undefined : this.reviewPathOfCandidate(entry.candidate);
  }

  /** A verdict or note was written for session `id`: its review progress is read again. */
  async reviewChanged(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    const review = await this.reviewOf(entry.candidate, entry.row.calls + entry.row.images);
    const current = this.entries.get(id);
    if (current === undefined) return;
    this.entries.set(id, { ...current, review, row: { ...current.row, review: review.progress } });
    this.waiters.bump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.stops.splice(0)) stop();
    await Promise.all([...this.rescans.values()].map((runs) => runs.settled()));
    // A watch event's refresh runs outside the listings: none may write to the cache after close.
    await Promise.allSettled([...this.refreshing.values()]);
    await this.pool?.close();
    this.waiters.releaseAll();
  }

  private watch(root: SessionRoot, runs: SerialRuns): () => void {
    const rescan = () => {
      runs.request().catch(this.options.onError);
    };
    if (root.kind === 'file')
      return watchFile(root.path, () => runs.request(), { intervalMs: this.options.fallbackMs ?? DEFAULT_FALLBACK_MS, onError: this.options.onError });
    return watchFolder(
      root.path,
      (names) => {
        // A file already listed is read again on its own (a growing session costs a stat and its new bytes); anything else lists the root again.
        let listAgain = false;
        for (const name of names) {
          if (name === null) listAgain = true;
          else if (!isSearchedPath(name)) continue;
          else if (name.endsWith(REVIEW_SUFFIX)) this.reviewChangedAt(path.join(root.path, name.slice(0, -REVIEW_SUFFIX.length)));
          else {
            const known = this.candidates.get(path.join(root.path, name));
            if (known === undefined) listAgain = true;
            else this.refresh(known).catch(this.options.onError);
          }
        }
        if (listAgain) rescan();
      },
      { debounceMs: this.options.debounceMs ?? DEFAULT_DEBOUNCE_MS, fallbackMs: this.options.fallbackMs ?? DEFAULT_FALLBACK_MS, onError: this.options.onError },
    );
  }

  private reviewChangedAt(logPath: string): void {
    for (const entry of this.entries.values()) if (entry.candidate.path === logPath) this.reviewChanged(entry.row.id).catch(this.options.onError);
  }

  /** Lists the root's files again: new and changed ones are summarised, gone ones dropped. */
  private async rescan(root: SessionRoot): Promise<void> {
    if (this.closed) return;
    const candidates = await candidateFiles(root);
    for (const [candidatePath, candidate] of this.candidates) if (candidate.root === root) this.candidates.delete(candidatePath);
    for (const candidate of candidates) this.candidates.set(candidate.path, candidate);
    const present = new Set(candidates.map((candidate) => candidate.id));
    for (const [id, entry] of this.entries) {
      if (entry.candidate.root === root && !present.has(id)) {
        this.entries.delete(id);
        this.seen.delete(entry.candidate.path);
        this.cache.forget(entry.candidate.path).catch(this.options.onError);
        this.waiters.bump();
      }
    }
    let next = 0;
    const work = async () => {
      for (let index = next++; index < candidates.length && !this.closed; index = next++) {
        const candidate = candidates[index];
        if (candidate !== undefined) await this.refresh(candidate).catch(this.options.onError);
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency ?? DEFAULT_CONCURRENCY }, work));
  }

  /** Summarises `candidate` if it changed since it was last seen (one refresh per file at a time). */
  private async refresh(candidate: CandidateFile): Promise<void> {
    const running = this.refreshing.get(candidate.path);
    if (running !== undefined) return running;
    const refreshed = this.summarise(candidate).finally(() => this.refreshing.delete(candidate.path));
    this.refreshing.set(candidate.path, refreshed);
    return refreshed;
  }

  private async summarise(candidate: CandidateFile): Promise<void> {
    let info;
    try {
      info = await stat(candidate.path);
    } catch (error) {
      // Removed since it was listed: a listing drops its row.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.rescans.get(candidate.root)?.request().catch(this.options.onError);
        return;
      }
      throw error;
    }
    const before = this.seen.get(candidate.path);
    if (before?.size === info.size && before.mtimeMs === info.mtimeMs) return;
    const { summary, textPath, version } = await this.cache.summaryOf(candidate.path, { size: info.size, mtimeMs: info.mtimeMs }, candidate.file);
    this.seen.set(candidate.path, version);
    const listed =
      candidate.explicit || (summary.format !== 'unknown' && !(summary.format === 'claude-code' && isSubagentFileName(path.basename(candidate.path))));
    if (!listed) {
      if (this.entries.delete(candidate.id)) this.waiters.bump();
      return;
    }
    // A folder's listing shows whether a review file is beside the log: reopening thousands of sessions opens none of the missing ones.
    const review =
      this.options.reviews === undefined && candidate.reviewBeside === false
        ? unreviewed(summary.calls + summary.images)
        : await this.reviewOf(candidate, summary.calls + summary.images);
    const row: SessionRow = { id: candidate.id, file: candidate.file, ...summary, review: review.progress, size: version.size, modifiedAt: version.mtimeMs };
    this.entries.set(candidate.id, { candidate, row, textPath, review });
    this.waiters.bump();
  }

  private async reviewOf(candidate: CandidateFile, targets: number): Promise<ReviewState> {
    try {
      return await reviewStateOf(this.reviewPathOfCandidate(candidate), targets);
    } catch (error) {
      this.options.onError(error);
      return unreviewed(targets);
    }
  }

  private reviewPathOfCandidate(candidate: CandidateFile): string {
    const { reviews } = this.options;
    const { root } = candidate;
    const elsewhere =
      reviews === undefined ? undefined : { dir: path.join(reviews.dir, root.name ?? ''), root: root.kind === 'file' ? path.dirname(root.path) : root.path };
    return reviewFilePath(candidate.path, elsewhere);
  }
}
