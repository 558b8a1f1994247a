/**
 * How long a big log takes to open in `pnpm replay`: records a real session (real images, the real
 * host adapter), grows it to the target size as a harness log grows — each step a read_image call
 * and its result among many streamed `assistant/chunk` events — then starts the real replay server
 * and opens it in Debian's Chromium. Prints the timings as JSON.
 *
 *   pnpm --filter @toolcard/replay run bench:open [MB] [chunks-per-call]
 */
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { chromium } from 'playwright-core';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { recordedSession } from '../test/support/recorded-session.ts';
import { startReplay } from '../test/support/replay-process.ts';

const targetMb = Number(process.argv[2] ?? 50);
const chunksPerCall = Number(process.argv[3] ?? 200);

const dir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-replay-bench-'));
try {
  await ensureViewerBuilt();
  const session = await recordedSession(dir);
  await session.readImage('red.png');
  const lines = (await readFile(session.logPath, 'utf8')).trimEnd().split('\n');
  const [header = '', ...events] = lines;
  const step = events.filter((line) => !line.includes('"turn/'));
  const chunk = (index: number) =>
    `${JSON.stringify({ type: 'assistant/chunk', data: { turn: 1, step: index, delta: { type: 'text', text: 'streamed words of the answer, ' } } })}\n`;
  const bigLog = path.join(dir, 'big.jsonl');
  await writeFile(bigLog, `${header}\n`);
  let calls = 0;
  while ((await stat(bigLog)).size < targetMb * 1_048_576) {
    let block = '';
    for (let batch = 0; batch < 50; batch += 1) {
      calls += 1;
      block += Array.from({ length: chunksPerCall }, () => chunk(calls)).join('');
      block += `${step.map((line) => line.replaceAll('"call-1"', `"call-${calls}"`)).join('\n')}\n`;
    }
    await appendFile(bigLog, block);
  }
  const bytes = (await stat(bigLog)).size;

  const started = performance.now();
  const server = await startReplay([bigLog, '--store', session.storeDir]);
  const serverReady = performance.now() - started;
  const browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const opened = performance.now();
    await page.goto(server.url);
    await page.getByText(/^Live: /).waitFor({ timeout: 300_000 });
    const live = performance.now() - opened;
    await page.locator('.tc-gallery__tile[data-status="ready"] img').first().waitFor({ timeout: 300_000 });
    const firstImage = performance.now() - opened;
    const events = await page.getByTestId('replay-step').textContent();
    await page.waitForFunction(() => document.querySelector('.tc-replay[aria-busy]') === null, undefined, { timeout: 600_000 });
    const allRowsMounted = performance.now() - opened;
    const heap = await page.evaluate(() => (performance as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null);
    console.log(
      JSON.stringify(
        {
          logMiB: +(bytes / 1_048_576).toFixed(1),
          lines: header === '' ? 0 : calls * (chunksPerCall + step.length) + 1,
          calls,
          serverStartAndFirstReadMs: Math.round(serverReady),
          pageToLiveMs: Math.round(live),
          pageToFirstImageMs: Math.round(firstImage),
          pageToAllRowsMountedMs: Math.round(allRowsMounted),
          shown: events,
          jsHeapMiB: heap === null ? null : +(heap / 1_048_576).toFixed(0),
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
