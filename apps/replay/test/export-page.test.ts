import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { jsonInScript } from '../src/export/ascii-text.ts';
import { compressedLog } from '../src/export/compressed-log.ts';
import { exportPage, pageSizes, type PageImage, type PageSession } from '../src/export/export-page.ts';
import { readInlineViewer, type InlineViewer } from '../src/export/inline-viewer.ts';
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { decodeExportBytes, encodeExportBytes } from '../wire/export-bytes.ts';
import type { ExportedSession } from '../wire/export.ts';
import { HOSTILE } from './export-sessions.ts';
import { writeLongSession } from './support/long-session-log.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();
let viewerDir: string;
let viewer: InlineViewer;
beforeAll(async () => {
  viewerDir = await ensureViewerBuilt();
  viewer = await readInlineViewer(viewerDir);
});

/** The built viewer's own script and style sheet, in bytes, as Vite wrote them. */
async function builtViewerBytes(): Promise<number> {
  const index = await readFile(path.join(viewerDir, 'index.html'), 'utf8');
  const files = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => path.join(viewerDir, match[1] ?? ''));
  expect(files).toHaveLength(2);
  return (await Promise.all(files.map((file) => stat(file)))).reduce((sum, info) => sum + info.size, 0);
}

async function session(images: readonly PageImage[], log = '{"type":"session"}\n'): Promise<PageSession> {
  const exported: ExportedSession = { info: { id: 'current', log: 'run.jsonl', store: true }, images: images.map((image) => image.attachmentId), reviews: [] };
  return { session: exported, log: await compressedLog(log), images };
}

function page(sessions: readonly PageSession[], filter = ''): Buffer {
  return Buffer.concat([...exportPage({ viewer, sessions, filter, exportedAt: new Date(0) })]);
}

/** The page's bytes with every image element's content taken out: what must be ASCII. */
function withoutImages(html: Buffer): string {
  return html.toString('latin1').replace(/(<script type="application\/octet-stream"[^>]*>)[\s\S]*?<\/script>/g, '$1</script>');
}

describe('jsonInScript', () => {
  it('writes JSON that reads back the same and holds no <, >, &, U+2028/U+2029 or any character beyond ASCII', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.constant(HOSTILE)), (text) => {
        const written = jsonInScript({ text, [text]: [text] });
        expect(written).toMatch(/^[\x20-\x7e]*$/);
        expect(written).not.toMatch(/[<>&]/);
        expect(JSON.parse(written)).toEqual({ text, [text]: [text] });
      }),
    );
  });
});

describe('export bytes', () => {
  it('any bytes come back whole through a windows-1252 read, and none the HTML parser changes (NUL, CR, <) is written', () => {
    const decoder = new TextDecoder('windows-1252');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const written = encodeExportBytes(bytes);
        expect(written.some((byte) => byte === 0x00 || byte === 0x0d || byte === 0x3c)).toBe(false);
        expect(decodeExportBytes(decoder.decode(written))).toEqual(bytes);
      }),
    );
  });

  it('refuses a character no windows-1252 byte stands for, and an escape that escapes no byte', () => {
    expect(() => decodeExportBytes('ab\u0100')).toThrow("U+0100 at 2 is no byte of this file's encoding (windows-1252)");
    expect(() => decodeExportBytes('\ufffd')).toThrow("U+fffd at 0 is no byte of this file's encoding (windows-1252)");
    expect(() => decodeExportBytes('ends with =')).toThrow('the escape at 10 escapes no byte');
    expect(() => decodeExportBytes('=\u0010')).toThrow('the escape at 1 escapes no byte');
  });
});

