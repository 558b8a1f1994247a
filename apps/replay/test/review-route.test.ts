import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { VerdictRequest } from '../wire/workbench.ts';
import { readReview, reviewFilePath } from '../src/reviews/review-file.ts';
import { localReviewFile, ReviewNotSavedError, type ReviewFile } from '../src/reviews/local-review-file.ts';
import { callTarget } from '../src/reviews/review-line.ts';
import { createReviewRoute, MAX_VERDICT_BYTES, type ReviewRouteOptions } from '../src/server/review-route.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => {
            resolve();
          });
        }),
    ),
  );
});

/** A real server on port 0 whose only route is the review route; everything else is 404. */
async function reviewServer(options: Partial<ReviewRouteOptions> & Pick<ReviewRouteOptions, 'reviewFileOf'>): Promise<string> {
  const route = createReviewRoute({ reviewer: 'qa', canWrite: () => true, ...options });
  const server = http.createServer((req, res) => {
    void route(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

/** A session log in a temp dir, and a server serving it as session `night/run.jsonl`. */
async function servedSession(options: Partial<ReviewRouteOptions> = {}): Promise<{ readonly base: string; readonly logPath: string; readonly url: string }> {
  const logPath = path.join(await tempDir(), 'run.jsonl');
  await writeFile(logPath, '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\n');
  const base = await reviewServer({ reviewFileOf: (id) => (id === 'night/run.jsonl' ? localReviewFile(reviewFilePath(logPath)) : undefined), ...options });
  return { base, logPath, url: `${base}/api/sessions/${encodeURIComponent('night/run.jsonl')}/reviews` };
}

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(url).origin, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function standing(url: string): Promise<unknown[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return ((await response.json()) as { lines: unknown[] }).lines;
}

describe('review route: GET the standing verdicts, POST one', () => {
  it('appends a verdict as the reviewer and answers the standing line per target; the log is never written', async () => {
    const written: string[] = [];
    const { url, logPath } = await servedSession({ onWritten: (id) => written.push(id) });
    const logBefore = await readFile(logPath);
    expect(await standing(url)).toEqual([]);

    const first = await post(url, { target: callTarget('c1'), verdict: 'fail', note: 'wrong crop' } satisfies VerdictRequest);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { line: { reviewer: string } }).line.reviewer).toBe('qa');
    expect((await post(url, { target: callTarget('c1', 2), verdict: 'pass' })).status).toBe(200);
    expect((await post(url, { target: callTarget('c1'), verdict: null, note: 'retaken' })).status).toBe(200);

    expect(await standing(url)).toEqual([
      expect.objectContaining({ target: 'call:c1/image:2', verdict: 'pass', reviewer: 'qa' }),
      expect.objectContaining({ target: 'call:c1', verdict: null, note: 'retaken' }),
    ]);
    expect(written).toEqual(['night/run.jsonl', 'night/run.jsonl', 'night/run.jsonl']);
    expect(await readFile(logPath)).toEqual(logBefore);
  });

  it('keeps a hostile note as the exact text it was', async () => {
    const { url } = await servedSession();
    const note = '<img src=x onerror=alert(1)>\u202e"}\n{"target":"call:x","verdict":"pass"}';
    expect((await post(url, { target: 'call:c9', verdict: 'fail', note })).status).toBe(200);
    expect(await standing(url)).toEqual([expect.objectContaining({ target: 'call:c9', note })]);
  });

  it('answers 404 for a session it does not serve, a malformed id and another path under it', async () => {
    const { base } = await servedSession();
    expect((await fetch(`${base}/api/sessions/other.jsonl/reviews`)).status).toBe(404);
    expect((await fetch(`${base}/api/sessions/%E0%A4%A/reviews`)).status).toBe(404);
    expect((await post(`${base}/api/sessions/other.jsonl/reviews`, { target: 'call:c1', verdict: 'pass' })).status).toBe(404);
    expect((await fetch(`${base}/api/sessions/${encodeURIComponent('night/run.jsonl')}/reviews/x`)).status).toBe(404);
  });

  it('refuses a write from another origin, from no known origin, or from a page that may not write (403), and writes nothing', async () => {
    const { url, logPath } = await servedSession();
    const body = { target: 'call:c1', verdict: 'pass' };
    expect((await post(url, body, { Origin: 'http://attacker.example' })).status).toBe(403);
    const { hostname, port } = new URL(url);
    expect((await post(url, body, { Origin: `http://${hostname}:${String(Number(port) + 1)}` })).status).toBe(403);
    expect((await post(url, body, { Origin: `ftp://${hostname}:${port}` })).status).toBe(403);
    expect((await post(url, body, { Origin: 'null' })).status).toBe(403);
    expect((await post(url, body, { Origin: 'http://attacker.example', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(403);
    const noOrigin = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(noOrigin.status).toBe(403);
    const crossSite = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
      body: JSON.stringify(body),
    });
    expect(crossSite.status).toBe(403);
    expect(await standing(url)).toEqual([]);
    await expect(readFile(reviewFilePath(logPath))).rejects.toMatchObject({ code: 'ENOENT' });

    const sameSite = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify(body),
    });
    expect(sameSite.status).toBe(200);

    const readOnly = await servedSession({ canWrite: () => false });
    expect((await post(readOnly.url, body)).status).toBe(403);
    expect(await standing(readOnly.url)).toEqual([]);
  });

  it('refuses a body that is not JSON (415), too big (413, with or without a length) or not a verdict (400)', async () => {
    const { url } = await servedSession();
    const body = JSON.stringify({ target: 'call:c1', verdict: 'pass' });
    expect((await post(url, body, { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post(url, body, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const huge = { target: 'call:c1', verdict: 'fail', note: 'x'.repeat(MAX_VERDICT_BYTES) };
    expect((await post(url, huge)).status).toBe(413);
    const chunked = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: new URL(url).origin },
      body: new Blob([JSON.stringify(huge)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    for (const bad of [
      '{',
      '[]',
      '"pass"',
      { target: 'file:/etc/passwd', verdict: 'pass' },
      { target: 'call:c1', verdict: 'maybe' },
      { target: 'call:c1' },
      { target: 'call:c1', verdict: 'pass', note: 5 },
    ]) {
      const response = await post(url, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(((await response.json()) as { error: string }).error).not.toBe('');
    }
    expect((await fetch(url, { method: 'PUT', headers: { Origin: new URL(url).origin } })).status).toBe(405);
    expect(await standing(url)).toEqual([]);
  });
});

describe('review route: behind a TLS proxy', () => {
  it('takes a verdict whose page is the https origin of the same host and port (the proxy speaks TLS, this server plain HTTP)', async () => {
    const { url } = await servedSession();
    const answer = await post(url, { target: 'call:c1', verdict: 'pass' }, { Origin: new URL(url).origin.replace('http:', 'https:') });
    expect(answer.status).toBe(200);
    expect(await standing(url)).toEqual([expect.objectContaining({ target: 'call:c1', verdict: 'pass' })]);
  });
});

describe('review route: a verdict that cannot be kept says why', () => {
  /** A review file whose appends fail as `failure` does: codes this machine cannot produce for root (a read-only mount). */
  function failingReviewFile(failure: Error): ReviewFile {
    return { read: () => Promise.resolve({ byTarget: new Map(), problems: [] }), append: () => Promise.reject(failure) };
  }

  async function refusal(reviewFile: ReviewFile): Promise<{ readonly status: number; readonly error: string }> {
    const base = await reviewServer({ reviewFileOf: () => reviewFile });
    const response = await post(`${base}/api/sessions/run.jsonl/reviews`, { target: 'call:c1', verdict: 'pass' });
    return { status: response.status, error: ((await response.json()) as { error: string }).error };
  }

  it('names a folder it may not write and what to do about it (403), for each code of one', async () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS']) {
      const answer = await refusal(failingReviewFile(Object.assign(new Error(`${code}: no`), { code })));
      expect(answer).toEqual({
        status: 403,
        error: expect.stringContaining(`cannot be written here (${code}). Start pnpm replay with --reviews DIR`) as string,
      });
    }
  });

  it('passes on the reason of a write given up (other reviewers kept changing the file first)', async () => {
    const answer = await refusal(failingReviewFile(new ReviewNotSavedError('The verdict was not saved to s3://b/k: … Try again.')));
    expect(answer).toEqual({ status: 503, error: 'The verdict was not saved to s3://b/k: … Try again.' });
  });

  it('says the cause of any other failure of a real file, and the page can carry on', async () => {
    const { url, logPath } = await servedSession();
    await mkdir(reviewFilePath(logPath));
    const answer = await post(url, { target: 'call:c1', verdict: 'pass' });
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ error: 'The verdict was not saved (EISDIR)' });
  });
});

describe('review route: two servers over one session', () => {
  it('loses no verdict when two servers take concurrent POSTs for the same file', async () => {
    const logPath = path.join(await tempDir(), 'run.jsonl');
    await writeFile(logPath, '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\n');
    const digest = async () =>
      createHash('sha256')
        .update(await readFile(logPath))
        .digest('hex');
    const before = await digest();
    const reviewFileOf = (id: string) => (id === 'run.jsonl' ? localReviewFile(reviewFilePath(logPath)) : undefined);
    const bases = await Promise.all([reviewServer({ reviewFileOf, reviewer: 'tab-a' }), reviewServer({ reviewFileOf, reviewer: 'server-b' })]);
    const PER_SERVER = 60;
    const statuses = await Promise.all(
      bases.flatMap((base, server) =>
        Array.from({ length: PER_SERVER }, (_, n) =>
          post(`${base}/api/sessions/run.jsonl/reviews`, {
            target: callTarget(`s${String(server)}c${String(n)}`),
            verdict: n % 2 === 0 ? 'pass' : 'fail',
          }).then((response) => response.status),
        ),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    const review = await readReview(reviewFilePath(logPath));
    expect(review.problems).toEqual([]);
    expect(review.byTarget.size).toBe(2 * PER_SERVER);
    expect([...review.byTarget.values()].filter((line) => line.reviewer === 'tab-a')).toHaveLength(PER_SERVER);
    expect(await digest()).toBe(before);
  });
});
