/* global document */
// Screenshots for the README and the Introduction docs page, taken from the static Storybook build (storybook-static/) in
// Debian Chromium. Run through `pnpm run docs:screenshots`, which builds Storybook first.
import { mkdir } from 'node:fs/promises';

import { chromium } from 'playwright-core';
import { preview } from 'vite';

import chromiumLaunch from './chromium.json' with { type: 'json' };

const SHOTS = [
  { id: 'gallery-image-gallery--one-image', file: 'docs/gallery-1-image.png' },
  { id: 'gallery-image-gallery--three-images', file: 'docs/gallery-3-images.png' },
  { id: 'gallery-image-gallery--seven-images', file: 'docs/gallery-7-images.png' },
  { id: 'lightbox-image-lightbox--over-a-five-image-card', file: 'docs/lightbox-open.png', dialog: true },
];
const server = await preview({ configFile: false, build: { outDir: 'storybook-static' }, preview: { port: 6130, strictPort: true } });
const browser = await chromium.launch({ executablePath: chromiumLaunch.executablePath, args: chromiumLaunch.args });
try {
  await mkdir('docs', { recursive: true });
  const page = await browser.newPage({ viewport: { width: 900, height: 640 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  for (const shot of SHOTS) {
    await page.goto(`http://localhost:6130/iframe.html?id=${shot.id}&viewMode=story`);
    // Let the play function finish, then wait for every visible image to be decoded.
    await page.waitForTimeout(4000);
    if (shot.dialog) await page.waitForSelector('dialog[open] img', { timeout: 15_000 });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: shot.file });
    console.log(`wrote ${shot.file}`);
  }
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}
