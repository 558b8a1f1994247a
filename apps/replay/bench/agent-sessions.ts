/**
 * `pnpm replay` on another agent's big session file: writes a Codex rollout and a Claude Code
 * transcript of ~MB holding N distinct inline screenshots among the lines a real session has, then
 * for each times, in the same run, the floor (read the file as a stream, `JSON.parse` each line), the
 * real server (the bin, as a child process) until it prints its URL, and Debian's Chromium on it
 * until the first screen and until the page shows every item of the file. Reports the page's JS
 * heap and the server's RSS at the end and its peak. Prints one JSON object per format, each
 * figure beside its target; asserts nothing.
 *
 *   pnpm bench:replay [MB=500] [screenshots=2000] [codex|claude-code|both]
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';

import { AgentLogReader } from '@toolcard/ui-tool-image/model';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import sharp from 'sharp';

import chromiumConfig from '../../../scripts/chromium.json' with { type: 'json' };
import type { WorkspaceImage } from '../../../stories/fixtures/agents/_agent-log.ts';
import { imageBlock, readImageRecord, sessionFields, text, toolUse, TranscriptWriter } from '../../../stories/fixtures/agents/claude-code-transcript.ts';
import { functionCall, functionOutput, inputImage, RolloutWriter, shellOutput, type Line } from '../../../stories/fixtures/agents/codex-rollout.ts';
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { startReplay } from '../test/support/replay-process.ts';
import { entriesRead, viewerLogOf } from '../viewer/viewer-log.ts';

type Format = 'codex' | 'claude-code';

const targetMb = Number(process.argv[2] ?? 500);
const screenshots = Number(process.argv[3] ?? 2000);
const which = process.argv[4] ?? 'both';
if (!(targetMb > 0) || !Number.isInteger(screenshots) || screenshots < 1 || !['codex', 'claude-code', 'both'].includes(which)) {
  console.error('usage: bench:replay [MB=500] [screenshots=2000] [codex|claude-code|both]');
  process.exit(2);
}
const FORMATS: readonly Format[] = which === 'both' ? ['codex', 'claude-code'] : [which as Format];

const MIB = 1_048_576;
const CWD = '/home/dev/shop';
/** The page's time to the whole log can be minutes on a busy 2-core machine. */
const WHOLE_LOG_TIMEOUT_MS = 30 * 60_000;
const TARGETS = { wholeLogToFloor: 3, pageHeapMiB: 150, serverRssMiB: 400, firstScreenMs: 2000 } as const;

const mib = (bytes: number) => +(bytes / MIB).toFixed(1);
const load = () => os.loadavg().map((value) => +value.toFixed(2));

// --- Distinct screenshots, cheaply --------------------------------------------------------------

const WIDTH = 1280;
const HEIGHT = 800;
const NOISE_ROWS = 200;

/** A desktop app's window as raw RGB: a dark title bar, a grey sidebar, lines of "text" on a light page. */
function windowPixels(): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3, 0xf4);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const at = (y * WIDTH + x) * 3;
      if (y < 48) pixels.fill(0x2b, at, at + 3);
      else if (x < 220) pixels.fill(0xe2, at, at + 3);
      else if (y % 24 < 10 && (x * 7 + y) % 400 < 300) pixels.fill(0x60, at, at + 3);
    }
  }
  return pixels;
}

/**
 * 1280×800 PNGs of about `pngBytes` each, never the same twice: the window with a block of random
 * pixels (a photo, a chart) of the width that makes the size, placed somewhere else each time. About
 * 10 ms each (one sharp encode), where a screenshot's flat areas compress as a real one's do.
 */
class Screenshots {
  readonly #window = windowPixels();
  readonly #noiseWidth: number;

  constructor(pngBytes: number) {
    // The window alone compresses to ~17 KiB; random pixels do not compress.
    this.#noiseWidth = Math.max(16, Math.min(WIDTH - 240, Math.round((pngBytes - 17_000) / (3 * NOISE_ROWS))));
  }

