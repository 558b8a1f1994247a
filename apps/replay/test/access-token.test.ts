import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { cookieValue, TOKEN_COOKIE } from '../src/server/access-token.ts';
import { startReplayServer, type ReplayServer } from '../src/server/replay-server.ts';
import { viewerPage } from './support/in-process-server.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();
const running: ReplayServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const TOKEN = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** The real server over a one-line log, on every address of this machine (a team network's bind), with a token. */
async function tokenServer(): Promise<ReplayServer> {
  const dir = await tempDir();
  const logPath = path.join(dir, 'session.jsonl');
  await writeFile(logPath, '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\n');
  const server = await startReplayServer({ logPath, viewerDir: await viewerPage(dir), port: 0, host: '0.0.0.0', token: TOKEN });
  running.push(server);
  return server;
}

function get(server: ReplayServer, pathAndQuery: string, cookie?: string): Promise<Response> {
  return fetch(new URL(pathAndQuery, server.url), { redirect: 'manual', ...(cookie === undefined ? {} : { headers: { cookie } }) });
}

describe('a server off loopback admits only browsers that signed in with its token', () => {
  it('refuses every route without the cookie, the page and the log included, and says how to sign in', async () => {
    const server = await tokenServer();
    for (const route of ['/', '/api/info', '/api/log', '/api/sessions/current/info', '/api/sessions/current/attachments/x']) {
      const response = await get(server, route);
      expect(response.status, route).toBe(401);
      expect(await response.text()).toContain('open the sign-in URL the replay server printed');
    }
  });

  it('signs in once from the printed URL: an HttpOnly SameSite=Strict cookie, and a redirect that drops the token from the address', async () => {
    const server = await tokenServer();
    expect(server.signInUrl).toBe(new URL(`/sign-in?token=${TOKEN}`, server.url).href);
    const signIn = await get(server, `/sign-in?token=${TOKEN}`);
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/');
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/; HttpOnly; SameSite=Strict; Path=\/$/);
    const pair = cookie.split(';', 1)[0] ?? '';
    expect(cookieValue(pair, TOKEN_COOKIE)).toBe(TOKEN);
    expect((await get(server, '/', pair)).status).toBe(200);
    expect(await (await get(server, '/api/sessions/current/info', pair)).json()).toEqual({ id: 'current', log: 'session.jsonl', store: false });
  });

  it('refuses a wrong token, a token of another length, and a cookie that holds another value', async () => {
    const server = await tokenServer();
    for (const wrong of [TOKEN.replace(/.$/, '1'), TOKEN.slice(0, -1), `${TOKEN}0`, '']) {
      const signIn = await get(server, `/sign-in?token=${wrong}`);
      expect(signIn.status, wrong).toBe(401);
      expect(signIn.headers.get('set-cookie')).toBeNull();
      expect((await get(server, '/api/info', `${TOKEN_COOKIE}=${wrong}`)).status, wrong).toBe(401);
    }
    expect((await get(server, '/api/info', `other=${TOKEN}`)).status).toBe(401);
  });
});

describe('cookieValue', () => {
  it('finds one cookie among several, decoded; absent or undecodable is undefined', () => {
    expect(cookieValue('a=1; toolcard_replay_token=x%20y; b=2', TOKEN_COOKIE)).toBe('x y');
    expect(cookieValue('a=1', TOKEN_COOKIE)).toBeUndefined();
    expect(cookieValue(undefined, TOKEN_COOKIE)).toBeUndefined();
    expect(cookieValue('toolcard_replay_token=%E0%A4%A', TOKEN_COOKIE)).toBeUndefined();
  });
});
