import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { SessionIndexAnswer, SessionInfo } from '../wire/workbench.ts';
import { downloadStem } from '../src/server/export-route.ts';
import type { OpenSession } from '../src/server/open-sessions.ts';
import { startReplayServer } from '../src/server/replay-server.ts';
import { SessionIndex } from '../src/workbench/session-index.ts';
import { codexRollout } from './support/foreign-sessions.ts';
import { inTmpDir, spoolDirsIn, viewerPage } from './support/in-process-server.ts';
import { useTempDirs } from './temp-dirs.ts';
import { generated, screenshot, threeFormatFolder } from './workbench/session-folder.ts';

const tempDir = useTempDirs();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real server over the real index of a folder of three formats (our own log's store given). */
async function workbench(options: { longPollMs?: number } = {}) {
  const dir = await tempDir();
  const files = await threeFormatFolder(dir);
  const index = new SessionIndex({ roots: [dir], cacheDir: path.join(await tempDir(), 'cache'), onError: () => undefined, debounceMs: 20 });
  await index.start();
  cleanups.push(() => index.close());
  const server = await startReplayServer({
    catalog: index,
    store: { dir: path.join(dir, 'harness', 'store') },
    viewerDir: await viewerPage(await tempDir()),
    port: 0,
    ...options,
  });
  cleanups.push(() => server.close());
  const get = (route: string) => fetch(new URL(route, server.url));
  return { dir, files, index, server, get };
}

const api = (id: string, rest: string) => `/api/sessions/${encodeURIComponent(id)}/${rest}`;

describe('the workbench server: the index, and each session at its own routes', () => {
  it('answers the info, the index and each session’s info and log; ids only of listed sessions', async () => {
    const { get } = await workbench();
    expect(await (await get('/api/info')).json()).toMatchObject({ mode: 'workbench', canReview: true });
    const answer = (await (await get('/api/sessions')).json()) as SessionIndexAnswer;
    expect(answer.sessions.map((row) => row.id)).toEqual([
      'claude/-home-qa-project/c1a0de00-0000-4000-8000-000000000001.jsonl',
      'codex/2026/01/10/rollout-2026-01-10T09-00-00-session-1.jsonl',
      'harness/session.jsonl',
    ]);
    for (const { id } of answer.sessions) {
      const info = (await (await get(api(id, 'info'))).json()) as SessionInfo;
      // Its name as the index lists it: the path in the folder, which tells two `session.jsonl` apart.
      expect(info).toEqual({ id, log: id, store: true });
      const log = await get(api(id, 'log'));
      expect(log.status).toBe(200);
      expect(log.headers.get('x-log-generation')).not.toBeNull();
    }
    // Whatever is not a listed id is 404, a path out of the folder or a file the index did not list included.
    for (const id of ['../../etc/passwd', 'harness/store', 'harness', 'harness/session.jsonl/..', 'current', '%']) {
      expect((await get(api(id, 'info'))).status, id).toBe(404);
      expect((await get(api(id, 'log'))).status, id).toBe(404);
    }
    expect((await get('/api/sessions/%E0%A4%A/info')).status).toBe(404);
    expect((await get('/api/log')).status).toBe(404);
  });

  it('serves each session’s images from its own store, and no image another session references', async () => {
    const { get, index } = await workbench();
    const ours = 'harness/session.jsonl';
    const codex = 'codex/2026/01/10/rollout-2026-01-10T09-00-00-session-1.jsonl';
    const oursLog = await (await get(api(ours, 'log'))).text();
    const oursIds = [...oursLog.matchAll(/"attachmentId":"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(new Set(oursIds).size).toBe(2);
    for (const id of oursIds) {
      const image = await get(api(ours, `attachments/${encodeURIComponent(id)}`));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      // Referenced by our log only: not an image of the Codex session.
      expect((await get(api(codex, `attachments/${encodeURIComponent(id)}`))).status).toBe(404);
    }
    expect(index.answer().sessions.find((row) => row.id === codex)?.images).toBe(2);
  });

  it('holds an up-to-date index request until a session file appears, then answers with it', async () => {
    const { get, dir, index } = await workbench();
    const { version } = index;
    const waiting = get(`/api/sessions?version=${String(version)}`).then(async (response) => (await response.json()) as SessionIndexAnswer);
    const added = path.join(dir, 'codex', 'rollout-2026-01-11T09-00-00-session-2.jsonl');
    await writeFile(added, codexRollout(`data:image/png;base64,${screenshot}`, generated));
    let answer = await waiting;
    while (!answer.sessions.some((row) => row.id === 'codex/rollout-2026-01-11T09-00-00-session-2.jsonl')) {
      answer = (await (await get(`/api/sessions?version=${String(answer.version)}`)).json()) as SessionIndexAnswer;
    }
    expect(answer.version).toBeGreaterThan(version);
  });

  it('answers an index request whose version is out of date at once, and drops the wait of one that went away', async () => {
    const { get, index, server } = await workbench({ longPollMs: 60_000 });
    expect((await (await get('/api/sessions?version=0')).json()) as SessionIndexAnswer).toMatchObject({ version: index.version });
    const controller = new AbortController();
    const held = fetch(new URL(`/api/sessions?version=${String(index.version)}`, server.url), { signal: controller.signal }).catch(() => undefined);
    while (index.waiting === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await held;
    while (index.waiting > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(index.waiting).toBe(0);
  });

  it('searches with the server; an overlong query is refused', async () => {
    const { get } = await workbench();
    expect(await (await get('/api/search?q=RED%20and%20BLUE')).json()).toEqual({ query: 'RED and BLUE', ids: ['harness/session.jsonl'] });
    expect(((await (await get('/api/search?q=')).json()) as { ids: string[] }).ids).toHaveLength(3);
    expect((await get(`/api/search?q=${'x'.repeat(501)}`)).status).toBe(400);
  });

  it('does not list or serve a file reached through a symlink out of the folder', async () => {
    const { get, dir } = await workbench();
    const outside = await tempDir();
    await writeFile(path.join(outside, 'secret.jsonl'), codexRollout(`data:image/png;base64,${screenshot}`, generated));
    await symlink(outside, path.join(dir, 'linked'));
    await symlink(path.join(outside, 'secret.jsonl'), path.join(dir, 'secret.jsonl'));
    const answer = (await (await get('/api/sessions')).json()) as SessionIndexAnswer;
    expect(answer.sessions.map((row) => row.id).filter((id) => id.includes('secret'))).toEqual([]);
    expect((await get(api('linked/secret.jsonl', 'log'))).status).toBe(404);
    expect((await get(api('secret.jsonl', 'log'))).status).toBe(404);
  });

  it('names two sessions of the same file name by their folders, in its info (the session and compare pages) and in a download', async () => {
    const { get, dir } = await workbench();
    for (const run of ['golden', 'new']) {
      await mkdir(path.join(dir, run));
      await writeFile(path.join(dir, run, 'session.jsonl'), codexRollout(`data:image/png;base64,${screenshot}`, generated));
    }
    await expect.poll(async () => ((await (await get('/api/sessions')).json()) as SessionIndexAnswer).sessions.length, { timeout: 10_000 }).toBe(5);
    const names = [];
    for (const id of ['golden/session.jsonl', 'new/session.jsonl']) names.push(((await (await get(api(id, 'info'))).json()) as SessionInfo).log);
    expect(names).toEqual(['golden/session.jsonl', 'new/session.jsonl']);
    expect(downloadStem({ info: { id: 'golden/session.jsonl', log: 'golden/session.jsonl', store: false } } as OpenSession)).toBe('golden_session');
    expect(downloadStem({ info: { id: 'current', log: 'run.v2.jsonl', store: false } } as OpenSession)).toBe('run.v2');
  });
});

describe('OpenSessions through the server: sessions open when asked for, at most 8 at once', () => {
  it('closes the session used longest ago once a ninth is opened (its spool folder removed), and reopens it when asked again', async () => {
    const tmp = await tempDir();
    await inTmpDir(tmp, async () => {
      const dir = await tempDir();
      for (let n = 0; n < 9; n += 1) {
        await writeFile(path.join(dir, `rollout-${String(n)}.jsonl`), codexRollout(`data:image/png;base64,${screenshot}`, generated));
      }
      const index = new SessionIndex({ roots: [dir], cacheDir: path.join(await tempDir(), 'cache'), onError: () => undefined });
      await index.start();
      cleanups.push(() => index.close());
      const server = await startReplayServer({ catalog: index, viewerDir: await viewerPage(await tempDir()), port: 0 });
      cleanups.push(() => server.close());
      expect(await spoolDirsIn(tmp)).toEqual([]);
      for (let n = 0; n < 8; n += 1) expect((await fetch(new URL(api(`rollout-${String(n)}.jsonl`, 'info'), server.url))).status).toBe(200);
      expect(await spoolDirsIn(tmp)).toHaveLength(8);
      expect((await fetch(new URL(api('rollout-8.jsonl', 'info'), server.url))).status).toBe(200);
      expect(await spoolDirsIn(tmp)).toHaveLength(8);
      expect((await fetch(new URL(api('rollout-0.jsonl', 'log'), server.url))).status).toBe(200);
      await server.close();
      expect(await readdir(tmp).then((names) => names.filter((name) => name.startsWith('toolcard-replay-spool-')))).toEqual([]);
    });
  });
});
