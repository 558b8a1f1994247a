import { existsSync, readdirSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { AgentLogReader, type AgentLog, type AgentLogFormat, type ToolCallNode } from '@toolcard/ui-tool-image';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { axeViolations } from './support/axe.ts';
import { claudeCodePastedImage } from './support/foreign-sessions.ts';
import { base64Of, imageBytes, pngDeclaring } from './support/inline-images.ts';
import { startReplay, type ReplayProcess } from './support/replay-process.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * `pnpm replay` on other agents' files — the sessions this repository writes itself and the real
 * samples beside it in ../shared/foreign-logs — in the real server process and Debian's Chromium:
 * every image the file holds is loaded from the server's attachment route, and no base64 is on the page.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const OWN_SESSIONS_DIR = path.join(REPO_ROOT, 'stories/fixtures/agents/logs');
const SAMPLES_DIR = path.join(REPO_ROOT, '../shared/foreign-logs');
const ATTACHMENT_ROUTE = '/api/sessions/current/attachments/';
/** What base64 image data looks like in text; no word or path on these pages is a run this long. */
const BASE64_RUN = /[A-Za-z0-9+/]{120,}/;

interface SessionFile {
  readonly name: string;
  readonly path: string;
}

/** The session files in `dir` (named `<folder>/<file>` when read from its `folders`). */
function sessionFiles(dir: string, folders: readonly string[] = ['']): SessionFile[] {
  return folders.flatMap((folder) => {
    const at = path.join(dir, folder);
    if (!existsSync(at)) return [];
    return readdirSync(at)
      .filter((name) => /\.(jsonl|json)$/.test(name))
      .map((name) => ({ name: path.posix.join(folder, name), path: path.join(at, name) }));
  });
}

const OWN_SESSIONS = sessionFiles(OWN_SESSIONS_DIR);
const SAMPLES = sessionFiles(SAMPLES_DIR, ['claude-code', 'codex']);
if (SAMPLES.length === 0) console.warn(`Real foreign sessions skipped: ${SAMPLES_DIR} is absent (it is ../shared/foreign-logs beside the repository).`);

function allNodes(nodes: readonly ToolCallNode[]): ToolCallNode[] {
  return nodes.flatMap((node) => [node, ...allNodes(node.children)]);
}

/** The distinct images a replay of `log` shows: in messages and in every call's result, nested calls included. */
function distinctImages(log: AgentLog): number {
  const ids = new Set<string>();
  for (const item of log.conversation.items) {
    if (item.kind === 'message') {
      for (const part of item.parts) if (part.kind === 'images') for (const image of part.images) ids.add(image.attachment.attachmentId);
      continue;
    }
    for (const node of allNodes([item.node])) {
      for (const block of node.result?.content ?? []) {
        if (typeof block === 'object' && block !== null && 'attachment' in block)
          ids.add((block as { attachment: { attachmentId: string } }).attachment.attachmentId);
      }
    }
  }
  return ids.size;
}

/**
 * Scrolls the page from top to bottom a screen at a time, letting the images near each screen load.
 * Each step waits two frames first, so the rows a scroll brings in are mounted (their tiles `loading`)
 * before the wait for loading tiles: on a loaded machine a step could otherwise pass a row unseen.
 */
async function scrollThrough(page: Page): Promise<void> {
  let last = -1;
  for (;;) {
    await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))));
    await page.waitForFunction(() => document.querySelectorAll('.tc-gallery__tile[data-status="loading"]').length === 0, undefined, { timeout: 30_000 });
    const y = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY;
    });
    if (y === last) return;
    last = y;
    await page.waitForTimeout(100);
  }
}

let browser: Browser;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  await ensureViewerBuilt();
  browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await browser.close();
});

interface Replayed {
  readonly page: Page;
  readonly errors: string[];
  readonly loaded: Set<string>;
  readonly failedTiles: string[];
}

