import { appendFile, readdir, readFile, rename, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { LocalAttachmentStore, type AttachmentStore } from '@toolcard/host-read-image';
import { refusedImageMarker } from '@toolcard/ui-tool-image/model';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

import { LogTail } from '../src/server/log-tail.ts';
import type { InlineImageSpoolOptions } from '../src/server/spool/inline-image-spool.ts';
import { SessionSpool } from '../src/server/spool/session-spool.ts';
import { PendingImages } from '../src/server/spool/pending-images.ts';
import { imagesShown } from './support/agent-log-contents.ts';
import { claudeCodePastedImage, claudeCodeTranscript, codexRollout, prettyAnthropicMessages } from './support/foreign-sessions.ts';
import { base64Of, corruptPng, imageBytes, LONG_BASE64_RUN, noisePng, pngDeclaring } from './support/inline-images.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();
const opened: SessionSpool[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((spool) => spool.close()));
  await Promise.all(closers.splice(0).map((close) => close()));
});

type SpoolSettings = Partial<Pick<InlineImageSpoolOptions, 'chunkBytes' | 'maxLineBytes'>> & {
  readonly store?: (real: AttachmentStore) => AttachmentStore;
  /** Images held for validation on request (as the replay server spools), not saved as they are read. */
  readonly held?: boolean;
};

/** A spool over `source.jsonl` (written with `source` unless undefined) in a temp dir, with a real store there. */
async function spoolOf(source: string | Buffer | undefined, { store: wrap = (real) => real, held = false, ...settings }: SpoolSettings = {}) {
  const dir = await tempDir();
  const sourcePath = path.join(dir, 'source.jsonl');
  if (source !== undefined) await writeFile(sourcePath, source);
  const store = new LocalAttachmentStore({ dir: path.join(dir, 'store') });
  const heldDir = path.join(dir, 'pending');
  const pending = held ? await PendingImages.create(wrap(store), heldDir) : undefined;
  const spool = await SessionSpool.open({
    sourcePath,
    outputPath: path.join(dir, 'spooled.jsonl'),
    store: wrap(store),
    ...(pending === undefined ? {} : { pending }),
    ...settings,
  });
  opened.push(spool);
  if (pending !== undefined) closers.push(() => pending.close());
  /** Polls the spool and reads its copy. */
  async function spooled(): Promise<string> {
    await spool.poll();
    return readFile(spool.outputPath, 'utf8');
  }
  return { sourcePath, store, spool, spooled, pending, heldDir };
}

/** A real store that counts the saves it is asked for. */
function countingSaves(counts: { saves: number }) {
  return (real: AttachmentStore): AttachmentStore => ({
    imageLimits: real.imageLimits,
    saveImage: (input, signal) => {
      counts.saves += 1;
      return real.saveImage(input, signal);
    },
    readImage: (id, signal) => real.readImage(id, signal),
    onDispose: (listener) => real.onDispose(listener),
  });
}

/** The copy holds markers and no base64; a viewer reads it as `format`, its images the stored references the spool wrote. */
function referencesOnly(text: string, spool: SessionSpool, format: string) {
  expect(text).toContain('toolcard:stored-image;');
  expect(text).not.toMatch(LONG_BASE64_RUN);
  const shown = imagesShown(text);
  expect(shown.format).toBe(format);
  expect(shown.placeholders).toEqual([]);
  expect(shown.ids).toEqual(new Set(spool.writtenIds));
  return shown;
}

const screenshot = base64Of(await imageBytes('png', '#d00000', 64, 48));
const pasted = base64Of(await imageBytes('png', '#0040d0', 32, 32));
const dataUrlImage = await imageBytes('jpeg', '#00a040', 50, 20);
const generated = base64Of(await imageBytes('webp', '#f0c000', 24, 24));

