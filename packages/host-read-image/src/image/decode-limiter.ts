import pLimit from 'p-limit';

/** Runs a decode once fewer than the configured number are in flight (full decodes cost memory). */
export type DecodeLimiter = <T>(decode: () => Promise<T>) => Promise<T>;

export const DEFAULT_DECODE_CONCURRENCY = 2;

/** `concurrency` is a positive integer, checked by the store's options. */
export function createDecodeLimiter(concurrency: number): DecodeLimiter {
  const limit = pLimit(concurrency);
  return (decode) => limit(decode);
}
