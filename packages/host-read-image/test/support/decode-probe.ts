import type * as DecodeLimiterModule from '../../src/image/decode-limiter.ts';

/**
 * Counts decodes entering the store's limiter. A test file (here one in test/store/) installs it with
 *   vi.mock('../../src/image/decode-limiter.ts', async (importOriginal) =>
 *     (await import('../support/decode-probe.ts')).probed(await importOriginal()));
 */
export const decodeProbe = {
  entered: 0,
  active: 0,
  maxActive: 0,
  reset(): void {
    this.entered = 0;
    this.active = 0;
    this.maxActive = 0;
  },
};

export function probed(actual: typeof DecodeLimiterModule): typeof DecodeLimiterModule {
  return {
    ...actual,
    createDecodeLimiter: (concurrency) => {
      const limiter = actual.createDecodeLimiter(concurrency);
      return (decode) =>
        limiter(async () => {
          decodeProbe.entered++;
          decodeProbe.active++;
          decodeProbe.maxActive = Math.max(decodeProbe.maxActive, decodeProbe.active);
          try {
            return await decode();
          } finally {
            decodeProbe.active--;
          }
        });
    },
  };
}