describe('InlineImageSpool: inline images become store references', () => {
  it('moves a Claude Code Read result (tool_result and toolUseResult.file.base64) and a pasted image into the store', async () => {
    const { spool, store, spooled } = await spoolOf(claudeCodeTranscript(screenshot, pasted));
    const shown = referencesOnly(await spooled(), spool, 'claude-code');
    expect(shown.problems).toEqual([]);
    expect(shown.ids.size).toBe(2);
    for (const id of shown.ids) expect((await store.readImage(id)).ref.attachmentId).toBe(id);
    expect(new Set(shown.refs.map((ref) => `${ref.width}x${ref.height}`))).toEqual(new Set(['64x48', '32x32']));
  });

  it('moves a Codex data URL (the payload only) and an image_generation_call result', async () => {
    const { spool, spooled } = await spoolOf(codexRollout(`data:image/jpeg;base64,${base64Of(dataUrlImage)}`, generated));
    const text = await spooled();
    expect(text).toContain('"image_url":"data:image/jpeg;base64,toolcard:stored-image;');
    const shown = referencesOnly(text, spool, 'codex');
    expect(new Set(shown.refs.map((ref) => ref.mediaType))).toEqual(new Set(['image/jpeg', 'image/webp']));
  });

  it('takes URL-safe base64 too', async () => {
    const urlSafe = screenshot.replaceAll('+', '-').replaceAll('/', '_');
    const text = await (await spoolOf(claudeCodePastedImage(1, urlSafe))).spooled();
    expect(imagesShown(text).ids.size).toBe(1);
  });

  it('rewrites a pretty-printed API array (one document over many lines) into one line', async () => {
    const { spool, spooled } = await spoolOf(prettyAnthropicMessages(screenshot));
    const text = await spooled();
    expect(text.split('\n')).toEqual([expect.stringMatching(/^\[\{"role":"user"/), '']);
    expect(referencesOnly(text, spool, 'anthropic-messages').ids.size).toBe(1);
  });

  it('reads a whole JSON array written without a final newline', async () => {
    const array = JSON.stringify([{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: pasted } }] }]);
    const text = await (await spoolOf(array)).spooled();
    expect(imagesShown(text).ids.size).toBe(1);
  });

  it('saves the same bytes once, however often the file holds them', async () => {
    const counts = { saves: 0 };
    const source = [1, 2, 3].map((index) => claudeCodePastedImage(index, pasted)).join('');
    const text = await (await spoolOf(source, { store: countingSaves(counts) })).spooled();
    expect(counts.saves).toBe(1);
    expect(imagesShown(text).ids.size).toBe(1);
    expect(text.match(/toolcard:stored-image;/g)).toHaveLength(3);
  });
});

describe('SessionSpool: how far it has read its file', () => {
  it('is nothing before a poll, the whole file after one, and the grown size after the next', async () => {
    const { spool, sourcePath, spooled } = await spoolOf(claudeCodePastedImage(1, pasted));
    expect(spool.progress).toEqual({ read: 0, size: 0 });
    await spooled();
    const first = (await stat(sourcePath)).size;
    expect(spool.progress).toEqual({ read: first, size: first });
    await appendFile(sourcePath, claudeCodePastedImage(2, screenshot));
    await spooled();
    const grown = (await stat(sourcePath)).size;
    expect(spool.progress).toEqual({ read: grown, size: grown });
  });

  it('mid-poll: the size the poll found, and what it has copied of it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let saving = false;
    const source = claudeCodePastedImage(1, pasted) + claudeCodePastedImage(2, screenshot);
    const { spool, sourcePath } = await spoolOf(source, {
      store: (real) => ({
        imageLimits: real.imageLimits,
        saveImage: async (input, signal) => {
          saving = true;
          await gate;
          return real.saveImage(input, signal);
        },
        readImage: (id, signal) => real.readImage(id, signal),
        onDispose: (listener) => real.onDispose(listener),
      }),
    });
    const polled = spool.poll();
    await expect.poll(() => saving).toBe(true);
    expect(spool.progress).toEqual({ read: 0, size: (await stat(sourcePath)).size });
    release();
    await polled;
    expect(spool.progress.read).toBe(spool.progress.size);
  });

  it('counts an unfinished last line as read, and its size as the file’s', async () => {
    const line = claudeCodePastedImage(1, pasted);
    const { spool, sourcePath, spooled } = await spoolOf(line.slice(0, 40));
    await spooled();
    expect(spool.progress).toEqual({ read: 40, size: (await stat(sourcePath)).size });
  });
});

