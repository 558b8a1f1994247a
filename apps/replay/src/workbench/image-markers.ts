import { createHash } from 'node:crypto';

import { imageHeaderSize, refusedImageMarker, storedImageMarker } from '@toolcard/ui-tool-image/model';

import type { SavedImage } from '../server/spool/inline-image-saver.ts';
import { rewriteInlineImages } from '../server/spool/inline-image-rewrite.ts';

/**
 * The marker that stands for an inline image while a session is summarised: its id is the one the
 * model mints for the same bytes read inline (`inline:sha256:<hex>`), so distinct images count the
 * same either way, and bytes that are no image the model reads become a marker that is none either.
 * Nothing is stored: a summary needs the count, not the pixels.
 */
function imageMarker(base64: string): Promise<SavedImage> {
  const bytes = Buffer.from(base64, 'base64');
  const header = imageHeaderSize(bytes);
  if (header === null) return Promise.resolve({ marker: refusedImageMarker('not an image') });
  const attachmentId = `inline:sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  return Promise.resolve({
    marker: storedImageMarker({ attachmentId, mediaType: header.mediaType, bytes: bytes.length, width: header.width, height: header.height }),
    attachmentId,
  });
}

/**
 * `text` (JSON) with each inline image replaced by its marker, so what a reader keeps of the line
 * holds no base64; `text` itself when it holds none, or is not JSON (the reader reports it).
 */
export async function withImageMarkers(text: string): Promise<string> {
  const rewritten = await rewriteInlineImages(text, imageMarker);
  return rewritten?.text ?? text;
}
