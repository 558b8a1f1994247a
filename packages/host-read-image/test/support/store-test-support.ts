import { createHash } from 'node:crypto';

import { expect } from 'vitest';

import { AttachmentError, type AttachmentErrorCode, type CodedAttachmentError } from '../../src/seams/attachment-store.ts';

export function sha256Id(data: Uint8Array): string {
  return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

export function hexOf(attachmentId: string): string {
  return attachmentId.replace(/^sha256:/, '');
}

/** The AttachmentError the operation fails with (the test fails if it succeeds or throws anything else). */
export async function attachmentFailure<Code extends AttachmentErrorCode>(
  operation: Promise<unknown>,
  code: Code,
): Promise<CodedAttachmentError & { readonly code: Code }> {
  const error: unknown = await operation.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AttachmentError);
  expect((error as AttachmentError).code).toBe(code);
  return error as CodedAttachmentError & { readonly code: Code };
}
