import type { Meta, StoryObj } from '@storybook/react-vite';
import { ImageLightbox } from '@toolcard/ui-tool-image';
import { expect, fn, waitFor, within } from 'storybook/test';
import { storyTouchscreen, type StoryTouchscreen, type TouchPoint } from '../support/touchscreen';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { FIVE_IMAGE_CARD_IMAGES, loadGeneratedImage } from './generated-images';
import { expectInBounds, percentOf, shownImage, stageOf } from './lightbox-queries';

/** The lightbox is portalled into document.body, outside the story's canvas. */
const page = within(document.body);

/** Longer than the lightbox's double-tap window (stage-zoom.ts): a second tap after it is a new single tap. */
const AFTER_DOUBLE_TAP_MS = 450;

/** Moves per gesture: a finger's path, as the browser would report it. */
const STEPS = 8;

/**
 * The lightbox under real touches (stories/support/touchscreen.ts): the browser turns them into
 * touch pointer events and applies the stage's `touch-action`. Only under Vitest; the Storybook UI
 * has no touchscreen to drive, and the stories then only open the lightbox.
 */
const meta = {
  title: 'Lightbox/Touch zoom',
  component: ImageLightbox,
  // Their end states are the Zoom and Pan stories' (image-lightbox.stories.tsx), captured there.
  tags: ['!screenshot'],
  args: { images: FIVE_IMAGE_CARD_IMAGES, index: 1, loadImage: loadGeneratedImage, onIndexChange: fn(), onClose: fn() },
  parameters: { toolcard: { loadImage: loadGeneratedImage } satisfies ToolcardParameters },
} satisfies Meta<typeof ImageLightbox>;

export default meta;
type Story = StoryObj<typeof meta>;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function between(from: TouchPoint, to: TouchPoint, share: number): TouchPoint {
  return { x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share };
}

/** Each finger from its `from` place to its `to` place, all moving together, then lifted. */
async function gesture(touch: StoryTouchscreen, from: readonly TouchPoint[], to: readonly TouchPoint[]): Promise<void> {
  await touch.start(from);
  for (let step = 1; step <= STEPS; step += 1) await touch.move(from.map((point, finger) => between(point, to[finger] ?? point, step / STEPS)));
  await touch.end();
}

/** Two fingers on either side of `centre`, `apart` pixels from each other along a diagonal. */
function fingersAround(centre: TouchPoint, apart: number): TouchPoint[] {
  const half = apart / 2 / Math.SQRT2;
  return [
    { x: centre.x - half, y: centre.y - half },
    { x: centre.x + half, y: centre.y + half },
  ];
}

async function tap(touch: StoryTouchscreen, at: TouchPoint): Promise<void> {
  await touch.start([at]);
  await touch.end();
}

/**
 * Two taps as quick as fingers make them. Sent without waiting for each other (CDP keeps their
 * order): each answer takes up to 300 ms on a loaded machine, as long as the double-tap window.
 */
async function doubleTap(touch: StoryTouchscreen, at: TouchPoint): Promise<void> {
  await Promise.all([touch.start([at]), touch.end(), touch.start([at]), touch.end()]);
}

/** Where the image's pixel (x, y) is drawn, in client coordinates. */
function clientPointOf(image: HTMLImageElement, pixel: TouchPoint): TouchPoint {
  const box = image.getBoundingClientRect();
  return { x: box.left + (pixel.x / image.naturalWidth) * box.width, y: box.top + (pixel.y / image.naturalHeight) * box.height };
}

/** The image's pixel under a client point (fractional). */
function pixelUnder(image: HTMLImageElement, at: TouchPoint): TouchPoint {
  const box = image.getBoundingClientRect();
  return { x: ((at.x - box.left) / box.width) * image.naturalWidth, y: ((at.y - box.top) / box.height) * image.naturalHeight };
}

async function openDiagram(): Promise<{ dialog: HTMLElement; image: HTMLImageElement; stage: HTMLElement; box: DOMRect; fit: number }> {
  const dialog = await page.findByRole('dialog', { name: 'diagram.png' });
  const image = await shownImage(dialog, 'diagram.png');
  const stage = stageOf(dialog);
  return { dialog, image, stage, box: stage.getBoundingClientRect(), fit: percentOf(dialog) };
}

/**
 * Two fingers spreading zoom in, and the image point under their centre stays under it; closing
 * they zoom out down to the fit, never below.
 */
