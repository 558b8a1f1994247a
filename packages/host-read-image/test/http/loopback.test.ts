import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { createHostGuard, hostRefusal, isLoopbackHost } from '../../src/http/loopback.ts';
import { rawExchange } from '../support/raw-exchange.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A real server on 127.0.0.1 whose only handler is the guard, then 204. */
async function guardedServer(): Promise<number> {
  const server = http.createServer((req, res) => {
    if (admitHost(req, res)) res.writeHead(204).end();
  });
  const admitHost = createHostGuard(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function answer(port: number, hosts: string[]): Promise<string> {
  const response = await rawExchange(port, { target: '/', hosts });
  return `${String(response?.status)} ${response?.body.toString('utf8').trim() ?? ''}`.trim();
}

describe('createHostGuard on a loopback bind', () => {
  it('admits a loopback name with the server’s port, however the name is spelt', async () => {
    const port = await guardedServer();
    for (const name of ['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]', '[0:0:0:0:0:0:0:1]', '127.1']) {
      expect(await answer(port, [`${name}:${String(port)}`]), name).toBe('204');
    }
  });

  it('answers 421 to another name, another port or no port, with no-store and nosniff', async () => {
    const port = await guardedServer();
    for (const host of [
      `evil.example:${String(port)}`,
      `127.0.0.2:${String(port)}`,
      `127.0.0.1:${String(port + 1)}`,
      '127.0.0.1',
      `localhost.:${String(port)}`,
    ]) {
      const response = await rawExchange(port, { target: '/', hosts: [host] });
      expect(response?.status, host).toBe(421);
      expect(response?.headers['cache-control']).toBe('no-store');
      expect(response?.headers['x-content-type-options']).toBe('nosniff');
      expect(response?.body.toString('utf8')).toBe(
        `Misdirected request: this server answers only to 127.0.0.1, localhost or [::1] on port ${String(port)}; use the URL it printed\n`,
      );
    }
  });

  it('answers 400 to two Host headers, even when the first one is right (node:http would keep only the first)', async () => {
    const port = await guardedServer();
    expect(await answer(port, [`127.0.0.1:${String(port)}`, `evil.example:${String(port)}`])).toBe('400 Bad request: more than one Host header');
    expect(await answer(port, [`127.0.0.1:${String(port)}`, `127.0.0.1:${String(port)}`])).toBe('400 Bad request: more than one Host header');
  });

  it('answers 400 to a Host that is not a host name', async () => {
    const port = await guardedServer();
    for (const host of [`127.0.0.1:${String(port)}/x`, `user@127.0.0.1:${String(port)}`, `127.0.0.1:${String(port)} extra`]) {
      expect(await answer(port, [host]), host).toBe('400 Bad request: the Host header is not a host name');
    }
  });
});

describe('hostRefusal', () => {
  const loopback = { address: '127.0.0.1', family: 'IPv4', port: 8080 };
  const everywhere = { address: '0.0.0.0', family: 'IPv4', port: 8080 };

  it('on a bind beyond loopback, admits any one valid Host (a token guards such a server) but still refuses none, two or a malformed one', () => {
    expect(hostRefusal(['Host', 'agents.example.com'], everywhere)).toBeUndefined();
    expect(hostRefusal(['Host', 'agents.example.com:9999'], everywhere)).toBeUndefined();
    expect(hostRefusal([], everywhere)).toEqual({ status: 400, message: 'Bad request: no Host header' });
    expect(hostRefusal(['host', 'a.example', 'HOST', 'b.example'], everywhere)?.status).toBe(400);
    expect(hostRefusal(['Host', 'a b'], everywhere)?.status).toBe(400);
  });

  it('on a loopback bind, counts Host lines whatever their case and ignores other headers', () => {
    expect(hostRefusal(['Accept', '*/*', 'hOsT', 'localhost:8080'], loopback)).toBeUndefined();
    expect(hostRefusal(['X-Host', 'evil.example', 'Host', 'localhost:8080'], loopback)).toBeUndefined();
    expect(hostRefusal(['Host', 'localhost:8080', 'Host', 'localhost:8080'], loopback)?.status).toBe(400);
  });
});

describe('isLoopbackHost', () => {
  it('tells loopback bind addresses from the others', () => {
    expect(['127.0.0.1', 'localhost', '::1'].map(isLoopbackHost)).toEqual([true, true, true]);
    expect(['0.0.0.0', '::', '192.168.1.2', 'example.com'].map(isLoopbackHost)).toEqual([false, false, false, false]);
  });
});
