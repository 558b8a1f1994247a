/**
 * The lightbox's zoom and pan as plain numbers. The image is laid out at its own size at the
 * stage's top-left corner and drawn with `translate(x, y) scale(scale)` (origin top-left): an
 * image pixel (px, py) lands at (x + px·scale, y + py·scale) in the stage.
 */

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Where the image is drawn in the stage: its top-left corner, and CSS pixels per image pixel. */
export interface ZoomView {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/** 800 %: a downscaled screenshot's single pixels are squares a pointer can rest on. */
export const MAX_SCALE = 8;

/** One press of `+` / `-`: five presses double or halve. */
const STEP = 2 ** (1 / 3);

/**
 * The scale that shows the whole image, never above 1:1 (a small image is not blown up). A stage
 * not laid out yet (no size) shows the image 1:1 until it has one.
 */
export function fitScale(image: Size, stage: Size): number {
  if (!(stage.width > 0 && stage.height > 0 && image.width > 0 && image.height > 0)) return 1;
  return Math.min(1, stage.width / image.width, stage.height / image.height);
}

/** Between the fit (the whole image) and MAX_SCALE. */
export function clampScale(scale: number, image: Size, stage: Size): number {
  return Math.min(MAX_SCALE, Math.max(fitScale(image, stage), scale));
}

/** An image shorter than the stage along an axis is centred on it; a longer one covers it, edge to edge at most. */
function clampOffset(offset: number, imageLength: number, stageLength: number): number {
  if (imageLength <= stageLength) return (stageLength - imageLength) / 2;
  return Math.min(0, Math.max(stageLength - imageLength, offset));
}

/** The view moved as little as it takes for the image never to leave the stage. */
export function clampView(view: ZoomView, image: Size, stage: Size): ZoomView {
  const { scale } = view;
  return { scale, x: clampOffset(view.x, image.width * scale, stage.width), y: clampOffset(view.y, image.height * scale, stage.height) };
}

/** The image at `scale` (within limits), centred. */
export function centredView(scale: number, image: Size, stage: Size): ZoomView {
  const clamped = clampScale(scale, image, stage);
  return clampView({ scale: clamped, x: (stage.width - image.width * clamped) / 2, y: (stage.height - image.height * clamped) / 2 }, image, stage);
}

/**
 * At `scale` (within limits), the image point under `point` (stage coordinates) kept under it as
 * far as the bounds allow: always when zooming in over an image that covers the stage.
 */
export function zoomAround(view: ZoomView, scale: number, point: Point, image: Size, stage: Size): ZoomView {
  const next = clampScale(scale, image, stage);
  const ratio = next / view.scale;
  return clampView({ scale: next, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio }, image, stage);
}

export function panBy(view: ZoomView, delta: Point, image: Size, stage: Size): ZoomView {
  return clampView({ scale: view.scale, x: view.x + delta.x, y: view.y + delta.y }, image, stage);
}

/** One `+` (1) or `-` (-1) step from `scale`; a step across 1:1 stops there, so the keys always reach it. */
export function steppedScale(scale: number, direction: 1 | -1): number {
  const next = scale * STEP ** direction;
  return (scale - 1) * (next - 1) < 0 ? 1 : next;
}

/** Wheel and trackpad pixels per doubling: a pinch (ctrl+wheel) reports small deltas, a wheel notch about 100. */
const PINCH_PIXELS_PER_DOUBLING = 70;
const WHEEL_PIXELS_PER_DOUBLING = 350;
const LINE_PIXELS = 16;

/** The factor a wheel event zooms by; scrolling up (negative `deltaY`) zooms in. */
export function wheelZoomFactor(event: Pick<WheelEvent, 'deltaY' | 'deltaMode' | 'ctrlKey'>, stageHeight: number): number {
  const pixels = event.deltaY * (event.deltaMode === 1 ? LINE_PIXELS : event.deltaMode === 2 ? stageHeight : 1);
  const perDoubling = event.ctrlKey ? PINCH_PIXELS_PER_DOUBLING : WHEEL_PIXELS_PER_DOUBLING;
  // A single event never more than doubles or halves: a page-mode wheel would jump to the limit.
  return 2 ** Math.min(1, Math.max(-1, -pixels / perDoubling));
}

/** The zoom as people read it: 100 at 1:1. */
export function zoomPercent(scale: number): number {
  return Math.round(scale * 100);
}
