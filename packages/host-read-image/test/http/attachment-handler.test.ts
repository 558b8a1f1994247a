import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAttachmentHandler } from '../../src/http/attachment-handler.ts';
import { directorySessionSource } from '../../src/http/session-source.ts';
import type { SessionRecorder } from '../../src/log/session-recorder.ts';
import type { AttachmentRef } from '../../src/seams/attachment-store.ts';
import type { ToolResult } from '../../src/seams/tool.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { StoreLayout } from '../../src/store/local/store-layout.ts';
import { S3AttachmentStore } from '../../src/store/s3/s3-attachment-store.ts';
import { rawExchange } from '../support/raw-exchange.ts';
import { startS3Server } from '../support/s3-server.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { solid } from '../support/test-images.ts';
import { imageResult, recordTopLevel, useAttachmentServers } from './attachment-server.ts';

const tempDir = useTempDirs();
const startServer = useAttachmentServers();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NOT_FOUND_BODY = 'Not found\n';

/** Session scripts, each referencing `ref` in one place of the log only. */
const scripts = {
  topLevel: recordTopLevel,
  /** The program received the image block; nothing was deferred. */
  async nestedOnly(recorder: SessionRecorder, ref: AttachmentRef) {
    await recordProgram(recorder, () => Promise.resolve(imageResult(ref)));
  },
  /** The program received only a text value; the image travels in the deferred user message. */
  async deferredOnly(recorder: SessionRecorder, ref: AttachmentRef) {
    await recordProgram(recorder, () =>
      Promise.resolve({
        content: [{ type: 'text', text: JSON.stringify({ path: '/work/red.png' }) }],
        isError: false,
        deferred: [{ role: 'user', ...imageResult(ref), source: { kind: 'ptc-mode' } }],
      }),
    );
    await recorder.endStep(1, 1);
    await recorder.startStep(1, 2);
  },
};

async function recordProgram(recorder: SessionRecorder, nested: () => Promise<ToolResult>): Promise<void> {
  await recorder.recordStep({
    turn: 1,
    step: 1,
    calls: [{ callId: 'code-1', name: 'run_code', arguments: '{"code":"…"}' }],
    execute: async () => {
      const dispatch = { rootCallId: 'code-1', parentCallId: 'code-1', subCallId: 'code-1.1', name: 'read_image' };
      await recorder.recordNestedDispatch({ ...dispatch, arguments: { file_path: 'red.png' } }, nested);
      return { content: [{ type: 'text', text: 'program done' }], isError: false };
    },
  });
}

/** Status and body text of a request whose target goes on the wire exactly as written. */
async function rawRequest(port: number, target: string) {
  const response = await rawExchange(port, { target });
  return { status: response?.status, body: response?.body.toString('utf8') };
}

const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive']);

/** Response headers without the ones node:http adds to every response. */
function ownHeaders(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
}

