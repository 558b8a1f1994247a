import type { AttachmentRef } from '../../model';
import { downscaledFrom } from '../../model/card/image-facts';
import type { Point, Size, ZoomView } from './zoom-view';

/**
 * The pixels positions are told in: the original file's when the store downscaled the image (the
 * agent reasoned about, and clicked in, the original), else the shown image's own — the stored
 * size, or a linked image's once it loaded (its reference only guessed one).
 */
export function coordinateSpace(attachment: AttachmentRef, shown: Size): Size {
  return downscaledFrom(attachment) ?? shown;
}

function pixelAlong(offset: number, shownLength: number, spaceLength: number): number | undefined {
  const fraction = offset / shownLength;
  if (!(fraction >= 0 && fraction < 1)) return undefined;
  // The fraction is below 1, but its product may round up to the length itself.
  return Math.min(spaceLength - 1, Math.floor(fraction * spaceLength));
}

/**
 * The pixel of `space` under `point` (stage coordinates) when the image of size `shown` is drawn
 * with `view`; `undefined` off the image. Pixel (0, 0) is the top-left one; each covers its
 * share of the image, as a downscale spreads them.
 */
export function pixelAt(point: Point, view: ZoomView, shown: Size, space: Size): Point | undefined {
  const x = pixelAlong(point.x - view.x, shown.width * view.scale, space.width);
  const y = pixelAlong(point.y - view.y, shown.height * view.scale, space.height);
  return x === undefined || y === undefined ? undefined : { x, y };
}
