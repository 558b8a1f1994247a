import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';

import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import { startMcpHttpServer } from '../../src/mcp/mcp-http-server.ts';
import { createReadImageMcpServer } from '../../src/mcp/read-image-mcp-server.ts';
import { ConfigModelResolver } from '../../src/model-routes/config-model-resolver.ts';
import type { AttachmentStore } from '../../src/seams/attachment-store.ts';
import type { FileSystem } from '../../src/seams/file-system.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { rawExchange } from '../support/raw-exchange.ts';
import { listTree, useTempDirs } from '../support/temp-workspace.ts';
import { solid } from '../support/test-images.ts';
import { PACKAGE_DIR, binCommand, expectReadImageListed, expectStoredImageResult, expectToolError, writeFileIn } from './mcp-test-support.ts';

const { version: packageVersion } = JSON.parse(await readFile(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string };
const ROUTE = { provider: 'test', model: 'vision' };
const TOKEN = 'correct-horse-battery-staple';
const tempDir = useTempDirs();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function workspace() {
  const root = await tempDir();
  const store = await tempDir();
  await writeFileIn(root, 'shots/red.png', await solid(3, 2, 'png'));
  return { root, store };
}

/** The MCP server in this process on a loopback port, over the real store and file system (or FS). */
async function serve(options: { root: string; store: string; token?: string; modalities?: string[]; fs?: FileSystem; attachments?: AttachmentStore }) {
  const deps = {
    fs: options.fs ?? new LocalFileSystem({ roots: [options.root] }),
    attachments: options.attachments ?? new LocalAttachmentStore({ dir: options.store }),
    models: new ConfigModelResolver([{ ...ROUTE, inputModalities: options.modalities ?? ['text', 'image'] }]),
    cwd: options.root,
    route: ROUTE,
  };
  const running = await startMcpHttpServer({
    createMcpServer: () => createReadImageMcpServer(deps),
    ...(options.token === undefined ? {} : { token: options.token }),
  });
  cleanups.push(() => running.close());
  return running;
}

async function connect(url: URL, token?: string): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  const headers: Record<string, string> = token === undefined ? {} : { Authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  cleanups.push(() => client.close());
  return client;
}

/** A bare initialize POST, to see the HTTP status a client gets. */
function initialize(url: URL, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    }),
  });
}