describe('attachment handler: serves what the session log references', () => {
  it('serves a top-level result image with the stored bytes and the exact headers', async () => {
    const { save, record, url } = await startServer();
    const { data, ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));

    const response = await fetch(url('top', ref.attachmentId));

    expect(response.status).toBe(200);
    expect(ownHeaders(response)).toEqual({
      'content-type': 'image/png',
      'content-length': String(data.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=31536000, immutable',
      vary: 'Authorization, Cookie',
      'accept-ranges': 'none',
      'content-security-policy': "default-src 'none'",
      etag: `"${ref.attachmentId}"`,
    });
    expect(Buffer.from(await response.arrayBuffer())).toEqual(data);
  });

  it('serves an image referenced only by a nested dispatch result', async () => {
    const { save, record, url } = await startServer();
    const { ref } = await save('#00f');
    await record('nested', (recorder) => scripts.nestedOnly(recorder, ref));

    expect((await fetch(url('nested', ref.attachmentId))).status).toBe(200);
  });

  it('serves an image referenced only by a deferred user message', async () => {
    const { save, record, url, logsDir } = await startServer();
    const { ref } = await save('#0f0');
    await record('deferred', (recorder) => scripts.deferredOnly(recorder, ref));
    const log = await readFile(path.join(logsDir, 'deferred.jsonl'), 'utf8');
    const referencingTypes = log
      .split('\n')
      .filter((line) => line.includes(ref.attachmentId))
      .map((line) => (JSON.parse(line) as { type: string }).type);
    expect(referencingTypes).toEqual(['agent/inbox/spliced', 'user/message']);

    expect((await fetch(url('deferred', ref.attachmentId))).status).toBe(200);
  });

  it('tolerates malformed and truncated lines around a reference', async () => {
    const { save, url, logsDir } = await startServer();
    const { ref } = await save('#f00');
    const image = JSON.stringify({ type: 'image', attachment: ref });
    await writeFile(path.join(logsDir, 'messy.jsonl'), `not json\n{"type":"x","data":[${image}]}\n{"type":"tool/res`);

    expect((await fetch(url('messy', ref.attachmentId))).status).toBe(200);
  });

  it('sees references a growing log gains after an earlier request', async () => {
    const { save, record, url } = await startServer();
    const first = await save('#f00');
    const later = await save('#00f');
    const recorder = await record('growing', (r) => scripts.topLevel(r, first.ref));
    expect((await fetch(url('growing', first.ref.attachmentId))).status).toBe(200);
    expect((await fetch(url('growing', later.ref.attachmentId))).status).toBe(404);

    await scripts.topLevel(recorder, later.ref);

    expect((await fetch(url('growing', later.ref.attachmentId))).status).toBe(200);
  });

  it('mounts under a base path', async () => {
    const { save, record, url } = await startServer({ basePath: '/api/' });
    const { ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));

    expect((await fetch(url('top', ref.attachmentId, '/api'))).status).toBe(200);
    expect((await fetch(url('top', ref.attachmentId))).status).toBe(404);
  });
});

