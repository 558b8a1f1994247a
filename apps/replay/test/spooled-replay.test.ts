import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';

import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

import { startReplayServer, type ReplayServer } from '../src/server/replay-server.ts';
import { imagesShown } from './support/agent-log-contents.ts';
import { claudeCodePastedImage, claudeCodeTranscript, codexRollout } from './support/foreign-sessions.ts';
import { base64Of, corruptPng, imageBytes, LONG_BASE64_RUN, pngDeclaring } from './support/inline-images.ts';
import { recordedSession } from './support/recorded-session.ts';
import { inTmpDir, spoolDirsIn, viewerPage } from './support/in-process-server.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * The real replay server (in this process, over a stand-in viewer page) on files of other agents:
 * what the page is sent through /api/log, and what the attachment route serves.
 */

const tempDir = useTempDirs();
const running: ReplayServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serveFile(logPath: string, storeDir?: string): Promise<ReplayServer> {
  const server = await startReplayServer({
    logPath,
    viewerDir: await viewerPage(await tempDir()),
    port: 0,
    ...(storeDir === undefined ? {} : { store: { dir: storeDir } }),
  });
  running.push(server);
  return server;
}

async function serve(logText: string, storeDir?: string) {
  const logPath = path.join(await tempDir(), 'transcript.jsonl');
  await writeFile(logPath, logText);
  return { server: await serveFile(logPath, storeDir), logPath };
}

/** What `/api/log` sends the page once it holds `lines` lines. */
async function logOnceItHas(server: ReplayServer, lines: number): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        text = await (await fetch(new URL('/api/log', server.url))).text();
        return text.split('\n').length - 1;
      },
      { timeout: 10_000 },
    )
    .toBe(lines);
  return text;
}

function attachmentUrl(server: ReplayServer, attachmentId: string): URL {
  return new URL(`/api/sessions/current/attachments/${encodeURIComponent(attachmentId)}`, server.url);
}

const screenshot = await imageBytes('png', '#d00000', 64, 48);
const pasted = await imageBytes('png', '#0040d0', 32, 32);

