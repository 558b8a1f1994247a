// What the workbench server and its page say to each other (types only: imported by both sides).

import type { AgentLogFormat } from '@toolcard/ui-tool-image/model';

/** A session's review as the index shows it: targets (calls and images) with a standing verdict or note, of all its targets. */
export interface ReviewProgress {
  readonly reviewed: number;
  readonly of: number;
  readonly failed: number;
  readonly notes: number;
}

/** One row of the index: a session file summarised once (a streaming pass) and cached. */
export interface SessionRow {
  /**
   * Stable across restarts of the server for the same paths given: the file's path relative to the
   * folder given ('/'-separated), prefixed with that folder's name when several were given. Used in
   * URLs (`?session=<id>`, `/api/sessions/<id>/…`, always encodeURIComponent'd).
   */
  readonly id: string;
  /** The file's path relative to the folder given (its own name for a file given alone). */
  readonly file: string;
  readonly format: AgentLogFormat | 'unknown';
  /** The first user prompt on one line (at most 200 characters), else the file's name. */
  readonly title: string;
  /** Epoch milliseconds, null when the session records no time. */
  readonly startedAt: number | null;
  readonly durationMs: number | null;
  /** Calls at every depth. */
  readonly calls: number;
  /** Calls whose result holds at least one image. */
  readonly imageCalls: number;
  /** Distinct images. */
  readonly images: number;
  /** Calls that failed or were refused. */
  readonly failedCalls: number;
  /** Lines or events the reader could not use. */
  readonly problems: number;
  /** Distinct tool names called, sorted. */
  readonly tools: readonly string[];
  readonly review: ReviewProgress;
  /** Bytes of the file when summarised. */
  readonly size: number;
  /** Epoch milliseconds of the file's last change. */
  readonly modifiedAt: number;
}

/**
 * `GET /api/sessions?version=N`: every session found so far. Answered at once when the index's
 * version is not N, else held until it changes (or ~25 s pass): the page stays live this way.
 */
export interface SessionIndexAnswer {
  readonly version: number;
  /** True while the first pass over the folders is still summarising files. */
  readonly scanning: boolean;
  readonly sessions: readonly SessionRow[];
}

/** `GET /api/search?q=…`: the ids of the sessions whose text (prompts, arguments, results, notes) holds `q`, case-insensitively. */
export interface SearchAnswer {
  readonly query: string;
  readonly ids: readonly string[];
}

/** `GET /api/info`: what the page opens on. */
export interface WorkbenchInfo {
  /** 'session': one file was given, the page shows it; 'workbench': the index. */
  readonly mode: 'session' | 'workbench';
  /** The files and folders given (the index says where it found nothing). */
  readonly roots: readonly string[];
  /** Who verdicts are recorded as. */
  readonly reviewer: string;
  /** False when this page may not write verdicts (no token cookie off loopback). */
  readonly canReview: boolean;
}

/** `GET /api/sessions/<id>/info`: one session's file and whether its images can load at all. */
export interface SessionInfo {
  readonly id: string;
  readonly log: string;
  readonly store: boolean;
}

/** A verdict as the page sends it: `POST /api/sessions/<id>/reviews` with this JSON body. */
export interface VerdictRequest {
  readonly target: string;
  readonly verdict: 'pass' | 'fail' | null;
  readonly note?: string;
}