describe('attachment handler: refuses without leaking existence', () => {
  it('answers 404 with one body for unreferenced, other-session, unknown-session and missing objects', async () => {
    const { save, record, url, storeReads } = await startServer();
    const { ref } = await save('#f00');
    const other = await save('#00f');
    await record('mine', (recorder) => scripts.topLevel(recorder, ref));
    await record('theirs', (recorder) => scripts.topLevel(recorder, other.ref));
    const neverStored = { ...ref, attachmentId: `sha256:${'0'.repeat(64)}` };
    const otherStoreId = { ...ref, attachmentId: 'other-store:42' };
    await record('dangling', async (recorder) => {
      await scripts.topLevel(recorder, neverStored);
      await scripts.topLevel(recorder, otherStoreId);
    });

    const refusals = [
      url('mine', other.ref.attachmentId), // in the store, referenced by another session only
      url('theirs', ref.attachmentId),
      url('nobody', ref.attachmentId), // unknown session
      url('dangling', neverStored.attachmentId), // referenced, store: ATTACHMENT_NOT_FOUND
      url('dangling', otherStoreId.attachmentId), // referenced, store: INVALID_ATTACHMENT_REF
    ];
    for (const target of refusals) {
      const response = await fetch(target);
      expect({ target, status: response.status, body: await response.text() }).toEqual({
        target,
        status: 404,
        body: NOT_FOUND_BODY,
      });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(storeReads).toEqual([neverStored.attachmentId, otherStoreId.attachmentId]);
  });

  it('refuses ids that are not plain tokens with 400 before touching the session source or the store', async () => {
    const { port, save, record, sessionReads, storeReads } = await startServer();
    const { ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));
    const id = ref.attachmentId;
    const targets = [
      '/sessions/top/attachments/../x',
      '/sessions/top/attachments/..%2Fx',
      '/sessions/top/attachments/%2e%2e',
      '/sessions/top/attachments/a..b',
      '/sessions/top/attachments/',
      '/sessions/top/attachments/a%20b',
      '/sessions/top/attachments/%zz',
      '/sessions/top/attachments/%252e%252e',
      '/sessions/top/attachments/%2561', // decoded twice it would be the valid token "a"
      `/sessions/top/attachments/${'a'.repeat(201)}`,
      `/sessions/../attachments/${id}`,
      `/sessions/%2e%2e/attachments/${id}`,
      `/sessions//attachments/${id}`,
      `/sessions/a%2Fb/attachments/${id}`,
      `/sessions/${'s'.repeat(201)}/attachments/${id}`,
    ];
    for (const target of targets) {
      expect({ target, ...(await rawRequest(port, target)) }).toEqual({
        target,
        status: 400,
        body: 'Bad request: malformed id\n',
      });
    }
    expect(sessionReads).toEqual([]);
    expect(storeReads).toEqual([]);
    expect((await rawRequest(port, `/sessions/top/attachments/${'a'.repeat(200)}`)).status).toBe(404);
  });

  it('answers a corrupt object with 500 and a plain message, and reports the store error with the request', async () => {
    const reported = reportedErrors();
    const { save, record, url, storeDir } = await startServer({ onError: reported.onError });
    const { ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));
    const digest = ref.attachmentId.slice('sha256:'.length);
    await writeFile(new StoreLayout(storeDir).object(digest), 'not the object any more');

    const response = await fetch(url('top', ref.attachmentId));

    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('The stored attachment is corrupt\n');
    expect(reported.calls).toEqual([{ code: 'ATTACHMENT_CORRUPT', request: `GET /sessions/top/attachments/${encodeURIComponent(ref.attachmentId)}` }]);
  });

  it('answers a failing session source with a plain 500 instead of crashing, and reports the cause with the request', async () => {
    const reported = reportedErrors();
    const { save, url, logsDir } = await startServer({ onError: reported.onError });
    const { ref } = await save('#f00');
    await mkdir(path.join(logsDir, 'unreadable.jsonl'));

    const response = await fetch(url('unreadable', ref.attachmentId));

    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Internal server error\n');
    expect(reported.calls).toEqual([{ code: 'EISDIR', request: `GET /sessions/unreadable/attachments/${encodeURIComponent(ref.attachmentId)}` }]);
  });

  it('reports nothing for what it answers itself: served, not modified, refused, not found', async () => {
    const reported = reportedErrors();
    const { save, record, url, port } = await startServer({ onError: reported.onError });
    const { ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));
    expect((await fetch(url('top', ref.attachmentId))).status).toBe(200);
    expect((await fetch(url('top', ref.attachmentId), { headers: { 'If-None-Match': `"${ref.attachmentId}"` } })).status).toBe(304);
    expect((await fetch(url('top', `sha256:${'0'.repeat(64)}`))).status).toBe(404);
    expect((await fetch(url('nobody', ref.attachmentId))).status).toBe(404);
    expect((await fetch(url('top', ref.attachmentId), { method: 'POST' })).status).toBe(405);
    expect((await rawRequest(port, '/sessions/top/attachments/..%2fx')).status).toBe(400);
    expect(reported.calls).toEqual([]);
  });

  it('still answers 500, to this request and the next, when onError itself throws (the handler never rejects)', async () => {
    const logsDir = await tempDir();
    const store = new LocalAttachmentStore({ dir: await tempDir() });
    cleanups.push(() => {
      store.dispose();
    });
    const ref = await store.saveImage({ data: await solid(2, 2, 'png') });
    await mkdir(path.join(logsDir, 'unreadable.jsonl'));
    const handler = createAttachmentHandler({
      store,
      sessions: directorySessionSource(logsDir),
      onError: () => {
        throw new Error('the reporter is broken');
      },
    });
    const rejections: unknown[] = [];
    const server = http.createServer((req, res) => {
      handler(req, res).catch((error: unknown) => rejections.push(error));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => {
            resolve();
          });
        }),
    );
    const { port } = server.address() as AddressInfo;

    const first = await rawRequest(port, `/sessions/unreadable/attachments/${encodeURIComponent(ref.attachmentId)}`);
    const second = await rawRequest(port, `/sessions/unreadable/attachments/${encodeURIComponent(ref.attachmentId)}`);
    expect([first.status, second.status]).toEqual([500, 500]);
    expect(rejections).toEqual([]);
  });

  it('reports to console.error when no onError is given', async () => {
    const logged: unknown[][] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
    try {
      const { save, url, logsDir } = await startServer();
      const { ref } = await save('#f00');
      await mkdir(path.join(logsDir, 'unreadable.jsonl'));
      expect((await fetch(url('unreadable', ref.attachmentId))).status).toBe(500);
    } finally {
      consoleError.mockRestore();
    }
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[0]).toMatch(/^createAttachmentHandler: GET \/sessions\/unreadable\/attachments\/\S+ failed:$/);
    expect(logged[0]?.[1]).toMatchObject({ code: 'EISDIR' });
  });
});

