import type * as DecodeLimiterModule from '../../src/store/decode-limiter.ts';

/**
 * Counts decodes entering the store's limiter. A test file installs it with
 *   vi.mock('../../src/store/decode-limiter.ts', async (importOriginal) =>
 *     (await import('./decode-probe.ts')).probed(await importOriginal()));
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
