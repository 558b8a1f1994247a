import { describe, expect, expectTypeOf, it } from 'vitest';

import { AttachmentError, type CodedAttachmentError } from '../../src/index.ts';

// The type checks here run in `pnpm typecheck` (tsc reads the tests): a `@ts-expect-error` that
// stops being an error fails it.
describe('AttachmentError details, keyed by code', () => {
  it('a code with facts must be given them; a code without may leave them out', () => {
    // @ts-expect-error IMAGE_TOO_LARGE carries {bytes, limit}
    expect(new AttachmentError('IMAGE_TOO_LARGE', 'too large').details).toEqual({});
    // @ts-expect-error IMAGE_TYPE_MISMATCH carries the detected and the declared type, not a size
    expect(new AttachmentError('IMAGE_TYPE_MISMATCH', 'mismatch', { bytes: 1, limit: 1 }).details).toEqual({ bytes: 1, limit: 1 });
    expect(new AttachmentError('INVALID_IMAGE', 'corrupt').details).toEqual({});
    expect(new AttachmentError('IMAGE_TOO_LARGE', 'too large', { bytes: 2, limit: 1 }, { cause: 'x' }).cause).toBe('x');
  });

  it('details narrow with the code of a CodedAttachmentError', () => {
    const error = new AttachmentError('IMAGE_DIMENSION_TOO_LARGE', 'wide', { width: 9000, height: 1, limit: 8192 }) as CodedAttachmentError;
    if (error.code !== 'IMAGE_DIMENSION_TOO_LARGE') throw new Error('code lost');
    expectTypeOf(error.details).toEqualTypeOf<{ readonly width: number; readonly height: number; readonly limit: number }>();
    expect(error.details.limit).toBe(8192);
  });
});
