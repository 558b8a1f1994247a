const PLAIN_TOKEN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/** An id safe to use as a single path segment: no separators, no traversal, bounded length. */
export function isPlainToken(id: string): boolean {
  return PLAIN_TOKEN.test(id) && !id.includes('..');
}
