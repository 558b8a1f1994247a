import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { createHostGuard } from '@toolcard/host-read-image';

import type { WorkbenchInfo } from '../../wire/workbench.ts';
import { localReviewFile, type ReviewFile } from '../reviews/local-review-file.ts';
import { reviewFilePath } from '../reviews/review-file.ts';
import { AccessToken, refuse, SIGN_IN_PATH } from './access-token.ts';
import { serveIndex, serveSearch, type SessionCatalog } from './index-routes.ts';
import { comparedWith, serveComparisonExport } from './comparison-export-route.ts';
import { serveExport } from './export-route.ts';
import { sendJson } from './json-answer.ts';
import { serveLog } from './log-route.ts';
import { OpenSessions, type LocatedSession } from './open-sessions.ts';
import { SESSION_ID } from './live-session.ts';
import { createReviewRoute } from './review-route.ts';
import { sessionRoute } from './session-route.ts';
import { loadStaticFiles, serveStatic } from './static-files.ts';
import { openStore, type StoreLocation } from './store-location.ts';
import { STAMP_FILE } from './viewer-build.ts';

/** Loopback unless told otherwise: the logs and their images are whatever QA pointed the command at. */
export const HOST = '127.0.0.1';

interface CommonOptions {
  /** Where our own logs' images are kept (a store folder or an S3 store); opened for the server's lifetime. */
  readonly store?: StoreLocation;
  readonly port: number;
  /** The address to listen on; off loopback a `token` is required. */
  readonly host?: string;
  /** When given, every request needs the cookie set by the sign-in URL (see AccessToken). */
  readonly token?: string;
  /** Who verdicts are recorded as. */
  readonly reviewer?: string;
  /** Where a session's verdicts are kept; by default beside its log (`<log>.review.jsonl`). */
  readonly reviewFileOf?: (sessionId: string, logPath: string) => ReviewFile | undefined;
  /** The files and folders given, as the page names them. */
  readonly roots?: readonly string[];
  /** The built viewer (index.html and assets/). */
  readonly viewerDir: string;
  readonly longPollMs?: number;
  /** A read of a file (or a write of its copy) that failed while following it; the next poll tries again. */
  readonly onFollowError?: (error: unknown, logPath: string) => void;
  /** A file is empty: it is served once it holds something (its content says how it is served). */
  readonly onWaitingForContent?: (logPath: string) => void;
}

/** One session, shown as it is. */
export type OneSessionOptions = CommonOptions & { readonly logPath: string };
/** The workbench: the index of many sessions. */
export type WorkbenchOptions = CommonOptions & { readonly catalog: SessionCatalog };
export type ReplayServerOptions = OneSessionOptions | WorkbenchOptions;

export interface ReplayServer {
  readonly url: string;
  /** The URL to open once to sign in (with the token), when a token is required. */
  readonly signInUrl?: string;
  /** True when the one file given is another agent's: the page is sent a copy whose inline images were moved into a temporary store. */
  readonly spooled: boolean;
  close(): Promise<void>;
}

/**
 * The replay server: the built viewer at `/`, and per session (`/api/sessions/<id>/…`) its followed
 * log (`log`), its file (`info`), its images (`attachments/<id>`, the host's own attachment
 * handler) and the whole of it as one HTML file (`export`). Given one file, its session is `current` (its log also at `/api/log`), opened before the
 * server listens; given folders, the index of every session in them (`/api/sessions`, live by long
 * poll; `/api/search`), each session opened when a page first asks for it (see OpenSessions).
 */
