import type { IncomingMessage, ServerResponse } from 'node:http';

import type { VerdictRequest } from '../../wire/workbench.ts';
import { ReviewNotSavedError, type ReviewFile } from '../reviews/local-review-file.ts';
import { parseReviewLine, type ReviewLine } from '../reviews/review-line.ts';
import { sendJson } from './json-answer.ts';

/** A verdict with the longest note a person types fits many times over; anything bigger is not a verdict. */
export const MAX_VERDICT_BYTES = 16 * 1024;

const REVIEWS_PATH = /^\/api\/sessions\/([^/]+)\/reviews$/;

export interface ReviewRouteOptions {
  /** The review file of a session id (beside its log, under `--reviews`, or an S3 object), `undefined` for an id the server does not serve. */
  readonly reviewFileOf: (sessionId: string) => ReviewFile | undefined;
  /** Who the verdicts written here are recorded as. */
  readonly reviewer: string;
  /** Whether this request may write (off loopback: it carries the token). */
  readonly canWrite: (req: IncomingMessage) => boolean;
  /** Told after a verdict is durably appended (the index's review progress changed). */
  readonly onWritten?: (sessionId: string) => void;
}

/** `GET /api/sessions/<id>/reviews`: the standing line of every target. */
export interface ReviewsAnswer {
  readonly lines: readonly ReviewLine[];
}

/** Answers the request when it is for `/api/sessions/<id>/reviews` (resolving true), else leaves it alone (false). */
export type ReviewRoute = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * Reads and writes a session's verdicts: GET the standing line per target, POST a `VerdictRequest`
 * to append one. A write must be same-origin (a page of another site cannot vote through the
 * person's browser), JSON (a form post cannot send it without a preflight) and small.
 */
export function createReviewRoute(options: ReviewRouteOptions): ReviewRoute {
  return async (req, res) => {
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const match = REVIEWS_PATH.exec(pathname);
    if (match === null) return false;
    const sessionId = decodedId(match[1] ?? '');
    const reviewFile = sessionId === undefined ? undefined : options.reviewFileOf(sessionId);
    if (sessionId === undefined || reviewFile === undefined) {
      sendJson(res, 404, { error: 'No such session' });
      return true;
    }
    if (req.method === 'GET') {
      const review = await reviewFile.read();
      sendJson(res, 200, { lines: [...review.byTarget.values()] } satisfies ReviewsAnswer);
      return true;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'GET or POST' }, { Allow: 'GET, POST' });
      return true;
    }
    const refusal = writeRefusal(req, options);
    if (refusal !== undefined) {
      sendJson(res, refusal.status, { error: refusal.error }, refusal.status === 413 ? { Connection: 'close' } : {});
      if (refusal.status === 413) req.resume();
      return true;
    }
    const body = await bodyText(req);
    if (body === undefined) {
      sendJson(res, 413, { error: `The body is over ${String(MAX_VERDICT_BYTES)} bytes` }, { Connection: 'close' });
      return true;
    }
    const line = verdictLine(body, options.reviewer);
    if (!line.ok) {
      sendJson(res, 400, { error: line.problem });
      return true;
    }
    try {
      await reviewFile.append(line.line);
    } catch (error) {
      const notSaved = notSavedAnswer(error);
      sendJson(res, notSaved.status, { error: notSaved.error });
      return true;
    }
    options.onWritten?.(sessionId);
    sendJson(res, 200, { line: line.line });
    return true;
  };
}

function decodedId(encoded: string): string | undefined {
  try {
    const id = decodeURIComponent(encoded);
    return id === '' ? undefined : id;
  } catch {
    return undefined;
  }
}

/** Codes of a folder this process may not write: the reviewer can choose another (`--reviews DIR`). */
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/** What the page says when an append failed: the cause in words, never a bare "Internal server error". */
function notSavedAnswer(error: unknown): { readonly status: number; readonly error: string } {
  if (error instanceof ReviewNotSavedError) return { status: 503, error: error.message };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && NOT_WRITABLE.has(code)) {
    return {
      status: 403,
      error: `The verdict was not saved: this session's review file cannot be written here (${code}). Start pnpm replay with --reviews DIR to keep verdicts in a folder you can write.`,
    };
  }
  return { status: 500, error: `The verdict was not saved (${code ?? (error instanceof Error ? error.name : 'unknown error')})` };
}

/** Why this POST may not write, checked before a byte of its body is read; `undefined` when it may. */
function writeRefusal(req: IncomingMessage, options: ReviewRouteOptions): { readonly status: number; readonly error: string } | undefined {
  if (!options.canWrite(req)) return { status: 403, error: 'This page may not write verdicts' };
  if (!isSameOrigin(req)) return { status: 403, error: 'A verdict must come from this server’s own page' };
  const type = (req.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type !== 'application/json') return { status: 415, error: 'The body must be application/json' };
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > MAX_VERDICT_BYTES) return { status: 413, error: `The body is over ${String(MAX_VERDICT_BYTES)} bytes` };
  return undefined;
}

/**
 * The `Origin` is this server's own (browsers send it on every POST), else the browser says it is
 * same-origin. Its host and port must be the ones the request was sent to; its scheme may be
 * `https` while this server speaks plain HTTP, since a TLS proxy in front of it is how a team
 * serves it (no other server answers on the same host and port).
 */
function isSameOrigin(req: IncomingMessage): boolean {
  const { origin, host } = req.headers;
  if (origin !== undefined) return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
  return req.headers['sec-fetch-site'] === 'same-origin';
}

/** The body as text, or `undefined` once it passes the limit (a chunked body has no length to check first). */
async function bodyText(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_VERDICT_BYTES) {
      req.resume();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The review line a request's body asks for, checked as a line read from a review file is. */
function verdictLine(body: string, reviewer: string): { readonly ok: true; readonly line: ReviewLine } | { readonly ok: false; readonly problem: string } {
  let request: unknown;
  try {
    request = JSON.parse(body);
  } catch {
    return { ok: false, problem: 'The body is not JSON' };
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return { ok: false, problem: 'The body is not a JSON object' };
  const { target, verdict, note } = request as Partial<Record<keyof VerdictRequest, unknown>>;
  return parseReviewLine(JSON.stringify({ at: new Date().toISOString(), reviewer, target, verdict, note }));
}