async function replay(file: SessionFile): Promise<Replayed> {
  const server: ReplayProcess = await startReplay([file.path]);
  cleanups.push(() => server.stop());
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  cleanups.push(() => page.close());
  const replayed: Replayed = { page, errors: [], loaded: new Set(), failedTiles: [] };
  page.on('pageerror', (error) => replayed.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') replayed.errors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith(ATTACHMENT_ROUTE)) return;
    if (response.status() === 200) replayed.loaded.add(decodeURIComponent(pathname.slice(ATTACHMENT_ROUTE.length)));
    else replayed.failedTiles.push(`${String(response.status())} ${pathname}`);
  });
  await page.goto(server.url);
  await page.getByText(/^Live: /).waitFor({ timeout: 60_000 });
  return replayed;
}

/** The Claude Code 2.1.x subagent files of a session file (`<session>/subagents/agent-<id>.jsonl` beside it). */
function subagentFiles(file: SessionFile): SessionFile[] {
  const folder = path.join(path.dirname(file.path), path.basename(file.path, '.jsonl'), 'subagents');
  return existsSync(folder) ? sessionFiles(folder).filter(({ name }) => /^agent-.+\.jsonl$/.test(name)) : [];
}

/** What the replay of `file` must show: the session file read with its subagents' files. */
async function expectedLog(file: SessionFile): Promise<AgentLog> {
  const reader = new AgentLogReader();
  reader.append(await readFile(file.path, 'utf8'));
  for (const subagent of subagentFiles(file)) reader.appendSubagent(subagent.name, await readFile(subagent.path, 'utf8'));
  reader.end();
  return reader.snapshot();
}

async function checkReplay(file: SessionFile, format: AgentLogFormat | undefined): Promise<Replayed> {
  const log = await expectedLog(file);
  if (format !== undefined) expect(log.format).toBe(format);
  const replayed = await replay(file);
  const { page } = replayed;
  await scrollThrough(page);
  // A tile the scroll passed last may still be loading: every one must end ready.
  await expect.poll(() => page.locator('.tc-gallery__tile:not([data-status="ready"])').count()).toBe(0);
  expect(replayed.failedTiles).toEqual([]);
  // Playwright reports a response as an event of its own, which may come after the tile says ready.
  await expect.poll(() => replayed.loaded.size, { timeout: 10_000 }).toBe(distinctImages(log));
  const html = await page.content();
  expect(html).not.toMatch(BASE64_RUN);
  expect(html).not.toContain('base64,');
  expect(replayed.errors).toEqual([]);
  return replayed;
}