describe('exportPage', () => {
  it('allows by hash exactly the script and style it inlines, loads nothing, and is ASCII outside its images', async () => {
    const html = page([await session([])]);
    const text = withoutImages(html);
    // ASCII, and no NUL or CR (the HTML parser would change them).
    const codes = Array.from({ length: text.length }, (_, at) => text.charCodeAt(at));
    expect(codes.filter((code) => code === 0x00 || code === 0x0d || code > 0x7f)).toEqual([]);
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(text)?.[1]?.replaceAll('&#39;', "'");
    const script = /<script type="module">([\s\S]*)<\/script>\n<\/body>/.exec(text)?.[1];
    const style = /<style>([\s\S]*?)<\/style>/.exec(text)?.[1];
    const hash = (inline: string | undefined) =>
      `'sha256-${createHash('sha256')
        .update(inline ?? '')
        .digest('base64')}'`;
    expect(policy?.split('; ')).toEqual([
      "default-src 'none'",
      `script-src ${hash(script)}`,
      `style-src ${hash(style)}`,
      'img-src blob:',
      'connect-src blob:',
      'worker-src blob:',
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    expect(script).toBe(viewer.script);
    expect(style).toBe(viewer.style);
    // The image difference's worker, as text the page starts from a blob: no script of its own runs.
    expect(/<script type="text\/plain" id="toolcard-diff-worker">([\s\S]*?)<\/script>/.exec(text)?.[1]).toBe(viewer.workers.diff);
    expect(viewer.workers.diff).toContain('postMessage');
    // One session's page never compares: it carries no compare worker.
    expect(text).not.toContain('id="toolcard-compare-worker"');
    // The policy comes before anything it governs.
    expect(text.indexOf('Content-Security-Policy')).toBeLessThan(text.indexOf('<style>'));
    expect(text.indexOf('<meta charset="windows-1252">')).toBeLessThan(1024);
  });

  it('a comparison’s page carries the compare worker’s script as text too, and counts it in the viewer’s bytes', async () => {
    const one = await session([]);
    const sessions = [one, await session([])];
    const text = withoutImages(page(sessions));
    expect(/<script type="text\/plain" id="toolcard-compare-worker">([\s\S]*?)<\/script>/.exec(text)?.[1]).toBe(viewer.workers.compare);
    expect(viewer.workers.compare).toContain('postMessage');
    expect(viewer.workers.compare).not.toBe(viewer.workers.diff);
    const workers = Buffer.byteLength(viewer.workers.diff) + Buffer.byteLength(viewer.workers.compare);
    expect(pageSizes(viewer, sessions).viewer).toBe(Buffer.byteLength(viewer.script) + Buffer.byteLength(viewer.style) + workers);
    expect(pageSizes(viewer, [one]).viewer).toBe(Buffer.byteLength(viewer.script) + Buffer.byteLength(viewer.style) + Buffer.byteLength(viewer.workers.diff));
  });

  it('a hostile log, file name and filter end no element: the only elements are the page’s own', async () => {
    const hostile = await session(
      [{ attachmentId: HOSTILE, mediaType: HOSTILE, data: new TextEncoder().encode(HOSTILE) }],
      `${JSON.stringify({ text: HOSTILE })}\n`,
    );
    const html = withoutImages(
      page([{ ...hostile, session: { ...hostile.session, info: { id: HOSTILE, log: HOSTILE, store: true } } }], `q=${encodeURIComponent(HOSTILE)}`),
    );
    // The viewer's scripts are the build's own (their text is checked against it above).
    const beforeViewer = html.slice(0, html.lastIndexOf('<script type="text/plain" id="toolcard-diff-worker">'));
    const tags = [...beforeViewer.matchAll(/<(\/?[a-z]+)/g)].map((match) => match[1]);
    expect(tags).toEqual([
      'html',
      'head',
      'meta',
      'meta',
      'meta',
      'title',
      '/title',
      'style',
      '/style',
      '/head',
      'body',
      'div',
      // What the file says until its viewer runs, and where scripts are off.
      'p',
      '/p',
      'noscript',
      'p',
      '/p',
      '/noscript',
      '/div',
      'script',
      '/script',
      'script',
      '/script',
      'script',
      '/script',
      'script',
      '/script',
    ]);
    expect(html).not.toContain('\u2028');
  });

  /** Images of noise: PNG cannot shrink it, so the page carries the bytes as they are. */
  async function noiseImages(count: number): Promise<PageImage[]> {
    const images: PageImage[] = [];
    for (let at = 0; at < count; at += 1) {
      const data = await sharp(Buffer.from(Array.from({ length: 200 * 150 * 3 }, () => Math.floor(Math.random() * 256))), {
        raw: { width: 200, height: 150, channels: 3 },
      })
        .png()
        .toBuffer();
      images.push({ attachmentId: `image-${String(at)}`, mediaType: 'image/png', data });
    }
    return images;
  }

  it('is at most the images’ bytes plus 10 % plus the viewer (measured from its build)', async () => {
    const images = await noiseImages(12);
    const imageBytes = images.reduce((sum, image) => sum + image.data.byteLength, 0);
    const size = page([await session(images)]).byteLength;
    expect(size).toBeLessThanOrEqual(imageBytes * 1.1 + (await builtViewerBytes()));
    expect(size).toBeGreaterThan(imageBytes);
  });

  it('stays within that bound with a log larger than the images’ 10 % (300 calls), which it carries gzipped', async () => {
    const images = await noiseImages(12);
    const imageBytes = images.reduce((sum, image) => sum + image.data.byteLength, 0);
    const logPath = path.join(await tempDir(), 'long.jsonl');
    await writeLongSession(logPath, 1);
    const log = await readFile(logPath, 'utf8');
    // As text, the log alone is more than the bound leaves it.
    expect(Buffer.byteLength(log)).toBeGreaterThan(imageBytes * 0.1);
    const size = page([await session(images, log)]).byteLength;
    expect(size).toBeLessThanOrEqual(imageBytes * 1.1 + (await builtViewerBytes()));
  });
});
