import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization` header carries exactly `Bearer <token>`. Both sides are hashed
 * first, so the comparison is constant-time over equal-length digests and leaks neither the
 * token's content nor its length.
 */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  const presented = match?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token)) && match !== null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
