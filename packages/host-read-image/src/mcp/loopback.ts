// No MCP SDK import here: the bin checks its flags with this before it loads the SDK.
const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a bind address (`127.0.0.1`, `localhost`, `::1`) keeps the server on this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTNAMES.has(host.includes(':') ? `[${host}]` : host);
}

/** Whether a request's Host header names this machine by a loopback name (any port). */
export function isLoopbackHostHeader(value: string | undefined): boolean {
  if (value === undefined) return false;
  try {
    return LOOPBACK_HOSTNAMES.has(new URL(`http://${value}`).hostname);
  } catch {
    return false;
  }
}
