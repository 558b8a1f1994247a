import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

import { checkEachOption, checkOption, FUNCTION, hasMethods, optional, OPTIONS_OBJECT, rule, withMethods } from '../options/check-option.ts';
import { AttachmentError, type AttachmentErrorCode, type AttachmentStore, type StoredImage } from '../seams/attachment-store.ts';
import { matchAttachmentRoute } from './attachment-route.ts';
import { DEFAULT_VARY, entityTag, HEADER_NAME, matchesIfMatch, matchesIfNoneMatch, objectCachingHeaders } from './object-caching.ts';
import { ReferencedIdsCache } from './referenced-ids-cache.ts';
import type { SessionLogSource } from './session-source.ts';

export interface AttachmentHandlerOptions {
  readonly store: AttachmentStore;
  readonly sessions: SessionLogSource;
  /** Mount point before `/sessions/…`, e.g. `/api`; none by default. */
  readonly basePath?: string;
  /**
   * The request headers your authentication in front of the handler reads (sent as `Vary` on
   * served objects); `['Authorization', 'Cookie']` by default, `[]` when nothing in front of the
   * handler looks at the request's headers.
   */
  readonly vary?: readonly string[];
  /**
   * Called with the cause and the request for every failure answered `500` or `503` (anything
   * unexpected, a corrupt object, a store that cannot be read), never for a refusal (4xx). The
   * answer does not wait for it, and a throw from it is ignored. Default: `console.error`.
   */
  readonly onError?: (error: unknown, request: IncomingMessage) => void;
}

