import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Server } from 'node:net';

// No MCP SDK import here: the bin checks its flags with this before it loads the SDK.
const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A Host value: a registered name, IPv4 or bracketed IPv6 literal, and an optional port (RFC 9110 §7.2). */
const HOST_VALUE = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{0,5}))?$/;
const HTTP_DEFAULT_PORT = 80;

/** Whether a bind address (`127.0.0.1`, `localhost`, `::1`) keeps the server on this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTNAMES.has(host.includes(':') ? `[${host}]` : host);
}

/** Lets a request through (true), or answers it with its refusal and returns false. */
export type HostGuard = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface HostRefusal {
  readonly status: 400 | 421;
  readonly message: string;
}

/**
 * The one Host check of every server this package (and the replay app) starts. A request needs
 * exactly one valid Host header, or it is a 400 (RFC 9112 §3.2; node:http keeps the first of
 * several, so they are counted in the raw headers). On a server bound to a loopback address the
 * Host must also name this machine by a loopback name and the server's own port, or it is a 421
 * (Misdirected Request): a web page that got a name of its own resolved to 127.0.0.1 (DNS
 * rebinding) sends that name, and must not read what the server serves. The bound address is read
 * from `server` at each request, so the guard can be made before `listen` picks a port.
 */
export function createHostGuard(server: Server): HostGuard {
  return (req, res) => {
    const refusal = hostRefusal(req.rawHeaders, server.address());
    if (refusal === undefined) return true;
    const body = Buffer.from(`${refusal.message}\n`, 'utf8');
    res
      .writeHead(refusal.status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': body.byteLength,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .end(body);
    return false;
  };
}

/** The refusal a request with these raw header lines gets from a server bound to `bound`; undefined when none. */
export function hostRefusal(rawHeaders: readonly string[], bound: AddressInfo | string | null): HostRefusal | undefined {
  // Raw headers alternate name, value.
  const hosts = rawHeaders.filter((_, index) => index % 2 === 1 && rawHeaders[index - 1]?.toLowerCase() === 'host');
  if (hosts.length !== 1) return { status: 400, message: hosts.length === 0 ? 'Bad request: no Host header' : 'Bad request: more than one Host header' };
  const authority = parseHost(hosts[0] ?? '');
  if (authority === undefined) return { status: 400, message: 'Bad request: the Host header is not a host name' };
  if (bound === null || typeof bound === 'string' || !isLoopbackHost(bound.address)) return undefined;
  if (LOOPBACK_HOSTNAMES.has(authority.hostname) && authority.port === bound.port) return undefined;
  return {
    status: 421,
    message: `Misdirected request: this server answers only to 127.0.0.1, localhost or [::1] on port ${String(bound.port)}; use the URL it printed`,
  };
}

function parseHost(value: string): { readonly hostname: string; readonly port: number } | undefined {
  const match = HOST_VALUE.exec(value);
  if (match === null) return undefined;
  const [, name = '', port] = match;
  try {
    // The URL parser gives a name its canonical form: lower case, IPv4 shorthands and IPv6 spellings resolved.
    return { hostname: new URL(`http://${name}`).hostname, port: port === undefined || port === '' ? HTTP_DEFAULT_PORT : Number(port) };
  } catch {
    return undefined;
  }
}
