import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { writeLongSession } from './support/long-session-log.ts';
import { mainThreadTasks } from './support/main-thread-tasks.ts';
import { startReplay, type ReplayProcess } from './support/replay-process.ts';

/*
 * A 30 000-call log (the recorded long session 100 times over) opened in the real replay server and
 * its production-built viewer in Debian's Chromium, with a Chromium trace of the page's main thread.
 */

/** The recorded long session has 300 calls: 100 copies make the 30 000. */
const COPIES = 100;

let browser: Browser;
let scratch: string;
let server: ReplayProcess | undefined;

beforeAll(async () => {
  await ensureViewerBuilt();
  browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
  scratch = await mkdtemp(path.join(os.tmpdir(), 'toolcard-replay-long-'));
});

afterAll(async () => {
  await server?.stop();
  await browser.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('pnpm replay: a 30 000-call log', () => {
  it('is fetched and parsed in the viewer’s worker, behind a labelled progress bar; the page only renders', async () => {
    const file = path.join(scratch, 'long-session.jsonl');
    const log = await writeLongSession(file, COPIES);
    server = await startReplay([file]);
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(server.url);
    // Read in one go: the bar is gone once the log is read.
    const shown = await page
      .waitForFunction(
        () => {
          const bar = document.querySelector('progress');
          return bar === null
            ? null
            : { role: bar.matches('[role]') ? bar.getAttribute('role') : 'progressbar', label: bar.labels[0]?.textContent, value: bar.value, max: bar.max };
        },
        undefined,
        { timeout: 60_000, polling: 'raf' },
      )
      .then((handle) => handle.jsonValue());
    await page.getByText(/^Live: /).waitFor({ timeout: 120_000 });
    await page.locator('[data-call-id]').first().waitFor();
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as Parameters<typeof mainThreadTasks>[0];
    const tasks = mainThreadTasks(trace, '/api/sessions/current/log');
    // Reported, not asserted (no timing bounds in tests on a shared machine): see the Architecture docs page, "Inside the replay viewer".
    const [load = 0] = os.loadavg();
    console.log(
      `long log: ${(log.bytes / 1_048_576).toFixed(1)} MiB, ${log.events} events; machine load ${load.toFixed(1)} on ${os.availableParallelism()} cores; main-thread tasks from the first /api/log request on: ${JSON.stringify(tasks, null, 2)}`,
    );

    const [worker = ''] = workers;
    expect(workers).toEqual([expect.stringMatching(/^\/assets\/follow-worker-[\w-]+\.js$/)]);
    // The log route is in the worker's script, not the page's. The page's script also holds the parser
    // (its "truncated last line" problem), but only for an exported file, which has no worker under its
    // CSP: here the worker read the log (the one worker started, the progress bar fed by it).
    const pageScripts = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src));
    for (const script of pageScripts) {
      const text = await (await fetch(script)).text();
      expect(text).not.toContain('x-log-generation');
      // Production React, also when this test process (NODE_ENV=test) built the viewer: the development build links its hook warnings.
      expect(text).not.toContain('react.dev/link/invalid-hook-call');
    }
    const workerScript = await (await fetch(new URL(worker, server.url))).text();
    expect(workerScript).toContain('truncated last line');
    expect(workerScript).toContain('x-log-generation');
    expect(shown).toEqual({ role: 'progressbar', label: 'Reading the log', value: expect.any(Number) as number, max: log.bytes });
    expect(shown?.value).toBeGreaterThan(0);
    expect(await page.locator('progress').count()).toBe(0);
    expect(await page.getByTestId('replay-status').textContent()).toBe(`Live: ${log.events} events; lines appended to the file appear here.`);
    expect(await page.getByTestId('replay-step').textContent()).toBe(`Event ${log.events} of ${log.events}`);
    expect(tasks.count).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 300_000);
});