export type AttachmentHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const OWNER = 'createAttachmentHandler';
const STORE = withMethods<AttachmentStore>('an AttachmentStore (a readImage method)', ['readImage']);
const SESSIONS = rule(
  'a SessionLogSource (a readLog method, and referencedIds if any a method too)',
  (value): value is SessionLogSource =>
    hasMethods(value, ['readLog']) && ((value as { referencedIds?: unknown }).referencedIds === undefined || hasMethods(value, ['referencedIds'])),
);
const BASE_PATH = rule('"" or a path starting with "/" (e.g. "/api")', (value): value is string => typeof value === 'string' && /^(\/[^?#]*)?$/.test(value));

function logError(error: unknown, request: IncomingMessage): void {
  console.error(`createAttachmentHandler: ${request.method ?? 'GET'} ${request.url ?? ''} failed:`, error);
}

/** How many sessions' referenced-id sets are kept between requests. */
const CACHED_SESSIONS = 256;

/** One body for every "no": unknown session, unreferenced id, missing object — existence never leaks. */
const NOT_FOUND = 'Not found';

/** A store that cannot be reached (an S3 server down) is usually back within seconds. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Serves `GET`/`HEAD {basePath}/sessions/:sessionId/attachments/:attachmentId`: the stored
 * object, only when that session's log references the id in an image block. Ids that are not
 * plain tokens are refused (400) before the session source or the store is touched.
 * Objects are immutable, so responses carry `ETag: "<attachmentId>"` and private immutable
 * caching; refusals are `no-store`, because a log that grows may reference the id later.
 * A store that cannot be read (`ATTACHMENT_READ_FAILED`: its server is down) is a `503` with
 * `Retry-After`, not a `500`: the request was fine and the same request may succeed shortly.
 * It authenticates no one: whoever can reach it can read any session whose id they know, so an
 * embedder puts its own authentication in front of it (the package README, "The attachment route").
 * `Range` is ignored on purpose (always the whole object, `Accept-Ranges: none`): an object is
 * at most a few MiB, it is read and verified whole before any byte goes out, so a range would
 * save no I/O, and one code path is easier to keep safe.
 */
export function createAttachmentHandler(options: AttachmentHandlerOptions): AttachmentHandler {
  checkOption(OWNER, 'options', options, OPTIONS_OBJECT);
  const store = checkOption(OWNER, 'store', options.store, STORE);
  const sessions = checkOption(OWNER, 'sessions', options.sessions, SESSIONS);
  const basePath = checkOption(OWNER, 'basePath', options.basePath ?? '', BASE_PATH).replace(/\/+$/, '');
  const vary = options.vary === undefined ? DEFAULT_VARY : checkEachOption(OWNER, 'vary', options.vary, HEADER_NAME);
  checkOption(OWNER, 'onError', options.onError, optional(FUNCTION));
  const onError = options.onError ?? logError;
  const references = new ReferencedIdsCache(CACHED_SESSIONS);

  async function referencedIdsOf(sessionId: string): Promise<ReadonlySet<string> | undefined> {
    if (sessions.referencedIds !== undefined) return sessions.referencedIds(sessionId);
    const log = await sessions.readLog(sessionId);
    return log === undefined ? undefined : references.idsFor(sessionId, log);
  }

  async function reply(req: IncomingMessage): Promise<Reply> {
    const route = matchAttachmentRoute(req.url ?? '', basePath);
    if (route.kind === 'elsewhere') return textReply(404, NOT_FOUND);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return textReply(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    if (route.kind === 'malformed') return textReply(400, 'Bad request: malformed id');

    const { sessionId, attachmentId } = route;
    const referenced = await referencedIdsOf(sessionId);
    if (!referenced?.has(attachmentId)) return textReply(404, NOT_FOUND);

    // Read before any precondition: a validator says nothing of whether the store still holds the
    // object, and preconditions only apply to what would be a 200 (RFC 9110 §13.2.1).
    const stored = await readStored(store, attachmentId);
    if (stored instanceof AttachmentError) return failureReply(stored);
    const caching = objectCachingHeaders(attachmentId, vary);
    const tag = entityTag(attachmentId);
    if (!matchesIfMatch(req.headers['if-match'], tag)) return textReply(412, 'Precondition failed');
    if (matchesIfNoneMatch(req.headers['if-none-match'], tag)) return { status: 304, headers: caching };
    return {
      status: 200,
      headers: { 'Content-Type': stored.ref.mediaType, 'Accept-Ranges': 'none', ...caching },
      body: stored.data,
    };
  }

  return async (req, res) => {
    let outcome: Reply;
    try {
      outcome = await reply(req);
    } catch (error) {
      outcome = { ...textReply(500, 'Internal server error'), failure: error };
    }
    write(res, outcome);
    if ('failure' in outcome) report(onError, outcome.failure, req);
  };
}

interface Reply {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body?: Uint8Array;
  /** The cause of a 5xx answer, for `onError`. */
  readonly failure?: unknown;
}

/** The stored object, or the AttachmentError of a read the handler answers itself (any other failure is thrown). */
async function readStored(store: AttachmentStore, attachmentId: string): Promise<StoredImage | AttachmentError> {
  try {
    return await store.readImage(attachmentId);
  } catch (cause) {
    if (cause instanceof AttachmentError && ANSWERED_CODES.has(cause.code)) return cause;
    throw cause;
  }
}

const ANSWERED_CODES: ReadonlySet<AttachmentErrorCode> = new Set([
  'ATTACHMENT_NOT_FOUND',
  'INVALID_ATTACHMENT_REF',
  'ATTACHMENT_CORRUPT',
  'ATTACHMENT_READ_FAILED',
]);

function failureReply(error: AttachmentError): Reply {
  switch (error.code) {
    case 'ATTACHMENT_CORRUPT':
      return { ...textReply(500, 'The stored attachment is corrupt'), failure: error };
    case 'ATTACHMENT_READ_FAILED':
      return {
        ...textReply(503, 'The attachment store is unavailable; try again shortly', { 'Retry-After': String(RETRY_AFTER_SECONDS) }),
        failure: error,
      };
    default:
      return textReply(404, NOT_FOUND);
  }
}

/** An embedder's reporter that throws has no one to report to; the answer is already sent. */
function report(onError: (error: unknown, request: IncomingMessage) => void, error: unknown, request: IncomingMessage): void {
  try {
    onError(error, request);
  } catch {
    // ignored: see above
  }
}

function textReply(status: number, message: string, headers: OutgoingHttpHeaders = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    body: Buffer.from(`${message}\n`, 'utf8'),
  };
}

/** node:http itself sends no body in a response to HEAD, keeping the GET headers. */
function write(res: ServerResponse, { status, headers, body }: Reply): void {
  res.writeHead(status, {
    ...headers,
    ...(body === undefined ? {} : { 'Content-Length': body.byteLength }),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  });
  res.end(body);
}
