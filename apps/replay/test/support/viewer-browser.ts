import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

import chromiumConfig from '../../../../scripts/chromium.json' with { type: 'json' };
import { ensureViewerBuilt } from '../../src/server/viewer-build.ts';

export interface ViewerBrowser {
  /** Debian's Chromium, launched once for the file (after the viewer is built). */
  readonly browser: () => Browser;
  /** Runs after the current test, the last deferred first (a page before the server it shows). */
  readonly defer: (cleanup: () => Promise<unknown>) => void;
}

/** The hooks every viewer e2e file needs: the production viewer built, one browser, per-test cleanups. */
export function useViewerBrowser(): ViewerBrowser {
  let browser: Browser | undefined;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    await ensureViewerBuilt();
    browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => {
      if (browser === undefined) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    defer: (cleanup) => {
      cleanups.push(cleanup);
    },
  };
}
