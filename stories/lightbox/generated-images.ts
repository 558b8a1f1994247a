import type { AttachmentRef, ImageCardImage, LoadImage } from '@toolcard/ui-tool-image';
import { drawingCanvas, encodedBlob } from '../support/canvas-image';

/**
 * Five images of one card, drawn in the browser from their references: no fixture files, any
 * size. The byte counts are what a store would have recorded; the drawn bytes differ.
 */
export const FIVE_IMAGES = [
  { attachmentId: 'story:terminal', mediaType: 'image/png', bytes: 48_213, width: 1280, height: 800, name: 'terminal.png' },
  {
    attachmentId: 'story:diagram',
    mediaType: 'image/png',
    bytes: 1_572_864,
    width: 1600,
    height: 1200,
    name: 'diagram.png',
    originalDimensions: { width: 4000, height: 3000 },
  },
  { attachmentId: 'story:receipt', mediaType: 'image/jpeg', bytes: 312_000, width: 600, height: 2400, name: 'tall-receipt.jpg' },
  { attachmentId: 'story:banner', mediaType: 'image/webp', bytes: 96_500, width: 2400, height: 400, name: 'wide-banner.webp' },
  { attachmentId: 'story:unnamed', mediaType: 'image/png', bytes: 5_120, width: 320, height: 240 },
] as const satisfies readonly AttachmentRef[];

export const FIVE_IMAGE_CARD_IMAGES: readonly ImageCardImage[] = FIVE_IMAGES.map((attachment) => ({ attachment }));

function hueOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** A gradient with a 100 px grid and the image's name and size written in its middle. */
function drawImage(ref: AttachmentRef): Promise<Blob> {
  const { width, height } = ref;
  const { canvas, context } = drawingCanvas(width, height);
  const hue = hueOf(ref.attachmentId);
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, `hsl(${hue} 70% 55%)`);
  gradient.addColorStop(1, `hsl(${(hue + 60) % 360} 70% 30%)`);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  context.strokeStyle = 'rgb(255 255 255 / 0.25)';
  for (let x = 100; x < width; x += 100) context.strokeRect(x, 0, 0, height);
  for (let y = 100; y < height; y += 100) context.strokeRect(0, y, width, 0);
  context.fillStyle = '#ffffff';
  context.font = `bold ${Math.max(14, Math.round(Math.min(width, height) / 10))}px "Liberation Sans", sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(`${ref.name ?? 'unnamed'} ${width}×${height}`, width / 2, height / 2, width - 20);
  return encodedBlob(canvas, ref.mediaType);
}

/** Loads by drawing: each attachment becomes a Blob of its recorded type and size. */
export const loadGeneratedImage: LoadImage = (ref) => drawImage(ref);
