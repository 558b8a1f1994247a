import http from 'node:http';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { rawExchange } from '../support/raw-exchange.ts';
import { recordTopLevel, useAttachmentServers } from './attachment-server.ts';

/**
 * Property tests of the attachment route over request targets, methods and headers, through a
 * real server on 127.0.0.1 and raw sockets (every byte of the target goes on the wire as
 * generated). Whatever arrives: no 5xx, the store is asked only for an id that the log the handler
 * read references, and an unreferenced id is never served.
 */

const startServer = useAttachmentServers();

/** Methods node:http hands to a request listener (CONNECT goes to the server's 'connect' event instead). */
const METHODS = http.METHODS.filter((method) => method !== 'CONNECT');
/** Mostly the two methods the route serves, so that most runs get past the method check. */
const method = fc.oneof({ arbitrary: fc.constantFrom('GET', 'HEAD'), weight: 3 }, { arbitrary: fc.constantFrom(...METHODS), weight: 1 });
const NUM_RUNS = 300;

/**
 * Session `top` references image A, session `other` image B; image C is in the store but no log
 * references it. Each exchange records the logs and the objects it made the handler read.
 */
async function scene() {
  const server = await startServer();
  const [a, b, c] = await Promise.all([server.save('#f00'), server.save('#0f0'), server.save('#00f')]);
  await server.record('top', (recorder) => recordTopLevel(recorder, a.ref));
  await server.record('other', (recorder) => recordTopLevel(recorder, b.ref));
  const references = new Map<string, ReadonlySet<string>>([
    ['top', new Set([a.ref.attachmentId])],
    ['other', new Set([b.ref.attachmentId])],
  ]);
  const bytesOf = new Map([a, b, c].map(({ ref, data }) => [ref.attachmentId, data]));

  async function exchange(method: string, target: string, headers: readonly (readonly [string, string])[]) {
    server.sessionReads.length = 0;
    server.storeReads.length = 0;
    const response = await rawExchange(server.port, { method, target, headers });
    const sessionReads = [...server.sessionReads];
    const storeReads = [...server.storeReads];
    // The rule every answer keeps, whatever the request: a 5xx never, and the store is reached
    // only for an id the log the handler just read references.
    expect(response?.status ?? 0).toBeLessThan(500);
    for (const id of storeReads) {
      const readFor = sessionReads.filter((session) => references.get(session)?.has(id) === true);
      expect({ storeRead: id, logsRead: sessionReads, referencing: readFor.length > 0 }).toMatchObject({ referencing: true });
    }
    if (response?.status === 200 && response.body.length > 0) expect([a.data, b.data]).toContainEqual(response.body);
    return { response, sessionReads, storeReads };
  }

  return { a: a.ref, b: b.ref, c: c.ref, references, bytesOf, exchange };
}

type Scene = Awaited<ReturnType<typeof scene>>;

/** A plain-token session id that is not one of the scene's. */
const unknownSession = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,30}$/).filter((id) => id !== 'top' && id !== 'other');
/** A well-formed local id of an object nobody stored. */
const strayId = fc.stringMatching(/^[0-9a-f]{64}$/).map((hex) => `sha256:${hex}`);

/** Percent-encodes `id`, each character either as `encodeURIComponent` leaves it or as `%XX` (upper or lower hex). */
function encodeVariously(id: string, choices: readonly number[]): string {
  return Array.from(id, (char, index) => {
    const choice = choices[index % choices.length] ?? 0;
    if (choice === 0 || char.charCodeAt(0) > 0x7e) return encodeURIComponent(char);
    const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
    return `%${choice === 1 ? hex.toUpperCase() : hex}`;
  }).join('');
}

