import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

/**
 * Stories as screenshot tests (Vitest setup file of the `storybook` project): after a story's play
 * function, the page is compared with the baseline for this browser version (paths, viewport,
 * pixel ratio and reduced motion are set in vite.config.ts). Stories opt out with `!screenshot`.
 */

/** Taller pages are compared down to this height: the long session stays one reviewable image. */
const MAX_CAPTURE_HEIGHT = 4000;

interface StoryTestContext {
  readonly story?: { readonly id: string; readonly tags: readonly string[] };
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => {
    resolve();
  }));
}

/** Images in flight (gallery tiles, the lightbox stage) give them this long to arrive. */
const LOADING_GRACE_MS = 3000;
const LOADING = '[data-status="loading"]';

async function loadsFinished(document: Document): Promise<void> {
  const deadline = performance.now() + LOADING_GRACE_MS;
  while (document.querySelector(LOADING) !== null && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Fonts loaded, images in flight arrived, every image on the page decoded, layout flushed. A story
 * about the loading state ends in it (its loader never answers): after the grace period it is
 * captured as it is.
 */
async function settle(document: Document): Promise<void> {
  await document.fonts.ready;
  await loadsFinished(document);
  await Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined)));
  await nextFrame();
  await nextFrame();
}

/**
 * The iframe only paints its viewport, so a page taller than it is captured by growing the viewport
 * to the page (up to the cap) for the capture. Not while a modal is open: its layout is the viewport's.
 */
async function captureHeight(document: Document): Promise<number> {
  const height = Math.min(document.documentElement.scrollHeight, MAX_CAPTURE_HEIGHT);
  if (height <= window.innerHeight || document.querySelector('dialog:modal') !== null) return window.innerHeight;
  await page.viewport(window.innerWidth, height);
  await nextFrame();
  return height;
}

afterEach(async (context) => {
  const { story } = context as typeof context & StoryTestContext;
  if (!story?.tags.includes('screenshot')) return;
  const { body } = document;
  const { innerWidth: width, innerHeight: height } = window;
  window.scrollTo(0, 0);
  await settle(document);
  const { maxHeight, overflow } = body.style;
  body.style.maxHeight = `${String(await captureHeight(document))}px`;
  body.style.overflow = 'hidden';
  try {
    await expect.element(page.elementLocator(body)).toMatchScreenshot(story.id, {
      screenshotOptions: { animations: 'disabled', caret: 'hide' },
    });
  } finally {
    body.style.maxHeight = maxHeight;
    body.style.overflow = overflow;
    await page.viewport(width, height);
  }
});