/** An onError that keeps each report as the error's code and the request's method and target. */
function reportedErrors() {
  const calls: { code: unknown; request: string }[] = [];
  return {
    calls,
    onError: (error: unknown, request: IncomingMessage) => {
      calls.push({ code: (error as { code?: unknown }).code, request: `${String(request.method)} ${String(request.url)}` });
    },
  };
}

describe('attachment handler: a store that cannot be read', () => {
  it('answers 503 with Retry-After and no-store while the S3 server is down', async () => {
    const s3 = await startS3Server();
    let s3Running = true;
    cleanups.push(async () => {
      if (s3Running) await s3.stop();
    });
    const store = new S3AttachmentStore({ bucket: s3.bucket, prefix: 'route', client: s3.clientConfig() });
    cleanups.push(() => {
      store.dispose();
    });
    const reported = reportedErrors();
    const { save, record, url } = await startServer({ store, onError: reported.onError });
    const { data, ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));
    const served = await fetch(url('top', ref.attachmentId));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);

    await s3.stop();
    s3Running = false;
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(url('top', ref.attachmentId), { method });
      expect({ method, status: response.status, ...ownHeaders(response) }).toEqual({
        method,
        status: 503,
        'retry-after': '5',
        'cache-control': 'no-store',
        'content-type': 'text/plain; charset=utf-8',
        'content-length': '55',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      });
      expect(await response.text()).toBe(method === 'GET' ? 'The attachment store is unavailable; try again shortly\n' : '');
    }
    const target = `/sessions/top/attachments/${encodeURIComponent(ref.attachmentId)}`;
    expect(reported.calls).toEqual([
      { code: 'ATTACHMENT_READ_FAILED', request: `GET ${target}` },
      { code: 'ATTACHMENT_READ_FAILED', request: `HEAD ${target}` },
    ]);
  });
});