export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  // Source maps are served: the viewer is this repository's own code, and QA's stack traces read.
  const files = await loadStaticFiles(options.viewerDir, [STAMP_FILE]);
  const catalog = 'catalog' in options ? options.catalog : undefined;
  const logPath = 'logPath' in options ? options.logPath : undefined;
  const locate = (id: string): LocatedSession | undefined => {
    if (catalog === undefined) return id === SESSION_ID && logPath !== undefined ? { path: logPath, name: path.basename(logPath) } : undefined;
    const listed = catalog.sessionById(id);
    return listed === undefined ? undefined : { path: listed.path, name: listed.row.file };
  };
  const opened = options.store === undefined ? undefined : openStore(options.store);
  const sessions = new OpenSessions({
    locate,
    store: opened?.store,
    onFollowError: (file, error) => options.onFollowError?.(error, file),
    onWaitingForContent: (file) => options.onWaitingForContent?.(file),
  });
  // One file: read (or its copy begun) before the server listens, as it has always been.
  const single = logPath === undefined ? undefined : await sessions.get(SESSION_ID);
  const token = options.token === undefined ? undefined : new AccessToken(options.token);
  const reviewFileOf = (id: string): ReviewFile | undefined => {
    const file = locate(id)?.path;
    if (file === undefined) return undefined;
    return options.reviewFileOf === undefined ? localReviewFile(reviewFilePath(file)) : options.reviewFileOf(id, file);
  };
  const reviews = createReviewRoute({
    reviewFileOf,
    reviewer: options.reviewer ?? 'reviewer',
    // Off loopback every request has shown the token by now (see route).
    canWrite: () => true,
    onWritten: (id) => {
      void Promise.resolve(catalog?.reviewChanged(id)).catch(() => undefined);
    },
  });
  const info: WorkbenchInfo = {
    mode: catalog === undefined ? 'session' : 'workbench',
    roots: options.roots ?? (logPath === undefined ? [] : [logPath]),
    reviewer: options.reviewer ?? 'reviewer',
    canReview: true,
  };

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
    if (token !== undefined) {
      if (pathname === SIGN_IN_PATH && req.method === 'GET') {
        token.signIn(req, res);
        return;
      }
      if (!token.admits(req)) {
        refuse(res);
        return;
      }
    }
    if (await reviews(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD' && !pathname.startsWith('/api/sessions/')) {
      plain(res, 405, 'Method not allowed');
      return;
    }
    if (pathname === '/api/info') {
      sendJson(res, 200, info);
      return;
    }
    if (pathname === '/api/log' && single !== undefined) {
      await serveLog(req, res, single.served.session.tail, () => single.served.firstPass, options.longPollMs);
      return;
    }
    if (catalog !== undefined && pathname === '/api/sessions') {
      await serveIndex(req, res, catalog, options.longPollMs);
      return;
    }
    if (catalog !== undefined && pathname === '/api/search') {
      await serveSearch(req, res, catalog);
      return;
    }
    const sessionPath = sessionRoute(pathname);
    if (sessionPath !== undefined) {
      await serveSession(req, res, sessionPath);
      return;
    }
    if (!serveStatic(req, res, files, pathname)) plain(res, 404, 'Not found');
  }

  async function serveSession(req: http.IncomingMessage, res: http.ServerResponse, { id, rest }: { id: string; rest: string }): Promise<void> {
    const session = await sessions.get(id);
    if (session === undefined) {
      plain(res, 404, 'Not found');
      return;
    }
    if (rest === 'info' && req.method === 'GET') sendJson(res, 200, session.info);
    else if (rest === 'log' && req.method === 'GET') await serveLog(req, res, session.served.session.tail, () => session.served.firstPass, options.longPollMs);
    else if (rest === 'export' && (req.method === 'GET' || req.method === 'HEAD') && comparedWith(req) !== null) {
      const b = await sessions.get(comparedWith(req) ?? '');
      if (b === undefined) plain(res, 404, 'Not found');
      else await serveComparisonExport(req, res, { a: session, b }, reviewFileOf, options.viewerDir);
    } else if (rest === 'export' && (req.method === 'GET' || req.method === 'HEAD')) await serveExport(req, res, session, reviewFileOf(id), options.viewerDir);
    else if (rest.startsWith('attachments/') && session.attachments !== undefined) {
      // Each session's handler answers for its session as `current`: the id was looked up above.
      const query = new URL(req.url ?? '/', 'http://localhost').search;
      req.url = `/api/sessions/${SESSION_ID}/${rest}${query}`;
      await session.attachments(req, res);
    } else plain(res, 404, 'Not found');
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host ?? HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // A port in use: the temporary store of a spooled file must not outlive the attempt.
    await sessions.close();
    opened?.close();
    throw error;
  }
  const { port, address, family } = server.address() as AddressInfo;
  const url = `http://${family === 'IPv6' ? `[${address}]` : address}:${String(port)}/`;

  return {
    url,
    ...(token === undefined ? {} : { signInUrl: new URL(token.signInPath, url).href }),
    spooled: single?.served.spooled ?? false,
    close: async () => {
      await sessions.close();
      opened?.close();
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
