import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startReplayServer, type ReplayServer, type OneSessionOptions } from '../src/server/replay-server.ts';
import { openServedLog } from '../src/server/served-log.ts';
import { ensureViewerBuilt } from '../src/server/viewer-build.ts';
import { claudeCodeTranscript } from './support/foreign-sessions.ts';
import { inTmpDir, spoolDirsIn, viewerPage } from './support/in-process-server.ts';
import { base64Of, imageBytes } from './support/inline-images.ts';
import { recordedSession } from './support/recorded-session.ts';
import { startReplay } from './support/replay-process.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * The replay server's life around its file: a file with nothing in it yet, a file that cannot be
 * read while it is followed, and the temporary folder of a server that was killed.
 */

const tempDir = useTempDirs();
const running: ReplayServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: Omit<OneSessionOptions, 'viewerDir' | 'port'>): Promise<ReplayServer> {
  const server = await startReplayServer({ ...options, viewerDir: await viewerPage(await tempDir()), port: 0 });
  running.push(server);
  return server;
}

function attachmentUrl(server: ReplayServer, attachmentId: string): URL {
  return new URL(`/api/sessions/current/attachments/${encodeURIComponent(attachmentId)}`, server.url);
}

/** Starts a server on the empty `logPath`; resolves once it says it waits, with its start (still pending). */
async function startWaiting(options: Omit<OneSessionOptions, 'viewerDir' | 'port'>) {
  let waiting = false;
  let listening = false;
  const started = start({
    ...options,
    onWaitingForContent: () => {
      waiting = true;
    },
  }).then((server) => {
    listening = true;
    return server;
  });
  await expect.poll(() => waiting).toBe(true);
  expect(listening).toBe(false);
  return { started };
}

const screenshot = await imageBytes('png', '#d00000', 64, 48);

describe('pnpm replay on a file with nothing in it yet', () => {
  it('waits for its first line: our own log written then is served as our own, its images from the --store', async () => {
    const logPath = path.join(await tempDir(), 'later.jsonl');
    await writeFile(logPath, '');
    const session = await recordedSession(await tempDir());
    const red = await session.readImage('red.png');
    const { started } = await startWaiting({ logPath, store: { dir: session.storeDir } });
    await writeFile(logPath, await readFile(session.logPath));
    const server = await started;
    expect(server.spooled).toBe(false);
    expect((await fetch(attachmentUrl(server, red.attachmentId))).status).toBe(200);
  });

  it('waits for its first line: another agent’s transcript written then is spooled, its images served', async () => {
    const logPath = path.join(await tempDir(), 'later.jsonl');
    await writeFile(logPath, '\n');
    const { started } = await startWaiting({ logPath });
    await writeFile(logPath, claudeCodeTranscript(base64Of(screenshot), base64Of(screenshot)));
    const server = await started;
    expect(server.spooled).toBe(true);
    // The copy is written once the server listens.
    await expect.poll(async () => (await fetch(attachmentUrl(server, `sha256:${sha256(screenshot)}`))).status).toBe(200);
  });
});

describe('the served log’s first pass', () => {
  it('another agent’s file is caught up once its copy holds the whole file and the tail has read it; our own log at once', async () => {
    const logPath = path.join(await tempDir(), 'transcript.jsonl');
    await writeFile(logPath, claudeCodeTranscript(base64Of(screenshot), base64Of(screenshot)));
    const spooled = await openServedLog(logPath, undefined);
    try {
      expect(spooled.firstPass).toEqual({ done: false, read: 0, size: 0 });
      const errors: unknown[] = [];
      spooled.follow((error) => errors.push(error));
      await expect.poll(() => spooled.firstPass).toEqual({ done: true });
      const copy = await readFile(spooled.session.tail.path, 'utf8');
      expect(copy.split('\n').length - 1).toBe((await readFile(logPath, 'utf8')).split('\n').length - 1);
      expect(spooled.session.tail.position.end).toBe(Buffer.byteLength(copy));
      expect(errors).toEqual([]);
    } finally {
      await spooled.close();
    }

    const session = await recordedSession(await tempDir());
    const own = await openServedLog(session.logPath, session.store);
    try {
      expect(own.firstPass).toEqual({ done: true });
    } finally {
      await own.close();
    }
  });
});

describe('pnpm replay while the file cannot be read', () => {
  it.each([
    ['our own log', false],
    ['another agent’s transcript (its copy)', true],
  ])('%s: a failed read is told through onFollowError', async (_name, spooled) => {
    const dir = await tempDir();
    const logPath = path.join(dir, 'session.jsonl');
    const errors: unknown[] = [];
    if (spooled) {
      await writeFile(logPath, claudeCodeTranscript(base64Of(screenshot), base64Of(screenshot)));
    } else {
      const session = await recordedSession(await tempDir());
      await session.readImage('red.png');
      await writeFile(logPath, await readFile(session.logPath));
    }
    const server = await start({ logPath, onFollowError: (error) => errors.push(error) });
    expect(server.spooled).toBe(spooled);
    // A folder where the file was: it opens, and every read of it fails.
    await rm(logPath);
    await mkdir(logPath);
    await expect.poll(() => errors.map((error) => (error as NodeJS.ErrnoException).code)).toContain('EISDIR');
  });
});

describe('pnpm replay as a process', () => {
  beforeAll(async () => {
    await ensureViewerBuilt();
  });

  it('says a failed read of the file once, not at every poll', async () => {
    const logPath = path.join(await tempDir(), 'transcript.jsonl');
    await writeFile(logPath, claudeCodeTranscript(base64Of(screenshot), base64Of(screenshot)));
    const server = await startReplay([logPath]);
    try {
      await rm(logPath);
      await mkdir(logPath);
      const said = () =>
        server
          .stderr()
          .split('\n')
          .filter((line) => line.startsWith(`replay: following ${logPath} failed (still trying):`));
      await expect.poll(said).toHaveLength(1);
      expect(said()[0]).toContain('EISDIR');
      // Four polls a second: a few more seconds of the same failure say nothing more.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(said()).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it('a killed server’s temporary folder is removed by the next server; a running server’s folder and a folder of no server are left', async () => {
    const tmp = await tempDir();
    const transcript = path.join(await tempDir(), 'transcript.jsonl');
    await writeFile(transcript, claudeCodeTranscript(base64Of(screenshot), base64Of(screenshot)));
    const killed = await startReplay([transcript], { env: { TMPDIR: tmp } });
    await expect.poll(() => spoolDirsIn(tmp)).toHaveLength(1);
    const [killedFolder = ''] = await spoolDirsIn(tmp);
    expect(killedFolder).toBe(`toolcard-replay-spool-${String(killed.pid)}-${killedFolder.split('-').at(-1) ?? ''}`);
    await killed.kill();
    expect(await readdir(path.join(tmp, killedFolder))).not.toEqual([]);

    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const aliveFolder = `toolcard-replay-spool-${String(alive.pid)}-keep01`;
    await mkdir(path.join(tmp, aliveFolder));
    await mkdir(path.join(tmp, 'toolcard-replay-spool-older'));
    try {
      await inTmpDir(tmp, async () => {
        await start({ logPath: transcript });
        const folders = await spoolDirsIn(tmp);
        expect(folders).not.toContain(killedFolder);
        expect(folders).toEqual(
          expect.arrayContaining([aliveFolder, 'toolcard-replay-spool-older', expect.stringMatching(`^toolcard-replay-spool-${String(process.pid)}-`)]),
        );
        expect(folders).toHaveLength(3);
      });
    } finally {
      alive.kill();
    }
  });
});

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