export const Pinch: Story = {
  play: async ({ step }) => {
    const touch = await storyTouchscreen();
    const { dialog, image, stage, box, fit } = await openDiagram();
    if (touch === undefined) return;
    const fitted = image.getBoundingClientRect();

    await step('spreading from the fit zooms in', async () => {
      const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      await gesture(touch, fingersAround(centre, 100), fingersAround(centre, 260));
      await waitFor(() => expect(percentOf(dialog)).toBeGreaterThan(fit * 2));
      await expectInBounds(image, stage);
    });

    await step('spreading off-centre: the image point under the fingers stays under them (within 2 px)', async () => {
      const centre = { x: box.left + box.width * 0.7, y: box.top + box.height * 0.35 };
      const pixel = pixelUnder(image, centre);
      const before = percentOf(dialog);
      await gesture(touch, fingersAround(centre, 80), fingersAround(centre, 200));
      await waitFor(() => expect(percentOf(dialog)).toBeGreaterThan(before * 2));
      const now = clientPointOf(image, pixel);
      await expect(Math.abs(now.x - centre.x)).toBeLessThanOrEqual(2);
      await expect(Math.abs(now.y - centre.y)).toBeLessThanOrEqual(2);
      await expectInBounds(image, stage);
    });

    await step('fingers moving together while pinching carry the image with them', async () => {
      const from = { x: box.left + box.width * 0.4, y: box.top + box.height * 0.5 };
      const to = { x: from.x + 90, y: from.y + 60 };
      const pixel = pixelUnder(image, from);
      await gesture(touch, fingersAround(from, 120), fingersAround(to, 120));
      const now = clientPointOf(image, pixel);
      await expect(Math.abs(now.x - to.x)).toBeLessThanOrEqual(2);
      await expect(Math.abs(now.y - to.y)).toBeLessThanOrEqual(2);
    });

    await step('closing far past the fit stops at the fit, centred as it was', async () => {
      const centre = { x: box.left + box.width * 0.3, y: box.top + box.height * 0.6 };
      await gesture(touch, fingersAround(centre, 500), fingersAround(centre, 10));
      await waitFor(() => expect(percentOf(dialog)).toBe(fit));
      const shown = image.getBoundingClientRect();
      for (const side of ['left', 'top', 'width', 'height'] as const) await expect(Math.abs(shown[side] - fitted[side])).toBeLessThan(1);
      await expect(stage.dataset.zoomed).toBe('false');
    });
  },
};

/** A double tap shows 1:1 around the tap and goes back to the fit; a single tap changes nothing (and does not close). */
export const DoubleTap: Story = {
  play: async ({ step }) => {
    const touch = await storyTouchscreen();
    const { dialog, image, box, fit } = await openDiagram();
    if (touch === undefined) return;
    const at = { x: box.left + box.width * 0.6, y: box.top + box.height * 0.4 };

    await step('a single tap on the image changes nothing', async () => {
      await tap(touch, at);
      await wait(AFTER_DOUBLE_TAP_MS);
      await expect(percentOf(dialog)).toBe(fit);
      await expect(page.queryByRole('dialog')).not.toBeNull();
    });

    await step('two taps further apart in time than a double tap change nothing', async () => {
      await tap(touch, at);
      await wait(AFTER_DOUBLE_TAP_MS);
      await tap(touch, at);
      await wait(AFTER_DOUBLE_TAP_MS);
      await expect(percentOf(dialog)).toBe(fit);
    });

    await step('a double tap shows 1:1, the tapped point kept under the finger', async () => {
      const pixel = pixelUnder(image, at);
      await doubleTap(touch, at);
      await waitFor(() => expect(percentOf(dialog)).toBe(100));
      const now = clientPointOf(image, pixel);
      await expect(Math.abs(now.x - at.x)).toBeLessThanOrEqual(2);
      await expect(Math.abs(now.y - at.y)).toBeLessThanOrEqual(2);
    });

    await step('another double tap goes back to the fit', async () => {
      await wait(AFTER_DOUBLE_TAP_MS);
      await doubleTap(touch, at);
      await waitFor(() => expect(percentOf(dialog)).toBe(fit));
      await expect(page.queryByRole('dialog')).not.toBeNull();
    });

    await step('a double tap whose second touch lingers still counts (the window ends at the second touch)', async () => {
      await wait(AFTER_DOUBLE_TAP_MS);
      await Promise.all([touch.start([at]), touch.end(), touch.start([at])]);
      await wait(AFTER_DOUBLE_TAP_MS);
      await touch.end();
      await waitFor(() => expect(percentOf(dialog)).toBe(100));
    });
  },
};

/** Zoomed in, one finger pans with the image under it, never past its edges. */
export const OneFingerPan: Story = {
  play: async ({ step }) => {
    const touch = await storyTouchscreen();
    const { dialog, image, stage, box, fit } = await openDiagram();
    if (touch === undefined) return;
    const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };

    await step('at the fit a drag does not move the image', async () => {
      const before = image.getBoundingClientRect();
      await gesture(touch, [centre], [{ x: centre.x + 120, y: centre.y + 80 }]);
      const after = image.getBoundingClientRect();
      await expect([after.left, after.top]).toEqual([before.left, before.top]);
      await expect(percentOf(dialog)).toBe(fit);
    });

    await step('zoomed in, the image follows the finger', async () => {
      await doubleTap(touch, centre);
      await waitFor(() => expect(percentOf(dialog)).toBe(100));
      await wait(AFTER_DOUBLE_TAP_MS);
      const before = image.getBoundingClientRect();
      await gesture(touch, [centre], [{ x: centre.x + 120, y: centre.y + 80 }]);
      const after = image.getBoundingClientRect();
      await expect(after.left - before.left).toBeCloseTo(120, 0);
      await expect(after.top - before.top).toBeCloseTo(80, 0);
      await expect(page.queryByRole('dialog')).not.toBeNull();
    });

    await step('dragged far past an edge, the image stops at it', async () => {
      const start = { x: box.left + 20, y: box.top + 20 };
      // Across the whole stage: further than the image reaches past it at 1:1.
      await gesture(touch, [start], [{ x: box.right - 5, y: box.bottom - 5 }]);
      await expectInBounds(image, stage);
      await expect(image.getBoundingClientRect().left).toBeCloseTo(box.left, 0);
      await expect(image.getBoundingClientRect().top).toBeCloseTo(box.top, 0);
      const end = { x: box.right - 20, y: box.bottom - 20 };
      await gesture(touch, [end], [{ x: box.left + 5, y: box.top + 5 }]);
      await expectInBounds(image, stage);
      await expect(image.getBoundingClientRect().right).toBeCloseTo(box.right, 0);
      await expect(image.getBoundingClientRect().bottom).toBeCloseTo(box.bottom, 0);
    });
  },
};
