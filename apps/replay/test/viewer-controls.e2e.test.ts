import path from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { startReplay } from './support/replay-process.ts';

/*
 * The viewer's own controls in the real server and Debian's Chromium (issue 24 §3–§5): the session
 * header's facts, each row's time.
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
async function open(file: string, viewport = { width: 1200, height: 900 }): Promise<Page> {
  const server = await startReplay([file]);
  cleanups.push(() => server.stop());
  const page = await browser.newPage({ viewport });
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
