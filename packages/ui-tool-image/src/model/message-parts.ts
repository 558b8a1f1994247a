import { viewContentBlock } from './content-blocks';
import type { ImageCardImage } from './card/image-card';

export type MessageRole = 'user' | 'assistant' | 'context';

/** A message's content in block order: text, a run of adjacent images (one gallery), or an image whose reference is malformed. */
export type MessagePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'images'; readonly images: readonly ImageCardImage[] }
  | { readonly kind: 'invalid-image' };

/** Text and image blocks in order (adjacent images share a gallery); tool-call and other blocks are shown as rows or not at all. */
export function messageParts(content: unknown): MessagePart[] {
  if (!Array.isArray(content)) return [];
  const parts: MessagePart[] = [];
  let run: ImageCardImage[] | null = null;
  for (const block of content) {
    const view = viewContentBlock(block);
    if (view.kind === 'image') {
      if (run === null) {
        run = [];
        parts.push({ kind: 'images', images: run });
      }
      run.push({ attachment: view.attachment });
      continue;
    }
    run = null;
    if (view.kind === 'text' && view.text.trim() !== '') parts.push({ kind: 'text', text: view.text });
    else if (view.kind === 'invalid-image') parts.push({ kind: 'invalid-image' });
  }
  return parts;
}
