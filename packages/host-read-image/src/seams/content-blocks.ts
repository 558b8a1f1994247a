import type { AttachmentRef } from './attachment-store.ts';

export interface TextBlock {
  readonly type: 'text';
  readonly text: string;
}

export interface ImageBlock {
  readonly type: 'image';
  readonly attachment: AttachmentRef;
}

export type ContentBlock = TextBlock | ImageBlock;

export interface UserMessage {
  readonly role: 'user';
  readonly content: readonly ContentBlock[];
  readonly source: { readonly kind: string };
}
