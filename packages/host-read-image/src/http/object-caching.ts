import type { OutgoingHttpHeaders } from 'node:http';

import { rule } from '../options/check-option.ts';

/**
 * The request headers an embedder's authentication in front of the handler typically reads.
 * The handler's own answer depends on no request header except the `If-None-Match` and `If-Match` validators
 * (which need no `Vary`), but behind an auth check a response does differ by credentials: without
 * `Vary` on them, a browser that switched account (a new session cookie, another bearer token)
 * would serve the previous account's image from its cache without asking the server again.
 */
export const DEFAULT_VARY: readonly string[] = ['Authorization', 'Cookie'];

/** An HTTP field name (RFC 9110 §5.1: a token). */
export const HEADER_NAME = rule('an HTTP header name', (value): value is string => typeof value === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value));

/**
 * The caching headers of a served object, sent alike on its 200 and 304 (RFC 9110 §15.4.5: a 304
 * carries the headers a 200 would have). Objects never change, so the cache may keep them a year
 * without asking; `private` because an object belongs to the sessions that reference it: a shared
 * cache (a CDN, a corporate proxy) must never hand it to whoever asks for the URL.
 */
export function objectCachingHeaders(attachmentId: string, vary: readonly string[]): OutgoingHttpHeaders {
  return {
    ETag: entityTag(attachmentId),
    'Cache-Control': 'private, max-age=31536000, immutable',
    ...(vary.length > 0 ? { Vary: vary.join(', ') } : {}),
  };
}

/** Attachment ids are plain tokens (no quote, no comma), so the id itself is a valid strong tag. */
export function entityTag(attachmentId: string): string {
  return `"${attachmentId}"`;
}

/** `If-None-Match` uses the weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`; `*` matches any. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** `If-Match` uses the strong comparison (RFC 9110 §13.1.1): only `"x"` itself or `*` matches; absent, anything does. */
export function matchesIfMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag;
  });
}
