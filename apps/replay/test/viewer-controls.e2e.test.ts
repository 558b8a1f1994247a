import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { axeViolations } from './support/axe.ts';
import { claudeCodeTranscript } from './support/foreign-sessions.ts';
import { base64Of, imageBytes } from './support/inline-images.ts';
import { startReplay } from './support/replay-process.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * The viewer's own controls in the real server and Debian's Chromium (issue 24 §3–§5): the session
 * header's facts, each row's time, the step control, the sticky find bar, Enter on a row, following
 * the end of a growing log, an image card's facts and its "What the model received" toggle, a
 * tile's minimum size, the layout on a phone, and both themes under axe.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const AGENT_LOGS = path.join(REPO_ROOT, 'stories/fixtures/agents/logs');
const SESSIONS = path.join(REPO_ROOT, 'stories/fixtures/sessions');

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

/** The viewer on `file`, once the log is read. */
async function open(file: string, options: Parameters<Browser['newPage']>[0] = {}): Promise<Page> {
  const server = await startReplay([file]);
  cleanups.push(() => server.stop());
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, ...options });
  cleanups.push(() => page.close());
  await page.goto(server.url);
  await page.getByTestId('session-header').waitFor({ timeout: 60_000 });
  return page;
}

/** The header's facts as `{term: value}`. */
function headerFacts(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId('session-header')
    .evaluate((header) => Object.fromEntries([...header.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent ?? ''])));
}

describe('the session header', () => {
  it('a Claude Code transcript: model, start, duration, working directory, format and version, counts; each row its time', async () => {
    const page = await open(path.join(AGENT_LOGS, 'claude-code-read-png.jsonl'));
    expect(await headerFacts(page)).toEqual({
      Model: 'claude-sonnet-4-5-20250929',
      Started: '2025-10-01 12:00:01 UTC',
      Duration: '4.0 s',
      'Working directory': '/home/qa/project',
      Format: 'Claude Code 2.0.5',
      Calls: '1',
      Images: '1',
      Failed: '0',
    });
    const times = await page.locator('.tc-replay__time [aria-hidden]').allTextContents();
    expect(times[0]).toBe('+0:00');
    expect(times).toContain('+0:021.0 s');
  });

  it('a Codex rollout: the provider beside the model, and a failed call counted', async () => {
    const page = await open(path.join(AGENT_LOGS, 'codex-failure.jsonl'));
    expect(await headerFacts(page)).toMatchObject({ Format: expect.stringMatching(/^Codex /) as unknown, Calls: '1', Failed: '1' });
    expect((await headerFacts(page)).Model).toMatch(/\(openai\)$/);
  });

  it('our own log: the model and provider of its assistant messages, the header’s start and cwd', async () => {
    const page = await open(path.join(SESSIONS, '09-text-only-refusal.jsonl'));
    const facts = await headerFacts(page);
    expect(facts).toMatchObject({ Format: 'toolcard session log 0', 'Working directory': '/home/qa/project', Calls: '1', Failed: '1' });
    expect(facts.Model).toMatch(/\(.+\)$/);
    expect(facts).not.toHaveProperty('Duration');
  });
});

describe('the step control', () => {
  it('one count everywhere; Previous / Next event buttons and the , / . keys; step 0 says what it shows', async () => {
    const page = await open(path.join(SESSIONS, '01-screenshot-png.jsonl'));
    const status = await page.getByTestId('replay-status').textContent();
    const total = Number(/^Live: (\d+) events;/.exec(status ?? '')?.[1]);
    expect(total).toBeGreaterThan(4);
    const position = page.getByTestId('replay-step');
    expect(await position.textContent()).toBe(`Event ${String(total)} of ${String(total)}`);
    expect(await page.getByRole('button', { name: 'Next event' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Previous event' }).click();
    await expect.poll(() => position.textContent()).toBe(`Event ${String(total - 1)} of ${String(total)}`);
    await page.locator('body').press(',');
    await expect.poll(() => position.textContent()).toBe(`Event ${String(total - 2)} of ${String(total)}`);
    await page.locator('body').press('.');
    await expect.poll(() => position.textContent()).toBe(`Event ${String(total - 1)} of ${String(total)}`);
    // Following the end is off once a step is pinned.
    expect(await page.getByLabel('Follow the end of the log').isChecked()).toBe(false);

    const slider = page.getByRole('slider', { name: 'Event' });
    await slider.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => position.textContent()).toBe(`Event 0 of ${String(total)}`);
    expect(await page.getByText('Before the first event: the session header only').isVisible()).toBe(true);
    expect(await page.locator('.tc-replay__item').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position.textContent()).toBe(`Event 1 of ${String(total)}`);
    expect(await page.locator('.tc-steps__kind').textContent()).toBe('user/message');
    expect(await page.locator('.tc-replay__item').count()).toBe(1);

    await page.getByLabel('Follow the end of the log').check();
    await expect.poll(() => position.textContent()).toBe(`Event ${String(total)} of ${String(total)}`);
  });
});

const LONG_SESSION = path.join(SESSIONS, '15-long-session.jsonl');

/** Where an element is in the viewport. */
function box(page: Page, selector: string): Promise<{ top: number; bottom: number; innerHeight: number } | null> {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (element === null) return null;
    const { top, bottom } = element.getBoundingClientRect();
    return { top, bottom, innerHeight: window.innerHeight };
  }, selector);
}

