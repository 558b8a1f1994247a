import type { AttachmentRef, LoadImage } from '@toolcard/ui-tool-image';
import { drawingCanvas, encodedBlob } from '../support/canvas-image';

/**
 * Story images painted in the browser from a reference's own width and height, so any size or
 * aspect can be reviewed without a fixture file. Each id gets its colour from this table (ids
 * stay opaque: nothing is read out of one).
 */
const COLOURS = new Map<string, string>();

export function paintedImage(attachmentId: string, width: number, height: number, colour: string, name?: string): AttachmentRef {
  COLOURS.set(attachmentId, colour);
  return { attachmentId, mediaType: 'image/png', bytes: width * height, width, height, ...(name === undefined ? {} : { name }) };
}

/** A gradient along the long edge and a white mark at the start corner: a crop shows which end it kept. */
function paint(ref: AttachmentRef): HTMLCanvasElement {
  const { width, height } = ref;
  const { canvas, context } = drawingCanvas(width, height);
  const colour = COLOURS.get(ref.attachmentId) ?? '#8c959f';
  const gradient = width >= height ? context.createLinearGradient(0, 0, width, 0) : context.createLinearGradient(0, 0, 0, height);
  gradient.addColorStop(0, colour);
  gradient.addColorStop(1, '#1f2328');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  const mark = Math.max(1, Math.round(Math.min(width, height) / 4));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, mark, mark);
  return canvas;
}

/** Loads a painted image as a Blob (the card turns it into an object URL it owns). */
export const loadPaintedBlob: LoadImage = (ref, { signal }) => {
  signal.throwIfAborted();
  return encodedBlob(paint(ref), 'image/png');
};

/** Loads a painted image as a `data:` URL string, which the card uses as is and never revokes. */
export const loadPaintedDataUrl: LoadImage = (ref, { signal }) => {
  signal.throwIfAborted();
  return Promise.resolve(paint(ref).toDataURL('image/png'));
};
