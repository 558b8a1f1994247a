import type { AttachmentRef } from '../seams/attachment-store.ts';
import type { ContentBlock, UserMessage } from '../seams/content-blocks.ts';

/** A user-role message as logged: the wire key order, plus the id the log gave it. */
export interface LoggedUserMessage {
  readonly content: readonly ContentBlock[];
  readonly source: { readonly kind: string };
  readonly role: 'user';
  readonly id: string;
}

/**
 * Copies blocks into the key order of DESIGN §2 so a log does not depend on how a store or
 * tool happened to build its objects; absent optional keys stay absent and unknown keys
 * (anything that is not part of the wire format) are dropped.
 */
export function wireBlocks(blocks: readonly ContentBlock[]): ContentBlock[] {
  return blocks.map((block) => (block.type === 'text' ? { type: 'text', text: block.text } : { type: 'image', attachment: wireAttachment(block.attachment) }));
}

export function loggedUserMessage(message: UserMessage, id: string): LoggedUserMessage {
  return { content: wireBlocks(message.content), source: { kind: message.source.kind }, role: 'user', id };
}

function wireAttachment(ref: AttachmentRef): AttachmentRef {
  const { attachmentId, mediaType, bytes, width, height, name, originalDimensions } = ref;
  return {
    attachmentId,
    mediaType,
    bytes,
    width,
    height,
    ...(name === undefined ? {} : { name }),
    ...(originalDimensions === undefined ? {} : { originalDimensions: { width: originalDimensions.width, height: originalDimensions.height } }),
  };
}