describe('pnpm replay on another agent’s file: the page is sent references, the route serves the images', () => {
  it('a Claude Code transcript: no base64 in /api/log, every stored reference served with its image, any other id 404', async () => {
    const { server } = await serve(claudeCodeTranscript(base64Of(screenshot), base64Of(pasted)));
    expect(server.spooled).toBe(true);
    const info = (await (await fetch(new URL('/api/sessions/current/info', server.url))).json()) as unknown;
    expect(info).toEqual({ id: 'current', log: 'transcript.jsonl', store: true });

    const sent = await logOnceItHas(server, 4);
    expect(sent).not.toMatch(LONG_BASE64_RUN);
    const shown = imagesShown(sent);
    expect(shown.format).toBe('claude-code');
    expect(shown.ids.size).toBe(2);
    for (const ref of shown.refs) {
      const response = await fetch(attachmentUrl(server, ref.attachmentId));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(ref.mediaType);
      const served = Buffer.from(await response.arrayBuffer());
      expect(served.length).toBe(ref.bytes);
      expect(await sharp(served).metadata()).toMatchObject({ width: ref.width, height: ref.height });
    }

    expect((await fetch(attachmentUrl(server, `sha256:${'0'.repeat(64)}`))).status).toBe(404);
  });

  it('a Codex rollout: the data URL and the generated image are served; a corrupt "PNG" appended later is a refused marker', async () => {
    const generated = await imageBytes('webp', '#f0c000', 24, 24);
    const { server, logPath } = await serve(
      codexRollout(`data:image/jpeg;base64,${base64Of(await imageBytes('jpeg', '#00a040', 50, 20))}`, base64Of(generated)),
    );
    const sent = await logOnceItHas(server, 4);
    const { refs } = imagesShown(sent);
    expect(new Set(refs.map((ref) => ref.mediaType))).toEqual(new Set(['image/jpeg', 'image/webp']));
    for (const ref of refs) expect((await fetch(attachmentUrl(server, ref.attachmentId))).status).toBe(200);

    await writeFile(logPath, claudeCodePastedImage(5, base64Of(corruptPng())), { flag: 'a' });
    const grown = await logOnceItHas(server, 5);
    expect(grown.startsWith(sent)).toBe(true);
    expect(grown.split('\n')[4]).toContain('toolcard:refused-image;the image header could not be read; the file is corrupt');
    expect(grown).not.toMatch(LONG_BASE64_RUN);
  });

  it('serves only the images of the copy as it stands: after the file is replaced, an image it no longer holds is 404', async () => {
    const { server, logPath } = await serve(claudeCodePastedImage(1, base64Of(screenshot)));
    const [before] = imagesShown(await logOnceItHas(server, 1)).refs;
    expect(before && (await fetch(attachmentUrl(server, before.attachmentId))).status).toBe(200);

    await writeFile(`${logPath}.new`, claudeCodePastedImage(1, base64Of(pasted)) + claudeCodePastedImage(2, base64Of(pasted)));
    await rename(`${logPath}.new`, logPath);
    const [after] = imagesShown(await logOnceItHas(server, 2)).refs;
    expect(after?.attachmentId).not.toBe(before?.attachmentId);
    expect(after && (await fetch(attachmentUrl(server, after.attachmentId))).status).toBe(200);
    expect(before && (await fetch(attachmentUrl(server, before.attachmentId))).status).toBe(404);
  });

  it('writes nothing into the --store given, and removes its temporary store on close', async () => {
    const userStore = await tempDir();
    const tmp = await tempDir();
    await inTmpDir(tmp, async () => {
      const { server } = await serve(
        claudeCodeTranscript(base64Of(screenshot), base64Of(pasted)) + claudeCodePastedImage(5, base64Of(pngDeclaring(30_000, 30_000))),
        userStore,
      );
      const { refs } = imagesShown(await logOnceItHas(server, 5));
      // Every image validated (stored or refused) before the close.
      expect((await Promise.all(refs.map(async (ref) => (await fetch(attachmentUrl(server, ref.attachmentId))).status))).sort()).toEqual([200, 200, 422]);
      expect(await spoolDirsIn(tmp)).toHaveLength(1);
      await server.close();
    });
    expect(await readdir(userStore)).toEqual([]);
    expect(await spoolDirsIn(tmp)).toEqual([]);
  });

  it('leaves no temporary folder behind when its port is in use', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const logPath = path.join(await tempDir(), 'transcript.jsonl');
    await writeFile(logPath, claudeCodePastedImage(1, base64Of(pasted)));
    const tmp = await tempDir();
    try {
      await inTmpDir(tmp, async () => {
        await expect(startReplayServer({ logPath, viewerDir: await viewerPage(await tempDir()), port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      });
    } finally {
      taken.close();
    }
    expect(await spoolDirsIn(tmp)).toEqual([]);
  });
});

describe('pnpm replay on another agent’s file: the store validates each image on its first request', () => {
  const bomb = pngDeclaring(30_000, 30_000);
  /** A PNG whose header is whole and whose pixels are not there: only a full decode finds out. */
  const withoutPixels = pngDeclaring(100, 100);

  it('what the store refuses is sent as a reference, and answered 422 with the store’s reason when asked for', async () => {
    const { server } = await serve([screenshot, bomb, withoutPixels].map((bytes, index) => claudeCodePastedImage(index + 1, base64Of(bytes))).join(''));
    const sent = await logOnceItHas(server, 3);
    expect(sent).not.toContain('toolcard:refused-image;');
    const { refs } = imagesShown(sent);
    expect(refs.map((ref) => `${ref.width}x${ref.height}`).sort()).toEqual(['100x100', '30000x30000', '64x48']);
    const [good, refusedBomb, refusedPng] = [64, 30_000, 100].map((width) => refs.find((ref) => ref.width === width));

    const served = await fetch(attachmentUrl(server, good?.attachmentId ?? ''));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(screenshot);

    for (const [ref, reason] of [
      [refusedBomb, 'the image is 30000x30000 px; each side may be at most 8192 px'],
      [refusedPng, 'the image could not be decoded; it is truncated or corrupt'],
    ] as const) {
      const [first, second] = await Promise.all([fetch(attachmentUrl(server, ref?.attachmentId ?? '')), fetch(attachmentUrl(server, ref?.attachmentId ?? ''))]);
      for (const response of [first, second]) {
        expect(response.status).toBe(422);
        expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(await response.text()).toBe(`${reason}\n`);
      }
      const head = await fetch(attachmentUrl(server, ref?.attachmentId ?? ''), { method: 'HEAD' });
      expect(head.status).toBe(422);
      expect(await head.text()).toBe('');
    }
  });

  it('concurrent first requests for one image all get it; an id the log does not reference is 404, held or not', async () => {
    const { server, logPath } = await serve(claudeCodePastedImage(1, base64Of(screenshot)) + claudeCodePastedImage(2, base64Of(bomb)));
    const { refs } = imagesShown(await logOnceItHas(server, 2));
    const [good, refused] = [64, 30_000].map((width) => refs.find((ref) => ref.width === width));
    const responses = await Promise.all(Array.from({ length: 6 }, () => fetch(attachmentUrl(server, good?.attachmentId ?? ''))));
    for (const response of responses) expect(Buffer.from(await response.arrayBuffer())).toEqual(screenshot);

    // Replaced by a file without the bomb: its bytes are still held, but the copy no longer references them.
    await writeFile(`${logPath}.new`, claudeCodePastedImage(1, base64Of(pasted)));
    await rename(`${logPath}.new`, logPath);
    await logOnceItHas(server, 1);
    expect((await fetch(attachmentUrl(server, refused?.attachmentId ?? ''))).status).toBe(404);
    expect((await fetch(attachmentUrl(server, good?.attachmentId ?? ''))).status).toBe(404);
  });
});

describe('pnpm replay on our own log: served exactly as before', () => {
  it('sends the file’s bytes unchanged, with no copy, and serves its images from the --store given', async () => {
    const session = await recordedSession(await tempDir());
    const red = await session.readImage('red.png');
    const server = await serveFile(session.logPath, session.storeDir);
    expect(server.spooled).toBe(false);
    const sent = Buffer.from(await (await fetch(new URL('/api/log', server.url))).arrayBuffer());
    expect(sent).toEqual(await readFile(session.logPath));
    const image = await fetch(attachmentUrl(server, red.attachmentId));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from((await session.store.readImage(red.attachmentId)).data));
  });
});
