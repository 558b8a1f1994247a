import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

import { createHostGuard } from '../http/loopback.ts';
import { checkOption, FUNCTION, NON_EMPTY_STRING, optional, OPTIONS_OBJECT, POSITIVE_INTEGER, rule } from '../options/check-option.ts';
import { bearerTokenMatches } from './bearer-token.ts';

export interface McpHttpServerOptions {
  /** A fresh server per MCP session (e.g. `() => createReadImageMcpServer(options)`). */
  readonly createMcpServer: () => McpServer;
  /** Default `127.0.0.1`: the server is for this machine unless you say otherwise. */
  readonly host?: string;
  /** Default 0 (a free port). */
  readonly port?: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  readonly token?: string;
  /**
   * Default 30 minutes: a session with no request open and none for this long is closed (a client
   * that went away without `DELETE` must not hold a server forever); its next request gets 404,
   * which tells an MCP client to start a new session.
   */
  readonly sessionIdleMs?: number;
  /** Default 100: an initialize while this many sessions are open is answered 503 + `Retry-After`. */
  readonly maxSessions?: number;
}

export interface RunningMcpHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:PORT/mcp`. */
  readonly url: URL;
  close(): Promise<void>;
}

const OWNER = 'startMcpHttpServer';
const ENDPOINT = '/mcp';
const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
const DEFAULT_MAX_SESSIONS = 100;

/** A session's transport, when a request last touched it, and how many of its responses are still open (an SSE stream counts). */
interface Session {
  readonly transport: StreamableHTTPServerTransport;
  lastSeen: number;
  open: number;
}

const PORT = rule('an integer from 0 to 65535', (value): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 65_535);
/** The bearer check reads one run of non-space characters: a token with a space could never match. */
const TOKEN = rule('a non-empty token with no whitespace', (value): value is string => typeof value === 'string' && /^\S+$/.test(value));

/**
 * Serves MCP over Streamable HTTP at `/mcp`, one session (and one `McpServer`) per client, so
 * a client's `notifications/cancelled` reaches the server running its call. Every request passes
 * the package's Host guard first (createHostGuard: one Host header; on a loopback bind, a loopback
 * name and this port), so a web page cannot reach it through DNS rebinding.
 */
export async function startMcpHttpServer(options: McpHttpServerOptions): Promise<RunningMcpHttpServer> {
  checkOption(OWNER, 'options', options, OPTIONS_OBJECT);
  checkOption(OWNER, 'createMcpServer', options.createMcpServer, FUNCTION);
  const host = checkOption(OWNER, 'host', options.host ?? '127.0.0.1', NON_EMPTY_STRING);
  const port = checkOption(OWNER, 'port', options.port ?? 0, PORT);
  const token = checkOption(OWNER, 'token', options.token, optional(TOKEN));
  const idleMs = checkOption(OWNER, 'sessionIdleMs', options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS, POSITIVE_INTEGER);
  const maxSessions = checkOption(OWNER, 'maxSessions', options.maxSessions ?? DEFAULT_MAX_SESSIONS, POSITIVE_INTEGER);
  const sessions = new Map<string, Session>();

  function closeIdleSessions(): void {
    const now = Date.now();
    for (const session of sessions.values()) {
      if (session.open === 0 && now - session.lastSeen >= idleMs) void session.transport.close();
    }
  }

  /** Counts the response as open until it ends, so a long call or an SSE stream keeps its session alive. */
  function track(session: Session, res: ServerResponse): void {
    session.open += 1;
    session.lastSeen = Date.now();
    res.once('close', () => {
      session.open -= 1;
      session.lastSeen = Date.now();
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!admitHost(req, res)) return;
    const refusal = refusalOf(req);
    if (refusal) {
      res.writeHead(refusal.status, refusal.headers).end(refusal.body);
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (session) {
        track(session, res);
        await session.transport.handleRequest(req, res);
      } else {
        jsonRpcError(res, 404, 'Session not found');
      }
      return;
    }
    if (req.method !== 'POST') {
      jsonRpcError(res, 400, 'No session: start one with an initialize request');
      return;
    }
    if (sessions.size >= maxSessions) closeIdleSessions();
    if (sessions.size >= maxSessions) {
      res.setHeader('Retry-After', '60');
      jsonRpcError(res, 503, `Too many sessions (${String(maxSessions)} open): try again later`);
      return;
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        const session: Session = { transport, lastSeen: Date.now(), open: 0 };
        sessions.set(id, session);
        track(session, res);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    const mcp = options.createMcpServer();
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
    // Anything but an initialize request was answered with an error and opened no session.
    if (transport.sessionId === undefined) await mcp.close();
  }

  /** Wrong path, or a missing/wrong token. */
  function refusalOf(req: IncomingMessage): Refusal | undefined {
    if (new URL(req.url ?? '/', 'http://x').pathname !== ENDPOINT) return plain(404, 'Not found');
    if (token !== undefined && !bearerTokenMatches(req.headers.authorization, token)) {
      return plain(401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer' });
    }
    return undefined;
  }

  const server: http.Server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const { status, headers, body } = plain(500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      res.writeHead(status, headers).end(body);
    });
  });
  const admitHost = createHostGuard(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve();
    });
  });
  const sweeper = setInterval(closeIdleSessions, Math.max(10, Math.min(idleMs / 2, 60_000)));
  sweeper.unref();
  const bound = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: new URL(`http://${urlHost}:${String(bound.port)}${ENDPOINT}`),
    async close() {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map(({ transport }) => transport.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

interface Refusal {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

function plain(status: number, body: string, headers: Record<string, string> = {}): Refusal {
  return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers }, body };
}

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
