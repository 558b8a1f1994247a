import { spawn } from 'node:child_process';
import { appendFile, stat } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { claudeCodePastedImage } from './support/foreign-sessions.ts';
import { base64Of, noisePng } from './support/inline-images.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();
const APP_DIR = path.resolve(import.meta.dirname, '..');
const PROBE = path.join(import.meta.dirname, 'support/spool-memory-probe.ts');

/** The probe's measurements, in bytes. */
interface Measured {
  readonly images: number;
  readonly baseline: number;
  /** Allocated, garbage included. */
  readonly peak: number;
  /** Alive after a full gc, sampled while spooling. */
  readonly livePeak: number;
  readonly after: number;
  readonly maxRss: number;
}

/** The probe in a process whose V8 heap is smaller than the file: a spool that held the file's text would run out of memory. */
function runProbe(sourcePath: string, dir: string): Promise<Measured> {
  const child = spawn(process.execPath, ['--expose-gc', '--max-old-space-size=128', '--import', 'tsx', PROBE, sourcePath, dir], {
    cwd: APP_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(stdout) as Measured);
      else reject(new Error(`the probe exited with ${code}:\n${stderr}`));
    });
  });
}

/** Lines of distinct screenshot-sized images (random pixels, so each is as large as its size allows). */
async function writeScreenshotLog(file: string, lines: number): Promise<number> {
  for (let index = 1; index <= lines; index += 1) await appendFile(file, claudeCodePastedImage(index, base64Of(await noisePng(800, 600))));
  return (await stat(file)).size;
}

const MIB = 1 << 20;

describe('InlineImageSpool: memory does not grow with the file', () => {
  it('spools a ~200 MB file of distinct inline screenshots holding about one line at a time', async () => {
    const dir = await tempDir();
    const source = path.join(dir, 'screenshots.jsonl');
    const lines = 105;
    const fileBytes = await writeScreenshotLog(source, lines);
    expect(fileBytes).toBeGreaterThan(200_000_000);

    const measured = await runProbe(source, dir);
    const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
    console.log(
      `spool memory: file ${mib(fileBytes)}; JS heap and buffers at the start ${mib(measured.baseline)}, alive at most ${mib(measured.livePeak)}, allocated at most ${mib(measured.peak)} (garbage included), after ${mib(measured.after)}; max RSS ${mib(measured.maxRss)}`,
    );
    expect(measured.images).toBe(lines);
    expect(measured.after - measured.baseline).toBeLessThan(fileBytes / 20);
    // A line is ~2 MB, alive several times over while it is rewritten (its chunks and bytes, its text,
    // the parsed value, the decoded image, the store's copies): 13–29 MiB seen, however long the file.
    expect(measured.livePeak - measured.baseline).toBeLessThan(fileBytes / 3);
  }, 300_000);
});
