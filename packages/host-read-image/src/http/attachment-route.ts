import { isPlainToken } from './plain-token.ts';

export type AttachmentRoute =
  | { readonly kind: 'attachment'; readonly sessionId: string; readonly attachmentId: string }
  /** The route's shape, but an id is not a plain token (or does not decode). */
  | { readonly kind: 'malformed' }
  | { readonly kind: 'elsewhere' };

const MALFORMED: AttachmentRoute = { kind: 'malformed' };
const ELSEWHERE: AttachmentRoute = { kind: 'elsewhere' };

/** The session segment is one raw segment; everything after `/attachments/` is the attachment id. */
const ROUTE_TAIL = /^([^/]*)\/attachments\/(.*)$/s;

/** `http://host` before the path of an absolute-form target, which a server must accept (RFC 9112 §3.2.2). */
const ABSOLUTE_FORM_ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * Matches `{basePath}/sessions/:sessionId/attachments/:attachmentId` against a raw request
 * target. Works on the raw path on purpose: a URL parser would resolve `..` and `%2e%2e`
 * before the ids could be refused. Each id is percent-decoded exactly once. Public so that the
 * embedder's authentication in front of the handler decides on the very session id the handler
 * will serve (a second, different parse of the URL could check one session and serve another).
 */
export function matchAttachmentRoute(requestTarget: string, basePath: string): AttachmentRoute {
  const [pathname = ''] = requestTarget.replace(ABSOLUTE_FORM_ORIGIN, '').split(/[?#]/, 1);
  const prefix = `${basePath}/sessions/`;
  if (!pathname.startsWith(prefix)) return ELSEWHERE;
  const match = ROUTE_TAIL.exec(pathname.slice(prefix.length));
  if (!match) return ELSEWHERE;
  const [, rawSessionId = '', rawAttachmentId = ''] = match;
  const sessionId = decodeOnce(rawSessionId);
  const attachmentId = decodeOnce(rawAttachmentId);
  if (sessionId === undefined || attachmentId === undefined) return MALFORMED;
  if (!isPlainToken(sessionId) || !isPlainToken(attachmentId)) return MALFORMED;
  return { kind: 'attachment', sessionId, attachmentId };
}

function decodeOnce(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