describe('InlineImageSpool: what the store refuses is a marker naming the reason', () => {
  it('an inline "PNG" that is the signature and garbage', async () => {
    const text = await (await spoolOf(claudeCodePastedImage(1, base64Of(corruptPng())))).spooled();
    expect(text).toContain(JSON.stringify(refusedImageMarker('the image header could not be read; the file is corrupt')));
    expect(text).not.toMatch(LONG_BASE64_RUN);
    expect(imagesShown(text).placeholders).toEqual(['[image not shown: the image header could not be read; the file is corrupt]']);
  });

  it('a decompression bomb: a tiny PNG declaring 30000×30000 pixels', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 30_000, height: 30_000 });
    const { spool, spooled } = await spoolOf(claudeCodePastedImage(1, base64Of(bomb)));
    const text = await spooled();
    expect(imagesShown(text).placeholders).toEqual(['[image not shown: the image is 30000x30000 px; each side may be at most 8192 px]']);
    expect(spool.writtenIds.size).toBe(0);
  });

  it('a data URL of a format the store does not take (SVG): refused, its payload not sent', async () => {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<rect width="1" height="1"/>'.repeat(20)}</svg>`);
    const text = await (await spoolOf(codexRollout(`data:image/svg+xml;base64,${base64Of(svg)}`, generated))).spooled();
    expect(text).toContain(`data:image/svg+xml;base64,${refusedImageMarker('the bytes are not a PNG, JPEG, WebP or GIF image')}`);
    expect(text).not.toMatch(LONG_BASE64_RUN);
  });
});

describe('InlineImageSpool with PendingImages (as the replay server spools): images are held, the store is asked nothing', () => {
  it('sends references made from the headers, writes each image’s bytes once, and saves nothing', async () => {
    const counts = { saves: 0 };
    const source = claudeCodeTranscript(screenshot, pasted) + claudeCodePastedImage(3, pasted);
    const { spool, store, spooled, heldDir } = await spoolOf(source, { store: countingSaves(counts), held: true });
    const shown = referencesOnly(await spooled(), spool, 'claude-code');
    expect(new Set(shown.refs.map((ref) => `${ref.mediaType} ${ref.width}x${ref.height}`))).toEqual(new Set(['image/png 64x48', 'image/png 32x32']));
    expect(counts.saves).toBe(0);
    await expect.poll(async () => (await readdir(heldDir)).length).toBe(2);
    for (const id of shown.ids) await expect(store.readImage(id)).rejects.toMatchObject({ code: 'ATTACHMENT_NOT_FOUND' });
  });

  it('a decompression bomb is sent as a reference (the store refuses it when asked); bytes whose header names no image are refused at once', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    const source = claudeCodePastedImage(1, base64Of(bomb)) + claudeCodePastedImage(2, base64Of(corruptPng()));
    const { spool, spooled } = await spoolOf(source, { held: true });
    const shown = imagesShown(await spooled());
    expect(shown.refs.map((ref) => `${ref.width}x${ref.height}`)).toEqual(['30000x30000']);
    expect(shown.placeholders).toEqual(['[image not shown: the image header could not be read; the file is corrupt]']);
    expect(spool.writtenIds).toEqual(shown.ids);
  });
});

