// The docs pages (docs/pages/*.mdx) are the manual the README points to. Storybook's Vitest runner
// tests stories, not MDX pages, so this builds the static Storybook once and opens every page in
// Debian Chromium: it renders without an error, every link in it resolves, and axe finds nothing.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { chromium, type Browser, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeViolations } from '../../apps/replay/test/support/axe.ts';
import chromiumConfig from '../chromium.json' with { type: 'json' };

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES_DIR = 'docs/pages';
const PAGE_FILES = readdirSync(path.join(ROOT, PAGES_DIR)).filter((file) => file.endsWith('.mdx'));

interface IndexEntry {
  readonly id: string;
  readonly type: 'docs' | 'story';
  readonly importPath: string;
}

let outDir: string;
let server: PreviewServer;
let browser: Browser;
let baseUrl: string;
let entries: IndexEntry[];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-docs-'));
  await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/storybook'), ['build', '--output-dir', outDir, '--quiet'], { cwd: ROOT });
  entries = Object.values((JSON.parse(readFileSync(path.join(outDir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> }).entries);
  server = await preview({ configFile: false, logLevel: 'error', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
  baseUrl = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
}, 240_000);

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
  await rm(outDir, { recursive: true, force: true });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const headings = markdown.split('\n').flatMap((line) => /^#+ (.*)$/.exec(line)?.slice(1) ?? []);
  return new Set(
    headings.map((heading) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

/** Why `href` (as written in `pageFile`) leads nowhere, or undefined when it resolves. */
function brokenLink(href: string, pageFile: string, idsOnPage: ReadonlySet<string>): string | undefined {
  if (/^https?:\/\//.test(href)) return undefined;
  if (href.startsWith('#')) return idsOnPage.has(decodeURIComponent(href.slice(1))) ? undefined : 'no such anchor on the page';
  const storybookPath = /^\?path=\/(docs|story)\/([^&#]+)$/.exec(href);
  if (storybookPath !== null) {
    const [, kind, id] = storybookPath;
    return entries.some((entry) => entry.id === id && entry.type === (kind === 'docs' ? 'docs' : 'story')) ? undefined : `no ${kind} "${id}" in the Storybook`;
  }
  const [target = '', fragment] = href.split('#');
  const file = path.resolve(path.dirname(path.join(ROOT, pageFile)), decodeURIComponent(target));
  if (!file.startsWith(`${ROOT}${path.sep}`) || !existsSync(file)) return 'not a file of the repository';
  if (fragment !== undefined && !headingAnchors(readFileSync(file, 'utf8')).has(fragment)) return `no heading "#${fragment}" in ${target}`;
  return undefined;
}

async function openPage(page: Page, id: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    // The browser asks for a favicon no static Storybook has; the page never refers to one.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  await page.goto(`${baseUrl}/iframe.html?viewMode=docs&id=${id}`);
  // The page's heading, or Storybook's error display when rendering it threw.
  await page.waitForFunction(() => document.querySelector('#storybook-docs h1') !== null || document.body.classList.contains('sb-show-errordisplay'));
  await page.evaluate(() => document.fonts.ready);
  return errors;
}

describe('docs pages', () => {
  it('are each in the Storybook, as a page of the Docs group', () => {
    const indexed = entries.filter((entry) => entry.importPath.startsWith(`./${PAGES_DIR}/`));
    expect(indexed.map((entry) => entry.importPath).sort()).toEqual(PAGE_FILES.map((file) => `./${PAGES_DIR}/${file}`).sort());
    for (const entry of indexed) expect(`${entry.type} ${entry.id}`).toMatch(/^docs docs-[a-z-]+--docs$/);
  });

  it.each(PAGE_FILES)('%s renders, its links resolve and axe finds nothing', async (file) => {
    const entry = entries.find((candidate) => candidate.importPath === `./${PAGES_DIR}/${file}`);
    expect(entry, `${file} is not in the Storybook index`).toBeDefined();
    const page = await browser.newPage();
    try {
      const errors = await openPage(page, entry?.id ?? '');
      expect(errors).toEqual([]);
      expect(await page.locator('body').getAttribute('class')).not.toMatch(/sb-show-errordisplay|sb-show-nopreview/);

      const docs = page.locator('#storybook-docs');
      const hrefs = await docs.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      const ids = new Set(await docs.locator('[id]').evaluateAll((elements) => elements.map((element) => element.id)));
      const broken = hrefs.flatMap((href) => {
        const why = brokenLink(href, `${PAGES_DIR}/${file}`, ids);
        return why === undefined ? [] : [`${href}: ${why}`];
      });
      expect(broken).toEqual([]);

      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
