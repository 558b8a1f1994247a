import { afterEach as a11yCheck } from '@storybook/addon-a11y/preview';
import type { StoryContext } from '@storybook/react-vite';
import { afterEach, expect } from 'vitest';
import { cdp, page } from 'vitest/browser';
import { forceTheme, provideOsColorSchemeEmulator, themeVariantsOf } from '../stories/support/theme';

/**
 * Stories as screenshot tests (Vitest setup file of the `storybook` project): after a story's play
 * function, the page is compared with the baseline for this browser version (paths, viewport,
 * pixel ratio and reduced motion are set in vite.config.ts). Stories opt out with `!screenshot`.
 *
 * Theme variants: a story whose `parameters.theme.variants` lists themes (stories/support/theme.ts)
 * is then forced into each, its final state checked by axe again (the a11y addon's own check, with
 * the story's a11y parameters) and, unless `!screenshot`, captured as `<theme>/<story-id>` (a folder per
 * theme beside the baselines).
 */

/** The page's `prefers-color-scheme`, as the stories' OS would have it (vite.config.ts starts it light). */
provideOsColorSchemeEmulator(async (scheme) => {
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
});

/** Taller pages are compared down to this height: the long session stays one reviewable image. */
const MAX_CAPTURE_HEIGHT = 4000;

/** What the Storybook Vitest plugin puts on the test context: the composed story that just ran. */
interface StoryTestContext {
  readonly story?: Pick<StoryContext, 'id' | 'tags' | 'parameters' | 'globals' | 'reporting'>;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      resolve();
    }),
  );
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

/** Compares the page as it stands with the baseline `name`. */
async function expectPageMatches(name: string): Promise<void> {
  const { body } = document;
  const { innerWidth: width, innerHeight: height } = window;
  window.scrollTo(0, 0);
  await settle(document);
  const { maxHeight, overflow } = body.style;
  body.style.maxHeight = `${String(await captureHeight(document))}px`;
  body.style.overflow = 'hidden';
  try {
    await expect.element(page.elementLocator(body)).toMatchScreenshot(name, {
      screenshotOptions: { animations: 'disabled', caret: 'hide' },
      // Two captures in a row must agree before the comparison; on a 2-core CI machine under the
      // suite's own load each capture of a tall page took seconds, and the default 5 s ran out.
      timeout: 20_000,
    });
  } finally {
    body.style.maxHeight = maxHeight;
    body.style.overflow = overflow;
    await page.viewport(width, height);
  }
}

afterEach(async (context) => {
  const { story } = context as typeof context & StoryTestContext;
  if (story === undefined) return;
  const screenshots = story.tags.includes('screenshot');
  if (screenshots) await expectPageMatches(story.id);
  for (const theme of themeVariantsOf(story.parameters)) {
    const restore = forceTheme(document, theme);
    try {
      await nextFrame();
      // The addon's own check, reported with the story's (throws on a violation in a Vitest run).
      const { id, parameters, globals, reporting } = story;
      await a11yCheck({ id, parameters, globals, reporting, viewMode: 'story' } as StoryContext);
      if (screenshots) await expectPageMatches(`${theme}/${story.id}`);
    } finally {
      restore();
    }
  }
});
