import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { createHostGuard, type AttachmentHandler } from '@toolcard/host-read-image';

import { serveLog } from './log-route.ts';
import { createReplayAttachmentHandler } from './replay-attachments.ts';
import { openServedLog } from './served-log.ts';
import { loadStaticFiles, serveStatic } from './static-files.ts';
import { STAMP_FILE } from './viewer-build.ts';

/** Loopback only: the log and its images are whatever QA pointed the command at. */
export const HOST = '127.0.0.1';

export interface ReplayServerOptions {
  readonly logPath: string;
  readonly storeDir?: string;
  readonly port: number;
  /** The built viewer (index.html and assets/). */
  readonly viewerDir: string;
  readonly longPollMs?: number;
  /** A read of the file (or a write of its copy) that failed while following it; the next poll tries again. */
  readonly onFollowError?: (error: unknown) => void;
  /** The file is empty: the server starts once it holds something (its content says how it is served). */
  readonly onWaitingForContent?: () => void;
}

export interface ReplayServer {
  readonly url: string;
  /** True when the file is another agent's: the page is sent a copy whose inline images were moved into a temporary store. */
  readonly spooled: boolean;
  close(): Promise<void>;
}

/** What the viewer asks first: which file it shows and whether images can load at all. */
export interface ReplayInfo {
  readonly log: string;
  readonly store: boolean;
}

/**
 * The replay server: the built viewer at `/`, the followed log at `/api/log`, and the log's images
 * at `/api/sessions/current/attachments/:id` through the host's own attachment handler. Our own
 * log is read whole before the server listens, its images served from the store given (every id
 * is 404 without one); another agent's file is served as a copy with its inline images set aside
 * for a temporary store, written as the page follows it (see served-log.ts), each image validated by
 * the store on its first request (see replay-attachments.ts).
 */
export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  // Source maps are served: the viewer is this repository's own code, and QA's stack traces read.
  const files = await loadStaticFiles(options.viewerDir, [STAMP_FILE]);
  const served = await openServedLog(options.logPath, options.storeDir, options.onWaitingForContent);
  const { session, store } = served;
  const attachments: AttachmentHandler | undefined =
    store === undefined
      ? undefined
      : createReplayAttachmentHandler({ store, sessions: session.source, ...(served.pending === undefined ? {} : { pending: served.pending }) });
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
    // Nothing here is for another site: not the page (framed), not the log, not an image (probed by digest).
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (pathname.startsWith('/api/sessions/')) {
      if (attachments === undefined) plain(res, 404, 'Not found');
      else await attachments(req, res);
      return;
    }
    if (pathname === '/api/log' && req.method === 'GET') {
      await serveLog(req, res, session.tail, () => served.firstPass, options.longPollMs);
      return;
    }
    if (pathname === '/api/info' && req.method === 'GET') {
      json(res, info);
      return;
    }
    if (!serveStatic(req, res, files, pathname)) plain(res, 404, 'Not found');
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // A port in use: the temporary store of a spooled file must not outlive the attempt.
    await served.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  served.follow(options.onFollowError ?? (() => undefined));

  return {
    url: `http://${HOST}:${port}/`,
    spooled: served.spooled,
    close: async () => {
      await served.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      });
    },
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