describe('navigation', () => {
  it('the find bar stays in view, with its match count, as the list scrolls under it', async () => {
    const page = await open(LONG_SESSION);
    await page.getByRole('searchbox', { name: 'Find' }).fill('read_image');
    await page.getByRole('searchbox', { name: 'Find' }).press('Enter');
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight / 2);
    });
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    const bar = await box(page, '.tc-find');
    expect(bar?.top).toBe(0);
    expect(await page.locator('.tc-find__matches').isVisible()).toBe(true);
    expect(await page.locator('.tc-find__matches').textContent()).toMatch(/^1 of \d+$/);
    // A row the keys move to is shown below the bar, not under it.
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
    await page.keyboard.press('j');
    await expect.poll(() => box(page, '.tc-replay__item:focus')).not.toBeNull();
    const focused = await box(page, '.tc-replay__item:focus');
    expect(focused?.top).toBeGreaterThanOrEqual(bar?.bottom ?? Number.NaN);
  });

  it('Enter on a focused row opens it and closes it again, as o does; Enter on a button inside is the button’s', async () => {
    const page = await open(path.join(AGENT_LOGS, 'claude-code-failures.jsonl'));
    const row = page
      .locator('.tc-replay__item')
      .filter({ has: page.locator('[data-call-id]') })
      .first();
    const disclosure = row.locator('.tc-row__disclosure');
    const before = await disclosure.getAttribute('aria-expanded');
    await row.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => disclosure.getAttribute('aria-expanded')).toBe(before === 'true' ? 'false' : 'true');
    await page.keyboard.press('Enter');
    await expect.poll(() => disclosure.getAttribute('aria-expanded')).toBe(before);
    // On the disclosure itself, Enter is the button's own click: one toggle, not two.
    await disclosure.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => disclosure.getAttribute('aria-expanded')).toBe(before === 'true' ? 'false' : 'true');
  });
});

