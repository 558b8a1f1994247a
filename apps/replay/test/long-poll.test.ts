import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { LogTail } from '../src/server/log-tail.ts';
import { serveLog, type FirstPass } from '../src/server/log-route.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

/** `GET /api/log` over a finished log (it never changes again), long polls of `longPollMs`. */
async function finishedLogServer(longPollMs: number, firstPass: () => FirstPass = () => ({ done: true })) {
  const file = path.join(await tempDir(), 'session.jsonl');
  await writeFile(file, '{"type":"session"}\n');
  const tail = new LogTail(file);
  await tail.poll();
  const server = http.createServer((req, res) => void serveLog(req, res, tail, firstPass, longPollMs));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const upToDate = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/log?generation=0&offset=${String(tail.position.end)}`;
  return { tail, upToDate };
}

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('a long poll the viewer gives up', () => {
  it('leaves neither its wait nor its timer behind on a log that never changes', async () => {
    const { tail, upToDate: url } = await finishedLogServer(60_000);
    const upToDate = `${url}&caught-up=1`;
    const timersBefore = timers();
    for (let poll = 0; poll < 50; poll += 1) {
      const request = new AbortController();
      const answered = fetch(upToDate, { signal: request.signal }).catch(() => 'aborted');
      await until(() => tail.waiting === 1);
      request.abort();
      await expect(answered).resolves.toBe('aborted');
      await until(() => tail.waiting === 0);
    }
    expect(tail.waiting).toBe(0);
    // Other timers of the process may end meanwhile: none of the 50 polls' may remain.
    expect(timers()).toBeLessThanOrEqual(timersBefore);
  });

  it('still answers with no bytes when the wait runs out, and leaves nothing behind', async () => {
    const { tail, upToDate } = await finishedLogServer(50);
    const response = await fetch(`${upToDate}&caught-up=1`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(tail.waiting).toBe(0);
  });
});

describe('a long poll of a log whose first pass ends', () => {
  it('is answered at once when the tail is woken, with the caught-up header of that moment', async () => {
    let caughtUp = false;
    const { tail, upToDate } = await finishedLogServer(60_000, () => (caughtUp ? { done: true } : { done: false, read: 120, size: 500 }));
    const before = await fetch(upToDate.replace(/offset=\d+/, 'offset=0'));
    expect(before.headers.get('x-log-caught-up')).toBe('0');
    expect([before.headers.get('x-log-source-read'), before.headers.get('x-log-source-size')]).toEqual(['120', '500']);
    const answered = fetch(`${upToDate}&caught-up=0`);
    await until(() => tail.waiting === 1);
    caughtUp = true;
    tail.wake();
    const response = await answered;
    expect(response.headers.get('x-log-caught-up')).toBe('1');
    expect(response.headers.has('x-log-source-read')).toBe(false);
    expect(await response.text()).toBe('');
  });

  it('answers at once, with no bytes, a request told 0 when the log has been caught up since; holds one told 1', async () => {
    const { tail, upToDate } = await finishedLogServer(60_000);
    const told0 = await fetch(`${upToDate}&caught-up=0`);
    expect(told0.headers.get('x-log-caught-up')).toBe('1');
    expect(await told0.text()).toBe('');
    const told1 = fetch(`${upToDate}&caught-up=1`);
    await until(() => tail.waiting === 1);
    tail.wake();
    expect((await told1).headers.get('x-log-caught-up')).toBe('1');
  });
});
