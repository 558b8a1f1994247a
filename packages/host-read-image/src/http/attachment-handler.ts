import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

import { AttachmentError, type AttachmentStore, type StoredImage } from '../seams/attachment-store.ts';
import { matchAttachmentRoute } from './attachment-route.ts';
import { entityTag, matchesIfNoneMatch, objectCachingHeaders, varyOption } from './object-caching.ts';
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
}

export type AttachmentHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

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
  const { store, sessions } = options;
  const vary = varyOption(options.vary);
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
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

    const caching = objectCachingHeaders(attachmentId, vary);
    if (matchesIfNoneMatch(req.headers['if-none-match'], entityTag(attachmentId))) return { status: 304, headers: caching };

    const stored = await readStored(store, attachmentId);
    if (stored === 'missing') return textReply(404, NOT_FOUND);
    if (stored === 'corrupt') return textReply(500, 'The stored attachment is corrupt');
    if (stored === 'unavailable') {
      return textReply(503, 'The attachment store is unavailable; try again shortly', { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    }
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
    } catch {
      outcome = textReply(500, 'Internal server error');
    }
    write(res, outcome);
  };
}

interface Reply {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body?: Uint8Array;
}

async function readStored(store: AttachmentStore, attachmentId: string): Promise<StoredImage | 'missing' | 'corrupt' | 'unavailable'> {
  try {
    return await store.readImage(attachmentId);
  } catch (cause) {
    if (!(cause instanceof AttachmentError)) throw cause;
    if (cause.code === 'ATTACHMENT_NOT_FOUND' || cause.code === 'INVALID_ATTACHMENT_REF') return 'missing';
    if (cause.code === 'ATTACHMENT_CORRUPT') return 'corrupt';
    if (cause.code === 'ATTACHMENT_READ_FAILED') return 'unavailable';
    throw cause;
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