describe('attachment handler: HTTP semantics', () => {
  it('answers HEAD with the GET headers and no body', async () => {
    const { save, record, url } = await startServer();
    const { data, ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));

    const head = await fetch(url('top', ref.attachmentId), { method: 'HEAD' });
    const get = await fetch(url('top', ref.attachmentId));

    expect(head.status).toBe(200);
    expect(ownHeaders(head)).toEqual(ownHeaders(get));
    expect(head.headers.get('content-length')).toBe(String(data.length));
    expect(await head.text()).toBe('');
  });

  it('answers a matching If-None-Match with 304', async () => {
    const { save, record, url } = await startServer();
    const { ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));
    const etag = `"${ref.attachmentId}"`;

    const served = ownHeaders(await fetch(url('top', ref.attachmentId)));
    for (const method of ['GET', 'HEAD']) {
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const response = await fetch(url('top', ref.attachmentId), { method, headers: { 'If-None-Match': ifNoneMatch } });
        expect({ method, ifNoneMatch, status: response.status }).toEqual({ method, ifNoneMatch, status: 304 });
        // A 304 carries the validator and caching headers the 200 carries (RFC 9110 §15.4.5).
        expect(ownHeaders(response)).toMatchObject({
          etag,
          'cache-control': served['cache-control'],
          vary: served.vary,
        });
        expect(await response.text()).toBe('');
      }
    }
    const stale = await fetch(url('top', ref.attachmentId), { headers: { 'If-None-Match': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it('answers a precondition only where a plain GET is 200: a referenced id the store lost is 404 whatever the validators say', async () => {
    const { save, record, url } = await startServer();
    const { ref } = await save('#f00');
    const lost = { ...ref, attachmentId: `sha256:${'0'.repeat(64)}` };
    await record('dangling', (recorder) => scripts.topLevel(recorder, lost));
    for (const headers of [{ 'If-None-Match': `"${lost.attachmentId}"` }, { 'If-None-Match': '*' }, { 'If-Match': '"other"' }, {}]) {
      expect({ headers, status: (await fetch(url('dangling', lost.attachmentId), { headers })).status }).toEqual({ headers, status: 404 });
    }
  });

  it('answers If-Match with another tag 412, and with its own tag or * the object', async () => {
    const { save, record, url } = await startServer();
    const { data, ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));
    const etag = `"${ref.attachmentId}"`;
    for (const ifMatch of ['"other"', `W/${etag}`]) {
      const refused = await fetch(url('top', ref.attachmentId), { headers: { 'If-Match': ifMatch } });
      expect({ ifMatch, status: refused.status, cache: refused.headers.get('cache-control') }).toEqual({ ifMatch, status: 412, cache: 'no-store' });
    }
    for (const ifMatch of [etag, '*', `"other", ${etag}`]) {
      const served = await fetch(url('top', ref.attachmentId), { headers: { 'If-Match': ifMatch } });
      expect({ ifMatch, status: served.status }).toEqual({ ifMatch, status: 200 });
      expect(Buffer.from(await served.arrayBuffer())).toEqual(data);
    }
  });

  it('ignores Range: every request gets the whole object with 200 and Accept-Ranges: none', async () => {
    const { save, record, url } = await startServer();
    const { data, ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));

    const ranges = ['bytes=0-9', 'bytes=-5', 'bytes=5-', 'bytes=0-0,2-3', `bytes=${data.length + 100}-`, 'bytes=x', 'items=0-1'];
    for (const range of ranges) {
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(url('top', ref.attachmentId), { method, headers: { Range: range, 'If-Range': `"${ref.attachmentId}"` } });
        expect({ range, method, status: response.status }).toEqual({ range, method, status: 200 });
        expect(response.headers.get('accept-ranges')).toBe('none');
        expect(response.headers.get('content-range')).toBeNull();
        expect(response.headers.get('content-length')).toBe(String(data.length));
        const body = Buffer.from(await response.arrayBuffer());
        expect(body).toEqual(method === 'GET' ? data : Buffer.alloc(0));
      }
    }
  });

  it("sends Vary with the request headers the embedder's authentication reads", async () => {
    const cases = [
      { vary: undefined, expected: 'Authorization, Cookie' },
      { vary: ['X-Api-Key'], expected: 'X-Api-Key' },
      { vary: [], expected: null },
    ];
    for (const { vary, expected } of cases) {
      const { save, record, url } = await startServer(vary === undefined ? {} : { vary });
      const { ref } = await save('#f00');
      await record('top', (recorder) => scripts.topLevel(recorder, ref));

      const served = await fetch(url('top', ref.attachmentId));
      const revalidated = await fetch(url('top', ref.attachmentId), { headers: { 'If-None-Match': `"${ref.attachmentId}"` } });
      const refused = await fetch(url('top', 'sha256:unreferenced'));

      expect({ vary, served: served.headers.get('vary'), revalidated: revalidated.headers.get('vary') }).toEqual({
        vary,
        served: expected,
        revalidated: expected,
      });
      // Refusals are never stored by any cache, so there is nothing for Vary to key.
      expect(refused.headers.get('vary')).toBeNull();
    }
  });

  it('refuses a vary option that is not a list of header names when the handler is made', () => {
    const store = new LocalAttachmentStore({ dir: '/nonexistent' });
    const sessions = { readLog: () => Promise.resolve(undefined) };
    for (const name of ['', 'X Y', 'Cookie\r\nSet-Cookie: a=b', 'é']) {
      expect(() => createAttachmentHandler({ store, sessions, vary: ['Cookie', name] }), name).toThrow(
        `createAttachmentHandler: option vary[1] must be an HTTP header name, got ${JSON.stringify(name)}.`,
      );
    }
  });

  it('never marks any response public', async () => {
    const { save, record, url, origin } = await startServer();
    const { ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));
    const answers = [
      await fetch(url('top', ref.attachmentId)),
      await fetch(url('top', ref.attachmentId), { headers: { 'If-None-Match': '*' } }),
      await fetch(url('top', 'sha256:unreferenced')),
      await fetch(`${origin}/sessions/top/attachments/a%2Fb`),
      await fetch(url('top', ref.attachmentId), { method: 'POST' }),
    ];
    expect(answers.map((response) => [response.status, response.headers.get('cache-control')])).toEqual([
      [200, 'private, max-age=31536000, immutable'],
      [304, 'private, max-age=31536000, immutable'],
      [404, 'no-store'],
      [400, 'no-store'],
      [405, 'no-store'],
    ]);
  });

  it('accepts an absolute-form request target (what a proxy sends)', async () => {
    const { port, save, record } = await startServer();
    const { data, ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));
    const target = `http://127.0.0.1:${port}/sessions/top/attachments/${encodeURIComponent(ref.attachmentId)}`;

    const response = await rawExchange(port, { target });

    expect(response?.status).toBe(200);
    expect(response?.body).toEqual(data);
    expect((await rawRequest(port, `http://127.0.0.1:${port}/sessions/top/attachments/%2e%2e`)).status).toBe(400);
  });

  it('does not answer 304 for an id the session does not reference', async () => {
    const { save, url } = await startServer();
    const { ref } = await save('#f00');
    const response = await fetch(url('nobody', ref.attachmentId), { headers: { 'If-None-Match': '*' } });
    expect(response.status).toBe(404);
  });

  it('answers other methods with 405 and Allow', async () => {
    const { save, record, url, sessionReads } = await startServer();
    const { ref } = await save('#f00');
    await record('top', (recorder) => scripts.topLevel(recorder, ref));

    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await fetch(url('top', ref.attachmentId), { method });
      expect({ method, status: response.status, allow: response.headers.get('allow') }).toEqual({
        method,
        status: 405,
        allow: 'GET, HEAD',
      });
    }
    expect(sessionReads).toEqual([]);
  });

  it('answers paths outside the route with 404', async () => {
    const { origin } = await startServer();
    for (const target of ['/', '/sessions/top', '/sessions/top/files/x', '/other/sessions/top/attachments/x']) {
      expect((await fetch(`${origin}${target}`)).status).toBe(404);
    }
  });
});

