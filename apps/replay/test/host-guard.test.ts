import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { startReplayServer, type ReplayServer } from '../src/server/replay-server.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();
const running: ReplayServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** The real replay server over a one-line log and a stand-in viewer (its page is all this test asks for). */
async function replayServer(): Promise<number> {
  const dir = await tempDir();
  const viewerDir = path.join(dir, 'viewer');
  await mkdir(viewerDir);
  await writeFile(path.join(viewerDir, 'index.html'), '<!doctype html><title>viewer</title>');
  const logPath = path.join(dir, 'session.jsonl');
  await writeFile(logPath, '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\n');
  const server = await startReplayServer({ logPath, viewerDir, port: 0 });
  running.push(server);
  return Number(new URL(server.url).port);
}

/** `GET /api/info` with exactly these Host header lines; resolves to the status line's code. */
function statusWithHosts(port: number, hosts: readonly string[]): Promise<number> {
  const head = ['GET /api/info HTTP/1.1', 'Connection: close', ...hosts.map((host) => `Host: ${host}`)];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      resolve(Number(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1] ?? 0));
    });
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
  });
}

describe('the replay server answers through the host package’s Host guard', () => {
  it('serves 127.0.0.1, localhost and [::1] on its own port', async () => {
    const port = await replayServer();
    for (const host of [`127.0.0.1:${String(port)}`, `localhost:${String(port)}`, `[::1]:${String(port)}`]) {
      expect(await statusWithHosts(port, [host]), host).toBe(200);
    }
  });

  it('answers 421 to another name or another port (DNS rebinding), and 400 to two Host headers', async () => {
    const port = await replayServer();
    expect(await statusWithHosts(port, [`attacker.example:${String(port)}`])).toBe(421);
    expect(await statusWithHosts(port, [`127.0.0.1:${String(port + 1)}`])).toBe(421);
    expect(await statusWithHosts(port, ['localhost'])).toBe(421);
    expect(await statusWithHosts(port, [`127.0.0.1:${String(port)}`, `attacker.example:${String(port)}`])).toBe(400);
  });
});
