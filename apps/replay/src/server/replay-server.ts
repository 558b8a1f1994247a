import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { createAttachmentHandler, createHostGuard, LocalAttachmentStore, type AttachmentHandler } from '@toolcard/host-read-image';

import { LiveSession } from './live-session.ts';
import { serveLog } from './log-route.ts';
import { loadStaticFiles, serveStatic } from './static-files.ts';

/** Loopback only: the log and its images are whatever QA pointed the command at. */
export const HOST = '127.0.0.1';

export interface ReplayServerOptions {
  readonly logPath: string;
  readonly storeDir?: string;
  readonly port: number;
  /** The built viewer (index.html and assets/). */
  readonly viewerDir: string;
  readonly longPollMs?: number;
}

export interface ReplayServer {
  readonly url: string;
  close(): Promise<void>;
}

/** What the viewer asks first: which file it shows and whether images can load at all. */
export interface ReplayInfo {
  readonly log: string;
  readonly store: boolean;
}

/**
 * The replay server: the built viewer at `/`, the followed log at `/api/log`, and the log's images
 * at `/api/sessions/current/attachments/:id` through the host's own attachment handler, from the
 * store given (every id is 404 without one). The log is read whole before the server listens.
 */
export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const files = await loadStaticFiles(options.viewerDir);
  const session = new LiveSession(options.logPath);
  await session.tail.poll();
  const store = options.storeDir === undefined ? undefined : new LocalAttachmentStore({ dir: options.storeDir });
  const attachments: AttachmentHandler | undefined =
    store === undefined ? undefined : createAttachmentHandler({ store, sessions: session.source, basePath: '/api' });
  const info: ReplayInfo = { log: path.basename(options.logPath), store: store !== undefined };

  const server = http.createServer((req, res) => {
    void route(req, res).catch(() => {
      if (!res.headersSent) plain(res, 500, 'Internal server error');
      else res.destroy();
    });
  });
  // Another name for 127.0.0.1 (DNS rebinding) must not read the log through a victim's browser.
  const admitHost = createHostGuard(server);

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!admitHost(req, res)) return;
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (pathname.startsWith('/api/sessions/')) {
      if (attachments === undefined) plain(res, 404, 'Not found');
      else await attachments(req, res);
      return;
    }
    if (pathname === '/api/log' && req.method === 'GET') {
      await serveLog(req, res, session.tail, options.longPollMs);
      return;
    }
    if (pathname === '/api/info' && req.method === 'GET') {
      json(res, info);
      return;
    }
    if (!serveStatic(req, res, files, pathname)) plain(res, 404, 'Not found');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const stopWatching = session.tail.watch({ onError: () => undefined });

  return {
    url: `http://${HOST}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        stopWatching();
        store?.dispose();
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function plain(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(`${message}\n`);
}

function json(res: http.ServerResponse, value: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify(value));
}