describe('InlineImageSpool: everything else is copied as it is', () => {
  it('lines that are not JSON, JSON without images and short or non-image base64 are unchanged byte for byte', async () => {
    const lines = [
      'not json at all',
      '{"type":"user","note":"  spaced  ","n":1.50}',
      `{"base64":"${Buffer.from('plain text, not an image, long enough to look like base64 to a careless reader').toString('base64')}"}`,
      `{"short":"${base64Of(Buffer.from([0x89, 0x50, 0x4e, 0x47]))}"}`,
      '',
      '{"half":',
    ];
    const source = `${lines.join('\n')}\n`;
    expect(await (await spoolOf(source)).spooled()).toBe(source);
  });

  it('a line of 2 000 nested arrays, and one of 100 000, pass through unchanged', async () => {
    const deep = (levels: number) => `${'['.repeat(levels)}"${pasted.slice(0, 20)}"${']'.repeat(levels)}`;
    const source = `${deep(2000)}\n${deep(100_000)}\n`;
    expect(await (await spoolOf(source)).spooled()).toBe(source);
  });

  it('an image nested 2 000 levels deep is moved like any other', async () => {
    const text = await (await spoolOf(`${'['.repeat(2000)}"${pasted}"${']'.repeat(2000)}\n`)).spooled();
    expect(text).not.toMatch(LONG_BASE64_RUN);
    expect(text).toContain('toolcard:stored-image;');
  });

  it('a line longer than the cap is replaced by a line that says so, and the lines after it are read', async () => {
    const large = claudeCodePastedImage(2, base64Of(await noisePng(100, 100)));
    const source = `${claudeCodePastedImage(1, pasted)}${large}${claudeCodePastedImage(3, pasted)}`;
    const text = await (await spoolOf(source, { maxLineBytes: 8192, chunkBytes: 1024 })).spooled();
    const written = text.split('\n');
    expect(written).toHaveLength(4);
    expect(written[1]).toBe(`not replayed: line 2 is ${Buffer.byteLength(large) - 1} bytes, over the 8192 a line may have`);
    expect(written[0]).toContain('toolcard:stored-image;');
    expect(written[2]).toContain('toolcard:stored-image;');
  });

  it('gives the same copy whatever the read chunks (lines and characters split anywhere)', async () => {
    const source = `${claudeCodeTranscript(screenshot, pasted)}{"text":"图像 ✓ ${'é'.repeat(50)}"}\n${codexRollout(`data:image/jpeg;base64,${base64Of(dataUrlImage)}`, generated)}`;
    const whole = await (await spoolOf(source)).spooled();
    for (const chunkBytes of [1, 3, 7, 64, 1000, 4093]) {
      expect(await (await spoolOf(source, { chunkBytes })).spooled(), `chunks of ${chunkBytes} bytes`).toBe(whole);
    }
  });
});