describe('following the end of a growing log', () => {
  const tempDir = useTempDirs();

  it('keeps the newest row in view as lines arrive; turned off, the page stays where it is', async () => {
    const lines = (await readFile(LONG_SESSION, 'utf8')).split('\n').filter((line) => line !== '');
    const file = path.join(await tempDir(), 'growing.jsonl');
    await writeFile(file, `${lines.slice(0, 200).join('\n')}\n`);
    const page = await open(file, { viewport: { width: 1200, height: 700 } });
    const status = page.getByTestId('replay-status');
    await page.getByText(/^Live: /).waitFor();
    const before = await status.textContent();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await appendFile(file, `${lines.slice(200, 400).join('\n')}\n`);
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).not.toBe(before);
    await expect
      .poll(async () => {
        const last = await box(page, '.tc-replay__item[data-last]');
        return last !== null && last.bottom > 0 && last.top < last.innerHeight;
      })
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    await page.getByLabel('Follow the end of the log').uncheck();
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    const pinned = await status.textContent();
    await appendFile(file, `${lines.slice(400).join('\n')}\n`);
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).not.toBe(pinned);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe('image cards', () => {
  it('the facts line leads; the text the model received is behind its toggle, closed until asked for', async () => {
    const page = await open(path.join(SESSIONS, '05-large-downscaled.jsonl'));
    const card = page.locator('.tc-card--image');
    await card.waitFor();
    expect(await card.locator('.tc-card__facts-line').textContent()).toBe('PNG · 2048×1024 ← 3000×1500 · 45 KiB');
    const toggle = card.getByRole('button', { name: 'What the model received' });
    const received = card.getByText('<path>/home/qa/project/large/panorama.png</path>', { exact: false });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await received.isHidden()).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await received.isVisible()).toBe(true);
    expect(await received.textContent()).toContain('downscaled from 3000x1500 px');
    await toggle.click();
    expect(await received.isHidden()).toBe(true);
  });

  const tempDir = useTempDirs();

  it('a 2001×1 image: a tile of at least 44×44 px with the image visible in it, which opens the lightbox', async () => {
    const file = path.join(await tempDir(), 'hairline.jsonl');
    const [hairline, pasted] = await Promise.all([imageBytes('png', '#d00000', 2001, 1), imageBytes('png', '#0040d0')]);
    await writeFile(file, claudeCodeTranscript(base64Of(hairline), base64Of(pasted)));
    const page = await open(file);
    const tile = page.locator('.tc-row .tc-gallery__tile[data-status="ready"]');
    await tile.waitFor({ timeout: 30_000 });
    const tileBox = await tile.boundingBox();
    const imageBox = await tile.locator('img').boundingBox();
    expect(tileBox?.width).toBeGreaterThanOrEqual(44);
    expect(tileBox?.height).toBeGreaterThanOrEqual(44);
    // Not the 4×1 px dash it was: a bar a person can see and hit.
    expect(imageBox?.width).toBeGreaterThanOrEqual(44);
    expect(imageBox?.height).toBeGreaterThanOrEqual(4);
    await tile.locator('img').click();
    await page.getByRole('dialog', { name: 'login.png' }).waitFor();
  });
});

describe('on a phone (390 px, touch)', () => {
  it('the header, step control, view tabs and find bar take about a third of the screen (35 %); keyboard hints are hidden', async () => {
    const page = await open(path.join(SESSIONS, '07-several-images.jsonl'), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const top = await page.getByTestId('session-header').evaluate((header) => header.getBoundingClientRect().top);
    const bottom = await page.locator('.tc-find').evaluate((bar) => bar.getBoundingClientRect().bottom);
    // A third before the Calls / Images tabs came; their row costs 10 px more even with the phone's tighter spacing.
    expect(bottom - top).toBeLessThanOrEqual(844 * 0.35);
    expect(await page.locator('.tc-find__keys').isVisible()).toBe(false);
    expect(await page.locator('.tc-steps__keys').isVisible()).toBe(false);
    // The filters are folded under a summary, and open from it.
    expect(await page.getByRole('combobox', { name: 'Tool' }).isVisible()).toBe(false);
    await page.locator('.tc-find__filters-summary').click();
    expect(await page.getByRole('combobox', { name: 'Tool' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('on a touch tablet (1024 px), the hints are hidden too', async () => {
    const page = await open(path.join(SESSIONS, '07-several-images.jsonl'), { viewport: { width: 1024, height: 768 }, isMobile: true, hasTouch: true });
    expect(await page.locator('.tc-find__keys').isVisible()).toBe(false);
    expect(await page.locator('.tc-steps__keys').isVisible()).toBe(false);
  });

  it('with a mouse at 1200 px, the hints show', async () => {
    const page = await open(path.join(SESSIONS, '07-several-images.jsonl'));
    expect(await page.locator('.tc-find__keys').isVisible()).toBe(true);
    expect(await page.locator('.tc-steps__keys').isVisible()).toBe(true);
  });
});

describe('themes', () => {
  it('light and dark: the page follows, the choice is remembered, and axe finds nothing in either', async () => {
    const page = await open(path.join(AGENT_LOGS, 'claude-code-read-png.jsonl'), { colorScheme: 'light' });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(255, 255, 255)');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.tcTheme)).toBe('dark');
    expect(await background()).toBe('rgb(13, 17, 23)');
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await page.getByTestId('session-header').waitFor();
    expect(await page.getByLabel('Theme').inputValue()).toBe('dark');
    expect(await background()).toBe('rgb(13, 17, 23)');
  });

  it('the system theme follows the OS: dark, with axe finding nothing', async () => {
    const page = await open(path.join(SESSIONS, '09-text-only-refusal.jsonl'), { colorScheme: 'dark' });
    expect(await page.getByLabel('Theme').inputValue()).toBe('system');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 17, 23)');
    expect(await axeViolations(page)).toEqual([]);
  });
});
