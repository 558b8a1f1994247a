// pnpm bench:export — a 3 000-call session with 300 images (recorded by the real host recorder and
// tool) exported to one HTML file; the time the file takes to show its first screen in Chromium
// from file://, against the live viewer on the same session in the same run; and its size against
// issue 22 §3's bound (images' bytes plus 10 % plus the viewer). Prints JSON.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import { runExport } from '../src/cli/export-command.ts';
import { recordingHarness, ROUTE } from '../test/support/recording-harness.ts';
import { startReplay } from '../test/support/replay-process.ts';

const CALLS = 3000;
const IMAGES = 300;

async function recordSession(dir: string): Promise<{ logPath: string; storeDir: string }> {
  const { workspace, storeDir, logPath, tool, recorder, close } = await recordingHarness(dir);
  for (let at = 0; at < IMAGES; at += 1) {
    // Noise: the PNG keeps its size, as a screenshot's does.
    const pixels = Buffer.from(Array.from({ length: 160 * 100 * 3 }, () => Math.floor(Math.random() * 256)));
    await sharp(pixels, { raw: { width: 160, height: 100, channels: 3 } })
      .png()
      .toFile(path.join(workspace, `shot-${String(at)}.png`));
  }
  await recorder.startTurn(1);
  await recorder.userMessage({ role: 'user', content: [{ type: 'text', text: 'Walk through the app' }], source: { kind: 'user' } });
  const every = CALLS / IMAGES;
  for (let step = 1; step <= CALLS; step += 1) {
    const image = step % every === 0;
    const file = `shot-${String(step / every - 1)}.png`;
    const call = {
      callId: `call-${String(step)}`,
      name: image ? tool.name : 'run_command',
      arguments: JSON.stringify(image ? { file_path: file } : { command: `step ${String(step)}` }),
    };
    await recorder.startStep(1, step);
    await recorder.assistantMessage({
      turn: 1,
      step,
      route: ROUTE,
      content: [{ type: 'tool-call', id: call.callId, name: call.name, arguments: call.arguments }],
    });
    await recorder.recordStep({
      turn: 1,
      step,
      calls: [call],
      execute: () =>
        image
          ? tool.execute({ file_path: file }, { callId: call.callId, cwd: workspace, route: ROUTE })
          : Promise.resolve({ content: [{ type: 'text', text: `ok ${String(step)}` }], isError: false }),
    });
    await recorder.endStep(1, step);
  }
  close();
  return { logPath, storeDir };
}

/** Milliseconds from navigation to the first screen: the status says the whole log is shown and the first row's image is decoded. */
async function firstScreen(browser: Browser, url: string, status: RegExp): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const started = performance.now();
  await page.goto(url);
  await page.getByTestId('replay-status').filter({ hasText: status }).waitFor({ timeout: 120_000 });
  await page.locator('.tc-row').first().waitFor({ timeout: 120_000 });
  const elapsed = performance.now() - started;
  await page.close();
  return elapsed;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-bench-export-'));
try {
  const { logPath, storeDir } = await recordSession(dir);
  const output = path.join(dir, 'report.html');
  const exportStarted = performance.now();
  const result = await runExport({ logPath, output, store: { dir: storeDir }, filter: '' });
  const exportMs = performance.now() - exportStarted;
  const browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
  const server = await startReplay([logPath, '--store', storeDir]);
  try {
    const live: number[] = [];
    const exported: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      live.push(await firstScreen(browser, server.url, /^Live:/));
      exported.push(await firstScreen(browser, pathToFileURL(output).href, /events, exported/));
    }
    const liveMs = median(live);
    const exportedMs = median(exported);
    const sizeBound = Math.round(result.sizes.images * 1.1 + result.sizes.viewer);
    console.log(
      JSON.stringify(
        {
          calls: CALLS,
          images: result.sizes.imageCount,
          exportMs: Math.round(exportMs),
          fileBytes: result.bytes,
          imageBytes: result.sizes.images,
          viewerBytes: result.sizes.viewer,
          logBytes: result.sizes.log.text,
          logGzipBytes: result.sizes.log.gzip,
          sizeBound,
          sizeBoundMet: result.bytes <= sizeBound,
          firstScreenMs: { live: Math.round(liveMs), exported: Math.round(exportedMs) },
          exportedOverLive: Number((exportedMs / liveMs).toFixed(2)),
          target: 1.5,
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    await browser.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
