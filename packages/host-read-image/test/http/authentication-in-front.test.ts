import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { createAttachmentHandler, LocalAttachmentStore, matchAttachmentRoute, type AttachmentStore, type SessionLogSource } from '../../src/index.ts';
import { solid } from '../support/test-images.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { imageResult } from './attachment-server.ts';

const tempDir = useTempDirs();
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The app's own users and which sessions each may see (stand-ins for the embedder's auth). */
const USERS = new Map([
  ['cookie-ann', { name: 'ann', sessions: new Set(['ann-1']) }],
  ['cookie-bob', { name: 'bob', sessions: new Set(['bob-1']) }],
]);
const userOf = (req: http.IncomingMessage) => USERS.get(/(?:^|;\s*)sid=([^;]*)/.exec(req.headers.cookie ?? '')?.[1] ?? '');

/** The README's example ("The attachment route: authentication is yours"), through the public exports only. */
function serveWithAuthentication(store: AttachmentStore, sessions: SessionLogSource): http.Server {
  const serveAttachment = createAttachmentHandler({ store, sessions, vary: ['Cookie'] });
  const refuse = (res: http.ServerResponse, status: number) => res.writeHead(status, { 'Cache-Control': 'no-store' }).end();

  return http.createServer((req, res) => {
    const route = matchAttachmentRoute(req.url ?? '', '');
    if (route.kind === 'elsewhere') return refuse(res, 404); // the rest of your app
    const user = userOf(req);
    if (user === undefined) return refuse(res, 401);
    // 404, not 403: a session the user may not see is one that does not exist, for them.
    if (route.kind === 'attachment' && !user.sessions.has(route.sessionId)) return refuse(res, 404);
    void serveAttachment(req, res);
  });
}

describe("the attachment route behind the app's authentication (README example)", () => {
  it('serves only signed-in users, and only the sessions each may see', async () => {
    const store = new LocalAttachmentStore({ dir: await tempDir() });
    const annImage = await solid(2, 2, 'png', '#f00');
    const annRef = await store.saveImage({ data: annImage, name: 'a.png' });
    const bobRef = await store.saveImage({ data: await solid(2, 2, 'png', '#00f'), name: 'b.png' });
    const logs = new Map([
      ['ann-1', `{"type":"session"}\n${JSON.stringify({ type: 'tool/result', data: { message: imageResult(annRef) } })}\n`],
      ['bob-1', `{"type":"session"}\n${JSON.stringify({ type: 'tool/result', data: { message: imageResult(bobRef) } })}\n`],
    ]);
    const logReads: string[] = [];
    const server = serveWithAuthentication(store, { readLog: (id) => (logReads.push(id), Promise.resolve(logs.get(id))) });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (session: string, id: string, cookie?: string) =>
      fetch(`http://127.0.0.1:${port}/sessions/${session}/attachments/${encodeURIComponent(id)}`, {
        headers: cookie === undefined ? {} : { Cookie: `theme=dark; sid=${cookie}` },
      });

    expect((await get('ann-1', annRef.attachmentId)).status).toBe(401);
    expect((await get('ann-1', annRef.attachmentId, 'forged')).status).toBe(401);
    expect((await get('bob-1', bobRef.attachmentId, 'cookie-ann')).status).toBe(404);
    expect(logReads).toEqual([]);

    const served = await get('ann-1', annRef.attachmentId, 'cookie-ann');
    expect(served.status).toBe(200);
    expect(served.headers.get('vary')).toBe('Cookie');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(annImage);
    expect((await get('ann-1', bobRef.attachmentId, 'cookie-ann')).status).toBe(404);
    expect(logReads).toEqual(['ann-1', 'ann-1']);
  });
});
