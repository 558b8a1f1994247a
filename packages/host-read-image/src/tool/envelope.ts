import type { AttachmentRef } from '../seams/attachment-store.ts';

/** The model-facing text block of a successful read (DESIGN §2; load-bearing, exact). */
export function formatEnvelope(displayPath: string, ref: AttachmentRef): string {
  return [
    `<path>${displayPath}</path>`,
    '<type>image</type>',
    '<content>',
    `${ref.mediaType} image, ${ref.width}x${ref.height} px, ${ref.bytes} bytes${scaledNote(ref)}`,
    '</content>',
  ].join('\n');
}

function scaledNote(ref: AttachmentRef): string {
  const original = ref.originalDimensions;
  if (!original) return '';
  const rx = (original.width / ref.width).toFixed(2);
  const ry = (original.height / ref.height).toFixed(2);
  const multiply = rx === ry ? `multiply coordinates by ${rx}` : `multiply x coordinates by ${rx} and y coordinates by ${ry}`;
  return ` (downscaled from ${original.width}x${original.height} px; ${multiply} to locate features in the original file)`;
}