  async make(index: number): Promise<WorkspaceImage> {
    const pixels = Buffer.from(this.#window);
    const width = this.#noiseWidth;
    const noise = randomBytes(width * 3 * NOISE_ROWS);
    const left = 230 + ((index * 37) % (WIDTH - 230 - width));
    const top = 56 + ((index * 53) % (HEIGHT - 56 - NOISE_ROWS));
    for (let row = 0; row < NOISE_ROWS; row += 1) noise.copy(pixels, ((top + row) * WIDTH + left) * 3, row * width * 3, (row + 1) * width * 3);
    const png = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .png()
      .toBuffer();
    return { mediaType: 'image/png', base64: png.toString('base64'), size: png.length, width: WIDTH, height: HEIGHT };
  }
}

// --- The two formats ----------------------------------------------------------------------------

/** A format's lines: the session's first lines, a step of work around screenshot `index`, its last lines. */
interface SessionShape {
  /** Copies of each screenshot's bytes in the file (Claude Code's Read stores them twice). */
  readonly copiesPerImage: number;
  head(): Line[];
  step(index: number, image: WorkspaceImage): Line[];
  /** Ends with a line that adds an item of its own, so the page's count reaches the total only once it has read it. */
  tail(): Line[];
}

const OUTPUT = 'src/checkout.tsx\nsrc/cart.tsx\nsrc/payment.tsx\n 3 files changed, 41 insertions(+), 12 deletions(-)\n';

/** A January 2026 rollout: prompts, reasoning, shell calls with outputs and their `event_msg` copies, `view_image` with the picture in its output. */
function codexShape(): SessionShape {
  const w = new RolloutWriter({ id: 'c0de0000-0000-4000-8000-00000000b3c4', cwd: CWD, cliVersion: '0.80.0', started: '2026-01-20T09:00:00.000Z' });
  return {
    copiesPerImage: 1,
    head: () => [w.sessionMeta(), w.turnContext(), w.environmentContext()],
    step: (index, image) => {
      const shot = `${CWD}/screenshots/step-${String(index)}.png`;
      const shellId = `call_sh_${String(index)}`;
      const viewId = `call_vi_${String(index)}`;
      return [
        ...(index % 20 === 0
          ? [w.turnContext(), ...w.prompt(`Check the checkout page again after change ${String(index)} and compare it with the design.`)]
          : []),
        w.item({ type: 'reasoning', summary: [{ type: 'summary_text', text: '**Checking the layout**' }], encrypted_content: 'gAAAAB'.padEnd(600, 'x') }),
        w.event({ type: 'agent_reasoning', text: '**Checking the layout**' }),
        w.item(functionCall(shellId, 'shell', { command: ['bash', '-lc', 'git diff --stat && npm run shot'], workdir: CWD, timeout_ms: 10000 })),
        w.item(functionOutput(shellId, shellOutput(OUTPUT))),
        w.event({ type: 'exec_command_end', call_id: shellId, stdout: OUTPUT, stderr: '', aggregated_output: OUTPUT, exit_code: 0 }),
        w.item(functionCall(viewId, 'view_image', { path: shot })),
        w.event({ type: 'view_image_tool_call', call_id: viewId, path: shot }),
        w.item(functionOutput(viewId, [inputImage(image)])),
        ...w.answer(`Step ${String(index)}: the summary column still overlaps the payment form by a few pixels.`),
        w.event({ type: 'token_count', info: { total_token_usage: { input_tokens: 1000 * index, output_tokens: 40 * index } }, rate_limits: null }),
      ];
    },
    tail: () => [w.event({ type: 'task_complete', last_agent_message: 'Done.' }), ...w.answer('Done: the checkout page matches the design.')],
  };
}

/** A 2.0 transcript: prompts, text and Bash calls with their results, Read of a PNG answered with the picture twice. */
function claudeCodeShape(): SessionShape {
  const t = new TranscriptWriter(sessionFields('c1a0de00-0000-4000-8000-00000000b3c4', CWD, '2.0.5'));
  return {
    copiesPerImage: 2,
    head: () => [t.user('Make the checkout page match the design in design/checkout.png; take a screenshot after each change.')],
    step: (index, image) => {
      const id = String(index).padStart(6, '0');
      return [
        ...(index % 20 === 0 ? [t.user(`Keep going; change ${String(index)} looks closer.`)] : []),
        t.assistant(`msg_${id}A`, text(`Change ${String(index)}: moving the summary column, then a screenshot.`)),
        t.assistant(
          `msg_${id}A`,
          toolUse(`toolu_${id}A`, 'Bash', { command: 'git diff --stat && npm run shot', description: 'Show the diff and take a screenshot' }),
        ),
        t.result(`toolu_${id}A`, OUTPUT, { stdout: OUTPUT, stderr: '', interrupted: false, isImage: false }),
        t.assistant(`msg_${id}B`, toolUse(`toolu_${id}B`, 'Read', { file_path: `${CWD}/screenshots/step-${String(index)}.png` })),
        t.result(`toolu_${id}B`, [imageBlock(image)], readImageRecord(image)),
      ];
    },
    tail: () => [t.assistant('msg_999999Z', text('Done: the checkout page matches the design.'))],
  };
}

// --- Writing the file ---------------------------------------------------------------------------

interface Generated {
  readonly path: string;
  readonly bytes: number;
  readonly lines: number;
  readonly imageBase64Bytes: number;
  /** The page's count once it shows every item ("Live: N events"), and before the last line. */
  readonly items: number;
  readonly itemsBeforeLastLine: number;
  readonly ms: number;
}

/**
 * Streams the session to `file`, a screenshot made as each step is written (the file is never in
 * memory). The page's expected count is read by `AgentLogReader` from the same lines with one tiny
 * PNG in place of every screenshot (the count does not depend on the bytes; the real file would
 * not fit in memory).
 */
async function writeSession(file: string, format: Format): Promise<Generated> {
  const started = performance.now();
  const shape = format === 'codex' ? codexShape() : claudeCodeShape();
  const placeholder = (
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#0a0b0c' } })
      .png()
      .toBuffer()
  ).toString('base64');
  // Each step's own lines are ~3–4 KiB; the rest of the budget is its screenshot's copies, as base64 (4/3 of the PNG).
  const base64Bytes = (targetMb * MIB) / screenshots - 4096;
  const shots = new Screenshots(((base64Bytes / shape.copiesPerImage) * 3) / 4);
  const out = createWriteStream(file);
  const reader = new AgentLogReader();
  let lines = 0;
  let imageBase64Bytes = 0;
  const write = async (batch: readonly Line[], image?: WorkspaceImage): Promise<void> => {
    const textLines = batch.map((line) => `${JSON.stringify(line)}\n`).join('');
    reader.append(textLines);
    lines += batch.length;
    if (!out.write(image === undefined ? textLines : textLines.replaceAll(placeholder, image.base64))) await once(out, 'drain');
  };
  await write(shape.head());
  let next = shots.make(1);
  for (let index = 1; index <= screenshots; index += 1) {
    const image = await next;
    if (index < screenshots) next = shots.make(index + 1);
    imageBase64Bytes += image.base64.length;
    await write(shape.step(index, { ...image, base64: placeholder }), image);
  }
  const tail = shape.tail();
  await write(tail.slice(0, -1));
  const itemsBeforeLastLine = entriesRead(viewerLogOf(reader.snapshot()));
  await write(tail.slice(-1));
  reader.end();
  out.end();
  await once(out, 'finish');
  const items = entriesRead(viewerLogOf(reader.snapshot()));
  return {
    path: file,
    bytes: (await stat(file)).size,
    lines,
    imageBase64Bytes: imageBase64Bytes / screenshots,
    items,
    itemsBeforeLastLine,
    ms: performance.now() - started,
  };
}

/** The floor: the file read as a stream, each line parsed. */
async function readAndParse(file: string): Promise<number> {
  const started = performance.now();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) if (line !== '') JSON.parse(line);
  return performance.now() - started;
}