describe('read_image over Streamable HTTP on loopback', () => {
  it('binds 127.0.0.1, lists read_image with its schema and returns the envelope and the stored image', async () => {
    const { root, store } = await workspace();
    const running = await serve({ root, store, token: TOKEN });
    expect(running.url.hostname).toBe('127.0.0.1');

    const client = await connect(running.url, TOKEN);
    expect(client.getServerVersion()).toEqual({ name: 'toolcard-read-image', version: packageVersion });
    await expectReadImageListed(client);
    const result = (await client.callTool({ name: 'read_image', arguments: { file_path: 'shots/red.png' } })) as CallToolResult;
    await expectStoredImageResult(result, store, path.join(root, 'shots/red.png'));
  });

  it('returns a refusal as a tool error', async () => {
    const { root, store } = await workspace();
    const running = await serve({ root, store, modalities: ['text'] });
    const client = await connect(running.url);
    const result = (await client.callTool({ name: 'read_image', arguments: { file_path: 'shots/red.png' } })) as CallToolResult;
    expectToolError(result, 'model "vision" does not declare image input', { name: 'ReadImageError', code: 'MODEL_NO_IMAGE_INPUT' });
    expect(await listTree(path.join(store, 'objects'))).toEqual([]);
  });

  it('answers 401 with WWW-Authenticate: Bearer to a missing or wrong token, and serves the right one', async () => {
    const { root, store } = await workspace();
    const running = await serve({ root, store, token: TOKEN });
    for (const headers of [{}, { Authorization: 'Bearer wrong' }, { Authorization: `Bearer ${TOKEN}x` }, { Authorization: TOKEN }]) {
      const response = await initialize(running.url, headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
    await expect(connect(running.url, 'wrong')).rejects.toThrow(/Unauthorized/);
    const ok = await initialize(running.url, { Authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 to an unknown session and 400 to a request that neither opens nor names one', async () => {
    const { root, store } = await workspace();
    const running = await serve({ root, store });
    const unknown = await fetch(running.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': 'no-such-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(unknown.status).toBe(404);
    const sessionless = await fetch(running.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(sessionless.status).toBe(400);
    expect((await fetch(running.url)).status).toBe(400);
    expect((await fetch(new URL('/elsewhere', running.url))).status).toBe(404);
  });

  it('answers only requests whose one Host header names a loopback host and its port (DNS rebinding): the package Host guard', async () => {
    const { root, store } = await workspace();
    const running = await serve({ root, store });
    const port = Number(running.url.port);
    const answer = async (hosts: string[]) => {
      const response = await rawExchange(port, { target: '/mcp', hosts });
      return `${String(response?.status)} ${response?.body.toString('utf8').trim() ?? ''}`;
    };
    const misdirected = /^421 Misdirected request: this server answers only to 127\.0\.0\.1, localhost or \[::1\] on port \d+/;
    expect(await answer([`evil.example:${String(port)}`])).toMatch(misdirected);
    expect(await answer([`127.0.0.1:${String(port + 1)}`])).toMatch(misdirected);
    expect(await answer(['localhost'])).toMatch(misdirected);
    expect(await answer([`127.0.0.1:${String(port)}`, `evil.example:${String(port)}`])).toBe('400 Bad request: more than one Host header');
    expect(await answer([`127.0.0.1:${String(port)}`, `127.0.0.1:${String(port)}`])).toBe('400 Bad request: more than one Host header');
    // Past the guard, the MCP endpoint itself answers a GET without a session.
    for (const host of [`127.0.0.1:${String(port)}`, `localhost:${String(port)}`, `[::1]:${String(port)}`]) {
      expect(await answer([host]), host).toMatch(/^400 [\s\S]*No session/);
    }
    expect((await initialize(running.url)).status).toBe(200);
  });

  it("aborts the read when the client cancels, and leaves nothing in the store's tmp dir", async () => {
    const { root, store } = await workspace();
    const reads = slowReads(new LocalFileSystem({ roots: [root] }), new LocalAttachmentStore({ dir: store }));
    const running = await serve({ root, store, fs: reads.fs, attachments: reads.attachments });
    const client = await connect(running.url);

    const cancel = new AbortController();
    const call = client.callTool({ name: 'read_image', arguments: { file_path: 'shots/red.png' } }, undefined, { signal: cancel.signal });
    const { signal } = await reads.started;
    cancel.abort(new Error('the user stopped it'));
    await expect(call).rejects.toThrow('the user stopped it');
    // The server side learns of the cancellation (notifications/cancelled) through the request's signal...
    if (!(signal instanceof AbortSignal)) throw new Error('the read got no abort signal');
    if (!signal.aborted) await once(signal, 'abort');
    // ...and only then does the real read start, with that signal.
    reads.release();
    await expect(reads.finished).rejects.toMatchObject({ code: 'FS_ABORTED' });
    await reads.writesSettled();

    expect(await listTree(path.join(store, 'tmp'))).toEqual([]);
    expect(await listTree(path.join(store, 'objects'))).toEqual([]);
    // The session is still usable.
    await expectReadImageListed(client);
  });
});

/**
 * A file system whose reads wait until the test releases them, then read for real with the
 * signal the tool passed; and the real store, with its writes tracked so the test can wait
 * for any write a read led to.
 */
function slowReads(local: LocalFileSystem, store: LocalAttachmentStore) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let markStarted!: (value: { signal: AbortSignal | undefined; read: Promise<Uint8Array> }) => void;
  const started = new Promise<{ signal: AbortSignal | undefined; read: Promise<Uint8Array> }>((resolve) => (markStarted = resolve));
  const writes: Promise<unknown>[] = [];
  const fs: FileSystem = {
    resolve: (p, options) => local.resolve(p, options),
    stat: (target, signal) => local.stat(target, signal),
    readBytes: (target, signal, max) => {
      const read = gate.then(() => local.readBytes(target, signal, max));
      markStarted({ signal, read });
      return read;
    },
  };
  const attachments: AttachmentStore = {
    imageLimits: store.imageLimits,
    saveImage: (input, signal) => {
      const write = store.saveImage(input, signal);
      writes.push(write);
      return write;
    },
    readImage: (id, signal) => store.readImage(id, signal),
    onDispose: (listener) => store.onDispose(listener),
  };
  const finished = started.then(({ read }) => read);
  return {
    fs,
    attachments,
    started,
    release,
    finished,
    /** Every store write begun so far, settled (the tool starts one right after a read succeeds). */
    writesSettled: async () => {
      await finished.catch(() => undefined);
      await Promise.allSettled(writes);
    },
  };
}

describe('MCP sessions over HTTP', () => {
  /** A server whose one tool, `wait`, answers when the test says; and a promise per session that settles when it closes. */
  async function serveWaiting(sessions: { sessionIdleMs?: number; maxSessions?: number }) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const closed: Promise<void>[] = [];
    const running = await startMcpHttpServer({
      ...sessions,
      createMcpServer: () => {
        const server = new McpServer({ name: 'waiting', version: '1.0.0' });
        server.registerTool('wait', { description: 'answers when released' }, async () => {
          await gate;
          return { content: [{ type: 'text', text: 'released' }] };
        });
        closed.push(new Promise((resolve) => (server.server.onclose = resolve)));
        return server;
      },
    });
    cleanups.push(() => running.close());
    return { running, release, closed };
  }

  async function connectTransport(url: URL) {
    const client = new Client({ name: 'session-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(url);
    await client.connect(transport);
    cleanups.push(() => client.close());
    return { client, transport };
  }

  it('closes the session of a client that went away without DELETE once idle for sessionIdleMs: 404 then, and a new session works', async () => {
    const { running, closed } = await serveWaiting({ sessionIdleMs: 100 });
    const { client, transport } = await connectTransport(running.url);
    await client.listTools();
    const sessionId = transport.sessionId ?? '';
    // Drops the client's connections (its SSE stream too) without ending the session.
    await client.close();
    await closed[0];

    const late = await fetch(running.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': sessionId },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(late.status).toBe(404);
    const fresh = await connectTransport(running.url);
    expect((await fresh.client.listTools()).tools.map((tool) => tool.name)).toEqual(['wait']);
  });

  it('keeps the session of a connected client (its SSE stream, a running call) past the idle time', async () => {
    const { running, release, closed } = await serveWaiting({ sessionIdleMs: 50 });
    const { client } = await connectTransport(running.url);
    const call = client.callTool({ name: 'wait', arguments: {} });
    let sessionClosed = false;
    void closed[0]?.then(() => (sessionClosed = true));
    // Ten idle periods (and sweeps) with the client's responses open.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sessionClosed).toBe(false);
    release();
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'released' }] });
  });

  it('answers 503 with Retry-After to an initialize beyond maxSessions, and opens one again once a session ends', async () => {
    const { running } = await serveWaiting({ maxSessions: 1 });
    const first = await connectTransport(running.url);
    const refused = await initialize(running.url);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({ error: { message: 'Too many sessions (1 open): try again later' } });

    await first.transport.terminateSession();
    expect((await initialize(running.url)).status).toBe(200);
  });
});

describe('toolcard-mcp --http', () => {
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child?.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('refuses to bind beyond loopback without a token, before listening', async () => {
    const { root, store } = await workspace();
    const { command, args, cwd } = binCommand(['--root', root, '--store', store, '--http', '--host', '0.0.0.0']);
    const env = { ...process.env };
    delete env.TOOLCARD_MCP_TOKEN;
    const server = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env });
    child = server;
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(server, 'exit')) as [number];
    expect(code).toBe(2);
    expect(stderr).toContain('toolcard-mcp: --host 0.0.0.0 serves beyond this machine: require a token');
  });

  it('serves read_image on 127.0.0.1 with the token from --token-file, 401 without it', async () => {
    const { root, store } = await workspace();
    const tokenFile = path.join(await tempDir(), 'token');
    await writeFile(tokenFile, `${TOKEN}\n`);
    const { command, args, cwd } = binCommand(['--root', root, '--store', store, '--http', '--token-file', tokenFile]);
    const server = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    child = server;
    const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
    const url = new URL(/listening on (\S+)/.exec(line)?.[1] ?? 'http://invalid');
    expect(url.hostname).toBe('127.0.0.1');

    expect((await initialize(url)).status).toBe(401);
    const client = await connect(url, TOKEN);
    await expectReadImageListed(client);
    const result = (await client.callTool({ name: 'read_image', arguments: { file_path: 'shots/red.png' } })) as CallToolResult;
    await expectStoredImageResult(result, store, path.join(root, 'shots/red.png'));
  });
});
