import net from 'node:net';

export interface RawResponse {
  readonly status: number;
  /** Lower-cased names; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export interface RawRequest {
  readonly method?: string;
  /** Goes on the wire exactly as written: no URL parser resolves `..`, `%2e%2e` or `//`. */
  readonly target: string;
  readonly headers?: readonly (readonly [string, string])[];
  /** The Host header lines, in order; `[]` sends none. Default one, `127.0.0.1`. */
  readonly hosts?: readonly string[];
}

/**
 * One HTTP/1.1 exchange over a plain socket, bytes exactly as given (fetch and `http.request`
 * normalise or refuse odd targets before they leave). `Connection: close` comes first, so the
 * server ends the exchange even when a generated header is refused. Resolves `undefined` when the
 * server closed the connection without answering.
 */
export function rawExchange(port: number, { method = 'GET', target, headers = [], hosts = ['127.0.0.1'] }: RawRequest): Promise<RawResponse | undefined> {
  const head = [`${method} ${target} HTTP/1.1`, 'Connection: close', ...hosts.map((host) => `Host: ${host}`), ...headers.map(([n, v]) => `${n}: ${v}`)];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => {
      socket.destroy(new Error(`no answer to ${method} ${JSON.stringify(target)}`));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      resolve(parseResponse(Buffer.concat(chunks)));
    });
    // Not end(): a server that sees the client's half-close drops a response still being prepared.
    socket.write(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'));
  });
}

function parseResponse(raw: Buffer): RawResponse | undefined {
  if (raw.length === 0) return undefined;
  const headEnd = raw.indexOf('\r\n\r\n');
  // An interim response (`100 Continue` to an `Expect` header) precedes the real one.
  if (/^HTTP\/1\.1 1\d\d /.test(raw.toString('latin1', 0, 13))) return parseResponse(raw.subarray(headEnd + 4));
  if (headEnd === -1) throw new Error(`not an HTTP response: ${JSON.stringify(raw.toString('latin1'))}`);
  const [statusLine = '', ...headerLines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1];
  if (status === undefined) throw new Error(`not an HTTP status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(status), headers, body: raw.subarray(headEnd + 4) };
}