// --- Measuring ----------------------------------------------------------------------------------

/** A process's resident memory now and its peak (`VmRSS`, `VmHWM`), and its CPU time, from /proc. */
async function processUsage(pid: number): Promise<{ rss: number; peak: number; cpuS: number }> {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat (after the command's closing parenthesis).
  const fields = (await readFile(`/proc/${String(pid)}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rss: kib('VmRSS'), peak: kib('VmHWM'), cpuS: +(ticks / 100).toFixed(1) };
}

/** Live JS heap of the page (after a full GC) and of its Web Worker, which holds the parsed log. */
async function heaps(page: Page, cdp: CDPSession): Promise<{ page: number; worker: number | null }> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return { page: usedSize, worker: await workerHeap(page) };
}

/**
 * The worker's heap through the browser's CDP session: attached to the worker's target (non-flat
 * mode), a GC and `Runtime.getHeapUsage` sent as messages to it. `null` when Chromium will not.
 */
async function workerHeap(page: Page): Promise<number | null> {
  if (page.workers().length === 0) return null;
  const browserCdp = await page.context().browser()?.newBrowserCDPSession();
  if (browserCdp === undefined) return null;
  try {
    const { targetInfos } = await browserCdp.send('Target.getTargets');
    const worker = targetInfos.find((target) => target.type === 'worker');
    if (worker === undefined) return null;
    const { sessionId } = await browserCdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    let id = 0;
    const call = (method: string): Promise<Record<string, unknown>> => {
      id += 1;
      const callId = id;
      return new Promise((resolve) => {
        const onMessage = ({ message, sessionId: from }: { message: string; sessionId: string }) => {
          const reply = JSON.parse(message) as { id?: number; result?: Record<string, unknown> };
          if (from !== sessionId || reply.id !== callId) return;
          browserCdp.off('Target.receivedMessageFromTarget', onMessage);
          resolve(reply.result ?? {});
        };
        browserCdp.on('Target.receivedMessageFromTarget', onMessage);
        void browserCdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: callId, method }) });
      });
    };
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    return typeof usage.usedSize === 'number' ? usage.usedSize : null;
  } catch {
    return null;
  } finally {
    await browserCdp.detach();
  }
}

/** Milliseconds from `since` until `wait` resolves; `null` (and the reason) when it does not. */
async function timeUntil(since: number, wait: Promise<unknown>): Promise<number | null> {
  try {
    await wait;
    return Math.round(performance.now() - since);
  } catch (error) {
    console.error(`bench:replay: ${(error as Error).message.split('\n')[0] ?? ''}`);
    return null;
  }
}

async function measure(browser: Browser, format: Format, dir: string): Promise<Record<string, unknown>> {
  const loadBefore = load();
  const generated = await writeSession(path.join(dir, `${format}.jsonl`), format);
  if (generated.itemsBeforeLastLine === generated.items) console.error('bench:replay: the last line adds no item; the whole-log signal may come early');
  const floorMs = await readAndParse(generated.path);

  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await page.context().newCDPSession(page);
  const started = performance.now();
  const server = await startReplay([generated.path]);
  const ready = performance.now();
  let peakSampled = 0;
  const sampler = setInterval(() => {
    void processUsage(server.pid).then(
      ({ rss }) => (peakSampled = Math.max(peakSampled, rss)),
      () => undefined,
    );
  }, 250);
  try {
    const rssAtReady = (await processUsage(server.pid)).rss;
    const opened = page.goto(server.url);
    const live = new RegExp(`^Live: ${String(generated.items)} events`);
    const [firstRowMs, firstImageMs, wholeLogMs] = await Promise.all([
      timeUntil(ready, page.locator('.tc-replay__item').first().waitFor({ timeout: 120_000 })),
      timeUntil(ready, page.locator('.tc-gallery__tile[data-status="ready"] img').first().waitFor({ timeout: 120_000 })),
      timeUntil(
        started,
        opened.then(() => page.getByTestId('replay-status').filter({ hasText: live }).waitFor({ timeout: WHOLE_LOG_TIMEOUT_MS })),
      ),
    ]);
    const rowsBuiltMs = await timeUntil(
      started,
      page.waitForFunction(() => document.querySelector('.tc-replay[aria-busy]') === null, undefined, { timeout: 120_000, polling: 100 }),
    );
    const status = await page.getByTestId('replay-status').textContent();
    const heap = await heaps(page, cdp);
    const server_ = await processUsage(server.pid);
    const firstScreenMs = firstRowMs === null || firstImageMs === null ? null : Math.max(firstRowMs, firstImageMs);
    const wholeLogToFloor = wholeLogMs === null ? null : +(wholeLogMs / floorMs).toFixed(2);
    const pageHeapMiB = mib(heap.page);
    const serverRssPeakMiB = mib(Math.max(server_.peak, peakSampled));
    return {
      format,
      date: new Date().toISOString(),
      load: { before: loadBefore, after: load(), cpus: os.cpus().length },
      file: {
        MiB: mib(generated.bytes),
        lines: generated.lines,
        screenshots,
        imageBase64KiB: +(generated.imageBase64Bytes / 1024).toFixed(0),
        copiesPerImage: format === 'claude-code' ? 2 : 1,
        items: generated.items,
        generateMs: Math.round(generated.ms),
      },
      floorMs: Math.round(floorMs),
      serverReadyMs: Math.round(ready - started),
      /** After the server printed its URL. */
      firstRowMs,
      firstImageMs,
      /** From the server's start until the status reads "Live: <every item> events". */
      wholeLogMs,
      wholeLogToFloor,
      rowsBuiltMs,
      status,
      pageHeapMiB,
      workerHeapMiB: heap.worker === null ? null : mib(heap.worker),
      serverRssAtReadyMiB: mib(rssAtReady),
      serverRssEndMiB: mib(server_.rss),
      serverRssPeakMiB,
      serverCpuS: server_.cpuS,
      pageErrors: errors,
      targets: {
        wholeLogToFloor: `≤ ${String(TARGETS.wholeLogToFloor)}`,
        pageHeapMiB: `≤ ${String(TARGETS.pageHeapMiB)}`,
        serverRssMiB: `≤ ${String(TARGETS.serverRssMiB)}`,
        firstScreenMs: `≤ ${String(TARGETS.firstScreenMs)} after the server is ready`,
      },
      met: {
        wholeLogToFloor: wholeLogToFloor !== null && wholeLogToFloor <= TARGETS.wholeLogToFloor,
        pageHeapMiB: pageHeapMiB <= TARGETS.pageHeapMiB,
        serverRssMiB: serverRssPeakMiB <= TARGETS.serverRssMiB,
        firstScreenMs: firstScreenMs !== null && firstScreenMs <= TARGETS.firstScreenMs,
      },
    };
  } finally {
    clearInterval(sampler);
    await page.close();
    await server.stop();
    await rm(generated.path, { force: true });
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-replay-bench-'));
// The generated files are hundreds of MB: gone on Ctrl-C too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
}
try {
  await ensureViewerBuilt();
  const browser = await chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args });
  try {
    for (const format of FORMATS) console.log(JSON.stringify(await measure(browser, format, dir), null, 2));
  } finally {
    await browser.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