describe('attachment handler: a source that tracks referenced ids itself', () => {
  it('asks the source for the ids and never reads the log', async () => {
    const store = new LocalAttachmentStore({ dir: await tempDir() });
    cleanups.push(() => {
      store.dispose();
    });
    const data = await solid(2, 2, 'png', '#f00');
    const referencedRef = await store.saveImage({ data, name: 'red.png' });
    const unreferencedRef = await store.saveImage({ data: await solid(2, 2, 'png', '#00f'), name: 'blue.png' });
    const tracked = new Set([referencedRef.attachmentId]);
    const asked: string[] = [];
    const handler = createAttachmentHandler({
      store,
      sessions: {
        readLog: () => Promise.reject(new Error('the log must not be read')),
        referencedIds: (sessionId) => (asked.push(sessionId), Promise.resolve(sessionId === 'live' ? tracked : undefined)),
      },
    });
    const server = http.createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) =>
          server.close(() => {
            resolve();
          }),
        ),
    );
    const { port } = server.address() as AddressInfo;
    const url = (sessionId: string, attachmentId: string) => `http://127.0.0.1:${port}/sessions/${sessionId}/attachments/${encodeURIComponent(attachmentId)}`;

    const served = await fetch(url('live', referencedRef.attachmentId));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(data);
    expect((await fetch(url('live', unreferencedRef.attachmentId))).status).toBe(404);
    expect((await fetch(url('other', referencedRef.attachmentId))).status).toBe(404);
    expect(asked).toEqual(['live', 'live', 'other']);
  });
});