/** Text after the path that must never change which object is served. */
const tail = (s: Scene) =>
  fc.oneof(
    fc.constant(''),
    fc.constantFrom('?', '#', '?download=1', `?/../../${s.c.attachmentId}`, `#/../${encodeURIComponent(s.c.attachmentId)}`),
    fc.stringMatching(/^[?#][A-Za-z0-9%./=&:-]{0,40}$/),
  );

interface NamedHeader {
  readonly header: readonly [string, string];
  /** An If-None-Match that the served object's ETag satisfies. */
  readonly revalidates?: true;
}

/**
 * Headers a client or a proxy might send; `id` is the id the request names. `odd` adds headers
 * node:http itself refuses before the handler runs (NUL or other control bytes, over 16 KiB).
 */
function headers(id: string, odd: boolean): fc.Arbitrary<NamedHeader[]> {
  const plain = (name: string, values: fc.Arbitrary<string>) => values.map((value): NamedHeader => ({ header: [name, value] }));
  const one = fc.oneof(
    plain('Range', fc.constantFrom('bytes=0-9', 'bytes=-5', 'bytes=5-', 'bytes=0-0,2-3', 'bytes=99999999-', 'bytes=x', 'items=0-1')),
    plain('If-Range', fc.constantFrom(`"${id}"`, '"other"', 'Wed, 21 Oct 2015 07:28:00 GMT')),
    fc.constantFrom(`"${id}"`, `W/"${id}"`, '*', `"x", "${id}"`).map((value): NamedHeader => ({ header: ['If-None-Match', value], revalidates: true })),
    plain('If-None-Match', fc.constantFrom('"other"', 'W/"other"', '', 'garbage', id, `"${id}x"`)),
    plain('If-Match', fc.constantFrom('"other"', `"${id}"`, '*')),
    plain('If-Modified-Since', fc.constantFrom('Wed, 21 Oct 2015 07:28:00 GMT', 'not a date')),
    plain('Cookie', fc.stringMatching(/^[A-Za-z0-9=; ._-]{0,60}$/)),
    plain('Authorization', fc.constantFrom('Bearer abc', 'Basic Zm9vOmJhcg==', '')),
    plain('Accept', fc.constantFrom('image/*', 'text/html', '*/*', '')),
    plain('Accept-Encoding', fc.constantFrom('gzip, br', 'identity;q=0', '*')),
    plain('Expect', fc.constant('100-continue')),
    plain('X-Forwarded-Path', fc.constant(`/sessions/top/attachments/${encodeURIComponent(id)}`)),
    plain(
      'X-Unicode',
      fc.string({ unit: 'grapheme', maxLength: 20 }).map((text) => text.replace(/\p{Cc}/gu, '')),
    ),
  );
  const refused = fc.oneof(
    fc
      .tuple(fc.stringMatching(/^X-[A-Za-z0-9-]{1,20}$/), fc.string({ unit: 'binary', maxLength: 40 }))
      // CR/LF would end the header block early; everything else (NUL, control bytes) goes on the wire.
      .map(([name, value]): NamedHeader => ({ header: [name, value.replace(/[\r\n]/g, '')] })),
    plain(
      'X-Long',
      fc.integer({ min: 1000, max: 20_000 }).map((length) => 'v'.repeat(length)),
    ),
  );
  return fc.array(odd ? fc.oneof(one, refused) : one, { maxLength: 4 });
}

describe('attachment route: properties over well-formed requests', () => {
  it('serves exactly the ids the named session references, however the target is encoded', async () => {
    const s = await scene();
    const anyId = fc.oneof(
      fc.constantFrom(s.a.attachmentId, s.b.attachmentId, s.c.attachmentId),
      strayId,
      fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,60}$/).filter((id) => !id.includes('..')),
    );
    const address = fc.oneof(
      // Half the runs name an image the session references: they must be served.
      { arbitrary: fc.constantFrom({ session: 'top', id: s.a.attachmentId }, { session: 'other', id: s.b.attachmentId }), weight: 2 },
      { arbitrary: fc.record({ session: fc.oneof(fc.constantFrom('top', 'other'), unknownSession), id: anyId }), weight: 2 },
    );
    const request = fc
      .record({
        address,
        sessionEncoding: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 8 }),
        idEncoding: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 8 }),
        absoluteForm: fc.boolean(),
        method,
      })
      .chain((r) => fc.record({ r: fc.constant({ ...r, ...r.address }), tail: tail(s), headers: headers(r.address.id, false) }));

    await fc.assert(
      fc.asyncProperty(request, async ({ r, tail: after, headers: sent }) => {
        const path = `/sessions/${encodeVariously(r.session, r.sessionEncoding)}/attachments/${encodeVariously(r.id, r.idEncoding)}`;
        const target = `${r.absoluteForm ? 'http://127.0.0.1' : ''}${path}${after}`;
        const { response, sessionReads, storeReads } = await s.exchange(
          r.method,
          target,
          sent.map((h) => h.header),
        );
        const referenced = s.references.get(r.session)?.has(r.id) === true;

        if (r.method !== 'GET' && r.method !== 'HEAD') {
          expect({ status: response?.status, sessionReads, storeReads }).toEqual({ status: 405, sessionReads: [], storeReads: [] });
          return;
        }
        expect(sessionReads).toEqual([r.session]);
        if (!referenced) {
          expect({ status: response?.status, storeReads }).toEqual({ status: 404, storeReads: [] });
          return;
        }
        // If-Match comes first (RFC 9110 §13.2.2): none of its tags is the object's → 412.
        const ifMatch = sent.filter((h) => h.header[0] === 'If-Match').map((h) => h.header[1]);
        if (ifMatch.length > 0 && !ifMatch.some((tag) => tag === `"${r.id}"` || tag === '*')) {
          expect({ status: response?.status, storeReads }).toEqual({ status: 412, storeReads: [r.id] });
          return;
        }
        if (sent.some((h) => h.revalidates === true)) {
          const revalidated = { status: response?.status, storeReads, etag: response?.headers.etag };
          // The store is read first: a 304 confirms only an object it still holds.
          expect(revalidated).toEqual({ status: 304, storeReads: [r.id], etag: `"${r.id}"` });
          return;
        }
        // Range and every other header are ignored: the whole object, verified, with private caching.
        expect(response?.status).toBe(200);
        expect(storeReads).toEqual([r.id]);
        expect(response?.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(response?.headers['content-length']).toBe(String(s.bytesOf.get(r.id)?.length));
        expect(response?.body).toEqual(r.method === 'GET' ? s.bytesOf.get(r.id) : Buffer.alloc(0));
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

/** Ways to spoil a target that names a referenced image; none may leave a servable request. */
const SPOILERS = [
  ...['%2F', '/', '%2f', '%2e%2e', '..', '%2E%2E%2F', '%5C', '\\'], // separators and traversal
  ...['%00', '%20', '%C3%A9', '%E2%80%AE', '%EF%BB%BF', '%F0%9F%98%80'], // NUL, space, non-ASCII
  ...['%', '%zz', '%25'], // broken or self-escaping percent-encoding
];

function spoiled(s: Scene): fc.Arbitrary<string> {
  const id = encodeURIComponent(s.a.attachmentId);
  const base = ['', 'sessions', 'top', 'attachments', id];
  const rebuild = (segments: readonly string[]) => segments.join('/');
  const underTop = (idPart: string) => `/sessions/top/attachments/${idPart}`;
  const encodedTwice = (text: string, at: number) =>
    `${encodeURIComponent(text.slice(0, at))}%25${text.charCodeAt(at).toString(16).toUpperCase()}${encodeURIComponent(text.slice(at + 1))}`;
  return fc.oneof(
    // A spoiler inside the id, at any position.
    fc.tuple(fc.constantFrom(...SPOILERS), fc.nat({ max: id.length })).map(([bad, at]) => underTop(id.slice(0, at) + bad + id.slice(at))),
    // One character of the id (or session) percent-encoded twice: decoded once, it is not the id.
    fc.nat({ max: s.a.attachmentId.length - 1 }).map((at) => underTop(encodedTwice(s.a.attachmentId, at))),
    fc.nat({ max: 2 }).map((at) => rebuild(['', 'sessions', encodedTwice('top', at), 'attachments', id])),
    // A doubled slash at any of the path's slashes.
    fc.nat({ max: base.length - 2 }).map((at) => rebuild(base.map((segment, index) => (index === at ? `${segment}/` : segment)))),
    // The session segment replaced by a traversal or an empty segment.
    fc.constantFrom('..', '.', '', '%2e%2e', '%2E', 'top%2F..%2Fother', 'top%00').map((session) => rebuild(['', 'sessions', session, 'attachments', id])),
    // Extra segments before the id, or a trailing one.
    fc.constantFrom(`x/${id}`, `../attachments/${id}`, `./${id}`, `${id}/`, `${id}/.`, `${id}%2F`).map(underTop),
    // Over 200 characters once decoded.
    fc.integer({ min: 201 - s.a.attachmentId.length, max: 4000 }).map((extra) => underTop(`${id}${'a'.repeat(extra)}`)),
    // Unicode, raw on the wire. Not spaces alone: the request line's separator swallows them, so the
    // server would see the clean target (Node answers `GET /x  HTTP/1.1` for `/x`).
    fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
      .filter((text) => /[^\x20-\x7e]/.test(text))
      .map((text) => underTop(`${id}${text}`)),
    // The route's words in another case, or doubled.
    fc.constantFrom(
      `/Sessions/top/attachments/${id}`,
      `/sessions/top/Attachments/${id}`,
      `/sessions/sessions/top/attachments/${id}`,
      `/./sessions/top/attachments/${id}`,
    ),
  );
}

describe('attachment route: properties over hostile requests', () => {
  it('never serves and never reads the store for a spoiled target, whatever the method and headers', async () => {
    const s = await scene();
    await fc.assert(
      fc.asyncProperty(spoiled(s), method, headers(s.a.attachmentId, true), async (target, sentMethod, sent) => {
        const { response, storeReads } = await s.exchange(
          sentMethod,
          target,
          sent.map((h) => h.header),
        );
        expect(storeReads).toEqual([]);
        expect([200, 304]).not.toContain(response?.status);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('keeps the rule over arbitrary targets assembled from route words, ids and odd characters', async () => {
    const s = await scene();
    const words = fc.constantFrom(
      ...['/sessions/top/attachments/', '/sessions/other/attachments/', 'sessions', 'attachments', 'top', 'other', 'nobody'],
      ...['/', '//', '..', '.', '%2F', '%2e', '%00', '%', '?', '#', ' ', '%20', '\\', 'é', '\u0000'],
      ...[s.a, s.b, s.c].flatMap((ref) => [ref.attachmentId, encodeURIComponent(ref.attachmentId)]),
    );
    const target = fc.tuple(fc.boolean(), fc.array(words, { maxLength: 12 })).map(([rooted, parts]) => `${rooted ? '/' : ''}${parts.join('')}`);
    await fc.assert(
      fc.asyncProperty(target, method, headers(s.a.attachmentId, true), async (sentTarget, sentMethod, sent) => {
        const { response } = await s.exchange(
          sentMethod,
          sentTarget,
          sent.map((h) => h.header),
        );
        // C is in the store but referenced by no log: its bytes never leave.
        if (response?.status === 200) expect(response.body).not.toEqual(s.bytesOf.get(s.c.attachmentId));
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
