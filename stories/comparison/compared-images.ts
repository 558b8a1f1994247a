import type { AttachmentRef, ImageCardImage, LoadImage } from '@toolcard/ui-tool-image';
import { drawingCanvas, encodedBlob } from '../support/canvas-image';

/**
 * Two runs' screenshots of one page, drawn in the browser: the golden run's, and the new run's with
 * an "Unsaved changes" panel over the cards, the same at twice the size, and one the store lost.
 */
export const GOLDEN = {
  attachmentId: 'story:compare-golden',
  mediaType: 'image/png',
  bytes: 182_400,
  width: 1280,
  height: 800,
  name: 'golden-run.png',
} as const;
export const CHANGED = {
  attachmentId: 'story:compare-changed',
  mediaType: 'image/png',
  bytes: 190_100,
  width: 1280,
  height: 800,
  name: 'new-run.png',
} as const;
export const CHANGED_LARGE = {
  ...CHANGED,
  attachmentId: 'story:compare-changed-2x',
  bytes: 512_300,
  width: 2560,
  height: 1600,
  name: 'new-run@2x.png',
} as const;
export const BROKEN = { ...CHANGED, attachmentId: 'story:compare-broken', name: 'lost.png' } as const;

export function cardImage(attachment: AttachmentRef): ImageCardImage {
  return { attachment };
}

/** A page-like screenshot at any scale: a sidebar, cards of text; `changed` adds a panel. */
function drawScreenshot(ref: AttachmentRef, changed: boolean): Promise<Blob> {
  const { width, height } = ref;
  const scale = width / 1280;
  const { canvas, context } = drawingCanvas(width, height);
  context.scale(scale, scale);
  context.fillStyle = '#f6f7f9';
  context.fillRect(0, 0, 1280, 800);
  context.fillStyle = '#1f2933';
  context.fillRect(0, 0, 200, 800);
  context.font = '16px "Liberation Sans", sans-serif';
  for (let row = 0; row < 12; row += 1) {
    context.fillStyle = '#e4e7eb';
    context.fillText(`Menu item ${String(row + 1)}`, 24, 48 + row * 32);
  }
  for (let card = 0; card < 6; card += 1) {
    const x = 232 + (card % 3) * 344;
    const y = 40 + Math.floor(card / 3) * 380;
    context.fillStyle = '#ffffff';
    context.strokeStyle = '#cbd2d9';
    context.lineWidth = 2;
    context.fillRect(x, y, 320, 340);
    context.strokeRect(x, y, 320, 340);
    context.fillStyle = `hsl(${String(card * 50)} 60% 55%)`;
    context.beginPath();
    context.arc(x + 56, y + 60, 32, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#323f4b';
    for (let line = 0; line < 6; line += 1) context.fillText(`Card ${String(card + 1)}, line ${String(line + 1)}: status ok`, x + 20, y + 140 + line * 28);
  }
  if (changed) {
    context.fillStyle = '#fff7e6';
    context.strokeStyle = '#d97706';
    context.lineWidth = 4;
    context.fillRect(760, 250, 420, 220);
    context.strokeRect(760, 250, 420, 220);
    context.fillStyle = '#92400e';
    context.font = 'bold 28px "Liberation Sans", sans-serif';
    context.fillText('Unsaved changes', 790, 310);
    context.font = '18px "Liberation Sans", sans-serif';
    context.fillText('Your edits will be lost.', 790, 360);
  }
  return encodedBlob(canvas, ref.mediaType);
}

/** What the loader was asked for, by attachment id: a story checks nothing loads twice. */
export const loadCalls: string[] = [];

/** Draws the screenshots; the lost one fails as a store that cannot answer would. */
export const loadComparedImage: LoadImage = async (ref) => {
  loadCalls.push(ref.attachmentId);
  if (ref.attachmentId === BROKEN.attachmentId) throw new Error('The store did not answer.');
  return drawScreenshot(ref, ref.attachmentId !== GOLDEN.attachmentId);
};
