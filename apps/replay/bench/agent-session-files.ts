/**
 * Big session files of other agents for the benchmarks: a Codex rollout or a Claude Code
 * transcript of ~MB holding N distinct inline screenshots among the lines a real session has,
 * streamed to disk (never whole in memory).
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';

import { AgentLogReader } from '@toolcard/ui-tool-image/model';
import sharp from 'sharp';

import type { WorkspaceImage } from '../../../stories/fixtures/agents/_agent-log.ts';
import { imageBlock, readImageRecord, sessionFields, text, toolUse, TranscriptWriter } from '../../../stories/fixtures/agents/claude-code-transcript.ts';
import { functionCall, functionOutput, inputImage, RolloutWriter, shellOutput, type Line } from '../../../stories/fixtures/agents/codex-rollout.ts';
import { eventsRead, viewerLogOf } from '../viewer/viewer-log.ts';

export type AgentFormat = 'codex' | 'claude-code';

const MIB = 1_048_576;
const CWD = '/home/dev/shop';

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
  private readonly window = windowPixels();
  private readonly noiseWidth: number;

  constructor(pngBytes: number) {
    // The window alone compresses to ~17 KiB; random pixels do not compress.
    this.noiseWidth = Math.max(16, Math.min(WIDTH - 240, Math.round((pngBytes - 17_000) / (3 * NOISE_ROWS))));
  }

  async make(index: number): Promise<WorkspaceImage> {
    const pixels = Buffer.from(this.window);
    const width = this.noiseWidth;
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

export interface GeneratedSession {
  readonly path: string;
  readonly bytes: number;
  readonly lines: number;
  readonly imageBase64Bytes: number;
  /** The page's count once it shows every item ("Live: N events"), and before the last line. */
  readonly items: number;
  readonly itemsBeforeLastLine: number;
  /** Copies of each screenshot in the file. */
  readonly copiesPerImage: number;
  readonly ms: number;
}

/**
 * Streams the session to `file`, a screenshot made as each step is written (the file is never in
 * memory). The page's expected count is read by `AgentLogReader` from the same lines with one tiny
 * PNG in place of every screenshot (the count does not depend on the bytes; the real file would
 * not fit in memory).
 */
export async function writeSession(
  file: string,
  format: AgentFormat,
  { targetMb, screenshots }: { targetMb: number; screenshots: number },
): Promise<GeneratedSession> {
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
  const itemsBeforeLastLine = eventsRead(viewerLogOf(reader.snapshot()));
  await write(tail.slice(-1));
  reader.end();
  out.end();
  await once(out, 'finish');
  const items = eventsRead(viewerLogOf(reader.snapshot()));
  return {
    path: file,
    bytes: (await stat(file)).size,
    lines,
    imageBase64Bytes: imageBase64Bytes / screenshots,
    items,
    itemsBeforeLastLine,
    copiesPerImage: shape.copiesPerImage,
    ms: performance.now() - started,
  };
}