describe('pnpm replay on the sessions of other agents this repository writes', () => {
  it('has some to replay', () => {
    const formats = OWN_SESSIONS.map((file) => file.name.split('-')[0]);
    expect(formats).toEqual(expect.arrayContaining(['claude', 'codex', 'anthropic', 'openai']));
  });

  it('a Claude Code session whose subagent wrote its own file: the subagent’s Read nests under the Task, its image loaded from the server', async () => {
    const withSubagent = OWN_SESSIONS.filter((file) => subagentFiles(file).length > 0);
    expect(withSubagent.map((file) => file.name)).toEqual(['c1a0de00-0000-4000-8000-000000000007.jsonl']);
    const [file] = withSubagent;
    if (file === undefined) throw new Error('no session with a subagent file');
    const { page, loaded } = await checkReplay(file, 'claude-code');
    const task = page.locator('.tc-row', { has: page.locator(':scope > .tc-row__header', { hasText: 'Task' }) });
    await expect.poll(() => task.count()).toBe(1);
    const nestedCard = task.locator('.tc-row .tc-card--image');
    expect(await nestedCard.locator('.tc-card__label').allTextContents()).toEqual(['screenshots/login-screen.png']);
    expect(await nestedCard.locator('.tc-gallery__tile[data-status="ready"]').count()).toBe(1);
    expect(loaded.size).toBe(1);
  });

  it.each(OWN_SESSIONS)('$name: every image loads from the server, no base64 on the page, no axe violation', async (file) => {
    const { page } = await checkReplay(file, undefined);
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe.skipIf(SAMPLES.length === 0)('pnpm replay on real sessions (shared/foreign-logs)', () => {
  it.each(SAMPLES)('$name: every image loads from the server, no base64 on the page', async (file) => {
    await checkReplay(file, file.name.startsWith('claude-code/') ? 'claude-code' : 'codex');
  });
});

describe('pnpm replay: an image the store refuses when the page asks for it', () => {
  const tempDir = useTempDirs();
  /** What Chromium logs for every response that is not 2xx: the refusals asked for, and nothing else, are expected. */
  const REFUSAL_LOGGED = 'console: Failed to load resource: the server responded with a status of 422';
  /** The store's words for the two images it refuses, in the file's order. */
  const REASONS = ['the image is 30000x30000 px; each side may be at most 8192 px', 'the image could not be decoded; it is truncated or corrupt'];

  it('is a tile naming the store’s reason, while the image beside it loads; no base64 on the page, no axe violation', async () => {
    const file = { name: 'refusals.jsonl', path: path.join(await tempDir(), 'refusals.jsonl') };
    const images = [await imageBytes('png', '#d00000', 64, 48), pngDeclaring(30_000, 30_000), pngDeclaring(100, 100)];
    await writeFile(file.path, images.map((bytes, index) => claudeCodePastedImage(index + 1, base64Of(bytes))).join(''));
    const { page, errors, loaded, failedTiles } = await replay(file);
    await scrollThrough(page);

    expect(await page.locator('.tc-gallery__tile[data-status="ready"]').count()).toBe(1);
    expect(loaded.size).toBe(1);
    expect(failedTiles).toEqual([expect.stringMatching(/^422 /), expect.stringMatching(/^422 /)]);
    const refused = page.locator('.tc-gallery__tile[data-status="not-available"]');
    expect(await refused.count()).toBe(2);
    const said = await refused.evaluateAll((tiles) =>
      tiles.map((tile) => ({
        words: tile.querySelector('.tc-gallery__problem')?.textContent,
        title: tile.querySelector('button')?.title,
        status: tile.querySelector('[role="status"]')?.textContent,
      })),
    );
    const shown = REASONS.map((reason) => `Not shown: ${reason}`);
    expect(said.map((tile) => tile.words)).toEqual(shown);
    expect(said.map((tile) => tile.title)).toEqual(shown);
    expect(said.map((tile, index) => tile.status?.endsWith(`: ${shown[index] ?? ''}`))).toEqual([true, true]);

    await refused.first().locator('button').first().click();
    await page
      .getByRole('dialog')
      .getByText(`Not shown: ${REASONS[0] ?? ''}`)
      .waitFor({ timeout: 5000 });
    await page.keyboard.press('Escape');

    const html = await page.content();
    expect(html).not.toMatch(BASE64_RUN);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors.filter((error) => !error.startsWith(REFUSAL_LOGGED))).toEqual([]);
  });
});

describe('pnpm replay on another agent’s growing file', () => {
  const tempDir = useTempDirs();

  it('is live once its first pass is read, from the top; lines appended after it are followed', async () => {
    const file = { name: 'growing.jsonl', path: path.join(await tempDir(), 'growing.jsonl') };
    const pasted = base64Of(await imageBytes('png', '#0040d0', 64, 48));
    const lines = (from: number, count: number) => Array.from({ length: count }, (_, index) => claudeCodePastedImage(from + index, pasted)).join('');
    await writeFile(file.path, lines(1, 40));
    const { page, errors } = await replay(file);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await appendFile(file.path, lines(41, 20));
    await expect.poll(async () => page.locator('.tc-replay__item[data-last]').evaluate((item) => item.textContent), { timeout: 30_000 }).toContain('image 60');
    await expect
      .poll(() =>
        page.locator('.tc-replay__item[data-last]').evaluate((item) => {
          const box = item.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