describe('InlineImageSpool: following the file', () => {
  it('copies what is appended, and a half-written last line only once it is complete', async () => {
    const first = claudeCodePastedImage(1, pasted);
    const second = claudeCodePastedImage(2, screenshot);
    const { spool, sourcePath, spooled } = await spoolOf(first + second.slice(0, 500));
    const one = await spooled();
    expect(one.split('\n')).toHaveLength(2);
    expect(spool.writtenIds.size).toBe(1);

    await appendFile(sourcePath, second.slice(500));
    const two = await spooled();
    expect(two.startsWith(one)).toBe(true);
    expect(two.split('\n')).toHaveLength(3);
    expect(spool.writtenIds.size).toBe(2);
    expect(imagesShown(two).ids).toEqual(new Set(spool.writtenIds));
  });

  it('notices an append by itself once watching', async () => {
    const { spool, sourcePath } = await spoolOf(claudeCodePastedImage(1, pasted));
    await spool.poll();
    const stop = spool.watch({ intervalMs: 20 });
    try {
      await appendFile(sourcePath, claudeCodePastedImage(2, screenshot));
      await expect.poll(() => spool.writtenIds.size).toBe(2);
    } finally {
      stop();
    }
  });

  it('starts over in a new copy when the source is truncated: a tail over the copy starts a new generation', async () => {
    const { spool, sourcePath, spooled } = await spoolOf(claudeCodePastedImage(1, pasted) + claudeCodePastedImage(2, screenshot));
    await spooled();
    const tail = new LogTail(spool.outputPath);
    await tail.poll();
    expect(spool.writtenIds.size).toBe(2);

    await truncate(sourcePath, 0);
    // Longer than before: only the new inode tells the tail the copy started over.
    const replacement = claudeCodePastedImage(1, generated, 'image/webp') + claudeCodePastedImage(2, generated, 'image/webp') + '{"pad":1}\n'.repeat(100);
    await appendFile(sourcePath, replacement);
    const text = await spooled();
    expect(imagesShown(text).refs.map((ref) => ref.mediaType)).toEqual(['image/webp', 'image/webp']);
    expect(spool.writtenIds.size).toBe(1);
    expect(text.split('\n')).toHaveLength(103);
    await tail.poll();
    expect(tail.position).toEqual({ generation: 1, end: (await stat(spool.outputPath)).size });
  });

  it('starts over when the source is truncated to less than was read', async () => {
    const { spool, sourcePath, spooled } = await spoolOf(claudeCodePastedImage(1, pasted) + claudeCodePastedImage(2, screenshot));
    await spooled();
    await writeFile(sourcePath, '{"short":1}\n');
    expect(await spooled()).toBe('{"short":1}\n');
    expect(spool.writtenIds.size).toBe(0);
  });

  it('starts over when the source is replaced by another file', async () => {
    const { spool, sourcePath, spooled } = await spoolOf(claudeCodePastedImage(1, pasted));
    await spooled();
    await writeFile(`${sourcePath}.new`, claudeCodePastedImage(1, screenshot) + claudeCodePastedImage(2, screenshot));
    await rename(`${sourcePath}.new`, sourcePath);
    const text = await spooled();
    expect(text.split('\n')).toHaveLength(3);
    expect(imagesShown(text).refs.map((ref) => ref.width)).toEqual([64, 64]);
    expect([...spool.writtenIds]).toEqual([...imagesShown(text).ids]);
  });

  it('copies the whole file again after a poll that failed halfway: no line twice, none missing', async () => {
    let failures = 1;
    const failingOnce = (real: AttachmentStore): AttachmentStore => ({
      ...real,
      imageLimits: real.imageLimits,
      saveImage: (input, signal) => (failures-- > 0 ? Promise.reject(new Error('disk went away')) : real.saveImage(input, signal)),
    });
    const source = ['{"before":1}\n', claudeCodePastedImage(2, pasted), '{"after":3}\n'].join('');
    const { spool, spooled } = await spoolOf(source, { store: failingOnce });
    await expect(spool.poll()).rejects.toThrow('disk went away');
    const text = await spooled();
    expect(text.split('\n')).toEqual(['{"before":1}', expect.stringContaining('toolcard:stored-image;'), '{"after":3}', '']);
  });

  it('stops at once when closed in the middle of a file', async () => {
    const lines = 12;
    const images = await Promise.all(Array.from({ length: lines }, async (_, index) => claudeCodePastedImage(index + 1, base64Of(await noisePng(400, 400)))));
    const { spool } = await spoolOf(images.join(''));
    const polled = spool.poll().then(
      () => 'finished',
      (error: unknown) => (error instanceof Error ? error.name : 'failed'),
    );
    await expect.poll(() => spool.writtenIds.size, { interval: 1 }).toBeGreaterThan(0);
    await spool.close();
    expect(await polled).toMatch(/^(AbortError|AttachmentError)$/);
    expect(spool.writtenIds.size).toBeLessThan(lines);
  });

  it('waits for a source that does not exist yet, and reads a document that is rewritten', async () => {
    const { spool, sourcePath, spooled } = await spoolOf(undefined);
    expect(await spooled()).toBe('');
    await writeFile(sourcePath, prettyAnthropicMessages(pasted));
    expect(imagesShown(await spooled()).refs.map((ref) => ref.width)).toEqual([32]);
    await writeFile(sourcePath, prettyAnthropicMessages(screenshot));
    expect(imagesShown(await spooled()).refs.map((ref) => ref.width)).toEqual([64]);
    expect(spool.writtenIds.size).toBe(1);
  });
});
