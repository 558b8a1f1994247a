import type { IncomingMessage, ServerResponse } from 'node:http';

import type { SearchAnswer, SessionIndexAnswer, SessionRow } from '../../wire/workbench.ts';
import { DEFAULT_LONG_POLL_MS } from './log-route.ts';
import { sendJson } from './json-answer.ts';
import { waitWithinRequest } from './request-wait.ts';

/** What the workbench routes need of the index of every session under the folders given. */
export interface SessionCatalog {
  readonly version: number;
  answer(): SessionIndexAnswer;
  /** Resolves when the version is no longer `since`, or when `signal` aborts (dropping its wait). */
  changed(since: number, signal: AbortSignal): Promise<void>;
  /** The ids of the sessions whose text holds `query`, case-insensitively. */
  search(query: string): Promise<readonly string[]>;
  /** A listed session's file and its row; undefined for any other id (so no id reaches a path it does not list). */
  sessionById(id: string): { readonly path: string; readonly row: Pick<SessionRow, 'file'> } | undefined;
  /** A verdict was written for the session: its row's review progress is read again. */
  reviewChanged(id: string): unknown;
}

/** Longer is refused: a search box, not a document. */
const MAX_QUERY_LENGTH = 500;

/**
 * `GET /api/sessions?version=N`: the index, at once when its version is not N (or none is given),
 * else when it changes or the long poll runs out (the page asks again): the index page stays live.
 */
export async function serveIndex(req: IncomingMessage, res: ServerResponse, catalog: SessionCatalog, longPollMs = DEFAULT_LONG_POLL_MS): Promise<void> {
  const given = new URL(req.url ?? '/', 'http://localhost').searchParams.get('version');
  const since = given !== null && /^\d{1,15}$/.test(given) ? Number(given) : undefined;
  if (since === catalog.version) {
    await waitWithinRequest(res, longPollMs, (signal) => catalog.changed(since, signal));
    if (res.destroyed) return;
  }
  sendJson(res, 200, catalog.answer() satisfies SessionIndexAnswer);
}

/** `GET /api/search?q=…`: the ids of the sessions whose text holds the query. */
export async function serveSearch(req: IncomingMessage, res: ServerResponse, catalog: SessionCatalog): Promise<void> {
  const query = (new URL(req.url ?? '/', 'http://localhost').searchParams.get('q') ?? '').trim();
  if (query.length > MAX_QUERY_LENGTH) {
    sendJson(res, 400, { error: `a search is at most ${String(MAX_QUERY_LENGTH)} characters` });
    return;
  }
  const ids = query === '' ? catalog.answer().sessions.map((session) => session.id) : await catalog.search(query);
  sendJson(res, 200, { query, ids } satisfies SearchAnswer);
}
