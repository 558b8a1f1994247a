import { createHash } from 'node:crypto';

import { AttachmentError } from '../seams/attachment-store.ts';

const ID_PREFIX = 'sha256:';
const LOCAL_ID = /^sha256:([0-9a-f]{64})$/;

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function attachmentIdOf(digestHex: string): string {
  return `${ID_PREFIX}${digestHex}`;
}

/** The digest a local id names, or undefined for anything else (another store's id, a path, …). */
export function localDigestOf(attachmentId: string): string | undefined {
  return LOCAL_ID.exec(attachmentId)?.[1];
}

/** The digest named by a local id; anything else is refused before it can reach the file system. */
export function digestOfAttachmentId(attachmentId: string): string {
  const digest = localDigestOf(attachmentId);
  if (digest === undefined) {
    throw new AttachmentError('INVALID_ATTACHMENT_REF', 'Not an attachment id of this store: expected "sha256:" followed by 64 lowercase hex digits.');
  }
  return digest;
}
