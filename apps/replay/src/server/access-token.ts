import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The cookie a signed-in browser sends with every request. */
export const TOKEN_COOKIE = 'toolcard_replay_token';
/** Opened once with `?token=…` (the URL the server prints): sets the cookie and sends the browser on without the token in its address bar. */
export const SIGN_IN_PATH = '/sign-in';

/**
 * A server reachable from other machines admits only browsers that hold its token. The token never
 * appears in a link the app makes: it is set once as an HttpOnly, SameSite=Strict cookie from the
 * sign-in URL printed on the server's console. Comparisons run in constant time over digests, so
 * neither the token's bytes nor its length leak through timing.
 */
export class AccessToken {
  private readonly digest: Buffer;

  constructor(private readonly token: string) {
    this.digest = digestOf(token);
  }

  /** The path (and query) a person opens once to sign in. */
  get signInPath(): string {
    return `${SIGN_IN_PATH}?token=${encodeURIComponent(this.token)}`;
  }

  /** Whether the request carries the token's cookie. */
  admits(req: IncomingMessage): boolean {
    const given = cookieValue(req.headers.cookie, TOKEN_COOKIE);
    return given !== undefined && this.matches(given);
  }

  /**
   * `GET /sign-in?token=…`: the right token sets the cookie and redirects to `/` (so the token leaves
   * the address bar and history); a wrong one is 401, said the same way whatever was wrong.
   */
  signIn(req: IncomingMessage, res: ServerResponse): void {
    const given = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token');
    if (given === null || !this.matches(given)) {
      refuse(res);
      return;
    }
    res.writeHead(303, {
      Location: '/',
      'Set-Cookie': `${TOKEN_COOKIE}=${encodeURIComponent(this.token)}; HttpOnly; SameSite=Strict; Path=/`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    });
    res.end();
  }

  private matches(given: string): boolean {
    return timingSafeEqual(digestOf(given), this.digest);
  }
}

/** The answer to a request without the token: what to do about it, and nothing of what is served. */
export function refuse(res: ServerResponse): void {
  res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end('Sign in first: open the sign-in URL the replay server printed when it started.\n');
}

function digestOf(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** One cookie's value from a Cookie header (`a=1; b=2`); undefined when absent or not decodable. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
