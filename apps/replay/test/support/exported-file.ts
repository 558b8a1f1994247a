import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Browser, Page } from 'playwright-core';

import type { ViewerBrowser } from './viewer-browser.ts';

/** A page on the exported file: every request but the file's own is refused and counted, and so is each CSP violation, dialog and error. */
export interface OpenedExport {
  readonly page: Page;
  readonly requests: string[];
  readonly violations: string[];
  readonly dialogs: string[];
  readonly errors: string[];
}

/** The script elements an exported page writes: its JSON, its bytes, the workers' texts and the viewer. */
const OWN_SCRIPTS =
  'script[type="application/json"], script[type="application/octet-stream"], script#toolcard-diff-worker[type="text/plain"], script#toolcard-compare-worker[type="text/plain"], script[type="module"]';

/**
 * What a hostile log could have made of an exported page: script elements that are not the page's
 * own, images with a made-up source or a handler, and the global its injected script would set.
 */
export async function injectedInto(page: Page): Promise<{ readonly scripts: number; readonly images: number; readonly pwned: unknown }> {
  return {
    scripts: (await page.locator('script').count()) - (await page.locator(OWN_SCRIPTS).count()),
    images: await page.locator('img[src="x"], img[onerror]').count(),
    pwned: await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
  };
}

/** Waits for the page's Export link, clicks it and saves what downloads under `dir`: the link's href, the name offered, the saved file. */
export async function downloadFromExportLink(
  page: Page,
  dir: string,
): Promise<{ readonly href: string | null; readonly offeredName: string; readonly file: string }> {
  const link = page.getByRole('link', { name: 'Export' });
  await link.waitFor({ timeout: 30_000 });
  const href = await link.getAttribute('href');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = path.join(dir, 'downloaded.html');
  await download.saveAs(file);
  return { href, offeredName: download.suggestedFilename(), file };
}

/** `beforeLoad` runs on the new page before it goes to the file (e.g. to start a trace of it). */
export async function openExportedFile(
  browser: Browser,
  defer: ViewerBrowser['defer'],
  file: string,
  beforeLoad?: (page: Page) => Promise<void>,
): Promise<OpenedExport> {
  const url = pathToFileURL(file).href;
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  defer(() => page.close());
  const opened: OpenedExport = { page, requests: [], violations: [], dialogs: [], errors: [] };
  // The file itself, also with a query (a comparison's links to its sessions add `?session=`).
  const own = (each: string): boolean => each === url || each.startsWith(`${url}?`);
  await page.route('**', async (route) => {
    if (own(route.request().url())) return route.continue();
    opened.requests.push(`routed: ${route.request().url()}`);
    return route.abort();
  });
  page.on('request', (request) => {
    if (!own(request.url()) && !request.url().startsWith('blob:')) opened.requests.push(`request: ${request.url()}`);
  });
  page.on('dialog', (dialog) => {
    opened.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => opened.errors.push(error.message));
  await page.exposeFunction('__cspViolation', (text: string) => opened.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  await beforeLoad?.(page);
  await page.goto(url);
  return opened;
}
