// Proof outside the workspace (part of `pnpm test`, after `pnpm run build`): both packages are
// packed as published and installed with npm, beside the pinned react, react-dom and
// @tanstack/react-query, into apps copied from examples/ to directories under the OS temp dir,
// exactly as the Embedding docs page (docs/pages/02-embedding.mdx, "Install in your app") says. Then:
//
//  node   plain Node renders a recorded session with renderToString (the rows' text, no window or
//         document touched), runs the real read_image tool, runs the installed CLI, and, with the
//         optional MCP peers installed, calls read_image through the installed toolcard-mcp bin over stdio;
//  types  `tsc --noEmit` of a consumer file using the public types of both packages (nodenext);
//  vite   `vite build`, the output served on 127.0.0.1, and in Debian Chromium the session replays,
//         a thumbnail shows its image, the lightbox opens and Esc closes it;
//  node-react18, types-react18, vite-react18
//         the render, the type check and the browser app again on React 18.3 and its own types (the
//         UI package's peer range is ^18.3 || ^19; the workspace runs 19);
//  next   Next.js (App Router): a server page parses the log with `./model` and hands it to a client
//         component; `next build`, `next start`, the served HTML already holds the rows' labels, and
//         in Chromium the page hydrates with no console error and an image loads.
//  ai-sdk-chat  the AI SDK chat (examples/ai-sdk-chat): `vite build`, its server started, and in
//         Chromium a prompt makes the scripted model call the real read_image: the card shows
//         running, then done with its image; the lightbox opens; the model's answer follows; a
//         second prompt naming a .svg ends in a refused card with the tool's message.
//
//   node scripts/consumer-proofs.mjs [node] [types] [vite] [node-react18] [types-react18] [vite-react18] [next] [ai-sdk-chat]     (default: all)
//
// npm's cache lives in $TMPDIR/toolcard-npm-cache between runs. Every server started here is
// stopped here. Any failure exits non-zero with what broke.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ProofError, REPO_ROOT, assert, packPackages, pinnedVersion, run } from './packages.mjs';

const NEXT_VERSION = '16.4.6';
const UI = '@toolcard/ui-tool-image';
const HOST = '@toolcard/host-read-image';
const SESSION = 'stories/fixtures/sessions/07-several-images.jsonl';
/** What the session's replay shows: its image rows' labels (stories/fixtures/scenarios/07-several-images.ts). */
const ROW_LABELS = ['screenshots/login-screen.png', 'images/banner.webp', 'photos/portrait.jpg'];
const ALL = ['node', 'types', 'vite', 'node-react18', 'types-react18', 'vite-react18', 'next', 'ai-sdk-chat'];
const selected = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;
for (const name of selected) if (!ALL.includes(name)) throw new Error(`unknown proof ${name}; choose from ${ALL.join(', ')}`);

const chromiumLaunch = JSON.parse(readFileSync(path.join(REPO_ROOT, 'scripts/chromium.json'), 'utf8'));
const work = mkdtempSync(path.join(os.tmpdir(), 'toolcard-consumers-'));
const npmCache = path.join(os.tmpdir(), 'toolcard-npm-cache');
const cleanups = [];
const log = (line) => console.log(`consumer-proofs: ${line}`);

const PINNED = ['react', 'react-dom', '@tanstack/react-query'].map((name) => `${name}@${pinnedVersion(name)}`);
/**
 * The UI package's peer range is `^18.3 || ^19`; the workspace runs React 19. The node, types and
 * vite proofs run again on these: the last React 18 and its own types.
 */
const REACT_18 = { react: '18.3.1', 'react-dom': '18.3.1', '@types/react': '18.3.32', '@types/react-dom': '18.3.7' };
/** What an app installs beside the packages: the pinned peers, on React 18.3 when `react` is 18. */
function peersFor(react) {
  if (react === 19) return PINNED;
  return [`react@${REACT_18.react}`, `react-dom@${REACT_18['react-dom']}`, `@tanstack/react-query@${pinnedVersion('@tanstack/react-query')}`];
}
/** The `@types/react` a TypeScript app uses beside them. */
function reactTypesFor(react) {
  return react === 19
    ? [`@types/react@${pinnedVersion('@types/react')}`]
    : [`@types/react@${REACT_18['@types/react']}`, `@types/react-dom@${REACT_18['@types/react-dom']}`];
}
/** The host's optional MCP peers, at the versions its own tests use. */
const MCP_PEERS = ['@modelcontextprotocol/sdk', 'zod'].map((name) => `${name}@${pinnedVersion(name, 'packages/host-read-image/package.json')}`);

function elapsed(start) {
  return `${((Date.now() - start) / 1000).toFixed(1)} s`;
}

/** Copies examples/NAME to the temp dir and installs PACKAGES' tarballs, the pinned peers (of React REACT) and EXTRA with npm. */
function installApp(name, tarballs, packages, extra, react = 19) {
  const dir = path.join(work, react === 19 ? name : `${name}-react${react}`);
  cpSync(path.join(REPO_ROOT, 'examples', name), dir, { recursive: true });
  assert(!dir.startsWith(REPO_ROOT), `${dir} is inside the workspace`);
  const start = Date.now();
  run(
    'npm',
    [
      'install',
      '--save-exact',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...packages.map((pkg) => tarballs[pkg]),
      ...peersFor(react),
      ...extra,
    ],
    {
      cwd: dir,
      env: { ...process.env, npm_config_cache: npmCache, npm_config_update_notifier: 'false' },
    },
  );
  log(`${name}: npm install ${elapsed(start)}`);
  return dir;
}

/** The session log and, through the recorded id index, the attachment files it references. */
function copySession(intoLog, intoAttachments) {
  const jsonl = readFileSync(path.join(REPO_ROOT, SESSION), 'utf8');
  mkdirSync(path.dirname(intoLog), { recursive: true });
  writeFileSync(intoLog, jsonl);
  const index = JSON.parse(readFileSync(path.join(REPO_ROOT, 'stories/fixtures/attachments/index.json'), 'utf8'));
  const used = Object.fromEntries(Object.entries(index).filter(([id]) => jsonl.includes(JSON.stringify(id))));
  assert(Object.keys(used).length > 0, `${SESSION} references no attachment in the recorded index`);
  mkdirSync(intoAttachments, { recursive: true });
  for (const { file } of Object.values(used)) cpSync(path.join(REPO_ROOT, 'stories/fixtures/attachments', file), path.join(intoAttachments, file));
  writeFileSync(path.join(intoAttachments, 'index.json'), JSON.stringify(used, null, 2));
  return jsonl;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: chromiumLaunch.executablePath, args: chromiumLaunch.args, headless: true });
  cleanups.push(() => browser.close());
  return browser;
}

/** Console errors and uncaught exceptions of a page, collected as they happen. */
function watchErrors(page) {
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  return errors;
}

// --- node + types ---------------------------------------------------------------------------------

async function proveNode(tarballs, react = 19) {
  const dir = installApp(
    'node-app',
    tarballs,
    [UI, HOST],
    [`typescript@${pinnedVersion('typescript')}`, ...reactTypesFor(react), `@types/node@${pinnedVersion('@types/node')}`, ...MCP_PEERS],
    react,
  );
  copySession(path.join(dir, 'session.jsonl'), path.join(dir, 'attachments'));
  cpSync(path.join(REPO_ROOT, 'stories/fixtures/workspace/screenshots/login-screen.png'), path.join(dir, 'image.png'));
  return dir;
}

function proveRender(dir, where = 'node') {
  const html = run('node', ['render.mjs', 'session.jsonl'], { cwd: dir });
  for (const label of ROW_LABELS) assert(html.includes(label), `${where}: renderToString output lacks the row label ${label}:\n${html.slice(0, 2000)}`);
  assert(html.includes('tc-row') && html.includes('data-tool="read_image"'), `${where}: renderToString output has no read_image row`);
  log(`${where}: renderToString (React ${installedReact(dir)}) gave ${html.length} characters with every row label, no window/document touched`);
  return html;
}

function proveReadImage(dir) {
  const out = run('node', ['read-image.mjs', 'image.png'], { cwd: dir });
  const result = JSON.parse(out);
  assert(result.isError === false, `read_image failed: ${out}`);
  const image = result.content.find((block) => block.type === 'image');
  assert(image !== undefined && /^sha256:[0-9a-f]{64}$/.test(image.attachment.attachmentId), `read_image returned no stored image: ${out}`);
  log(`node: import('@toolcard/host-read-image') ran read_image → ${image.attachment.attachmentId.slice(0, 20)}…`);
}

function proveCli(dir) {
  const store = path.join(dir, 'cli-store');
  const out = run('npx', ['--no-install', 'toolcard-read-image', 'image.png', '--log', 'cli-session.jsonl', '--store', store], { cwd: dir });
  assert(/sha256:[0-9a-f]{64}/.test(out), `the installed CLI printed no attachment id:\n${out}`);
  const logText = readFileSync(path.join(dir, 'cli-session.jsonl'), 'utf8');
  assert(logText.includes('"read_image"'), 'the installed CLI wrote no read_image call to its log');
  log('node: the installed toolcard-read-image CLI ran and wrote a session log');
}

/**
 * The installed `toolcard-mcp` bin over stdio, spoken to in raw JSON-RPC lines as an MCP client
 * would: initialize, then read_image on the app's image. Within 60 s or it fails.
 */
async function proveMcpBin(dir) {
  const child = spawn('npx', ['--no-install', 'toolcard-mcp', '--root', '.', '--store', 'mcp-store'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const waiting = new Map();
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      waiting.get(message.id)?.(message);
    }
  });
  const request = (id, method, params) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new ProofError(`toolcard-mcp did not answer ${method} within 60 s; stderr:\n${stderr}`)), 60_000);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  const init = await request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'consumer-proof', version: '1' } });
  assert(init.result?.serverInfo?.name === 'toolcard-read-image', `toolcard-mcp initialize: ${JSON.stringify(init)}`);
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  const { result } = await request(2, 'tools/call', { name: 'read_image', arguments: { file_path: 'image.png' } });
  const [text, image] = result?.content ?? [];
  assert(
    result?.isError === false && text?.type === 'text' && text.text.includes('<type>image</type>'),
    `toolcard-mcp read_image: ${JSON.stringify(result).slice(0, 500)}`,
  );
  assert(
    image?.type === 'image' && image.mimeType === 'image/png' && Buffer.from(image.data, 'base64').subarray(1, 4).toString() === 'PNG',
    'toolcard-mcp read_image returned no PNG image block',
  );
  assert(
    result._meta?.['dev.toolcard/presentation']?.path?.endsWith('image.png'),
    `toolcard-mcp read_image: no display path in _meta: ${JSON.stringify(result._meta)}`,
  );
  child.stdin.end();
  log('node: the installed toolcard-mcp bin (optional MCP peers installed) served read_image over stdio');
}

function proveTypes(dir, where = 'types') {
  run('npx', ['--no-install', 'tsc', '--noEmit', '-p', '.'], { cwd: dir });
  const types = JSON.parse(readFileSync(path.join(dir, 'node_modules/@types/react/package.json'), 'utf8')).version;
  log(`${where}: tsc --noEmit (nodenext, skipLibCheck off, @types/react ${types}) passed for consumer.tsx`);
}

/** The React version an app installed. */
function installedReact(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'node_modules/react/package.json'), 'utf8')).version;
}

// --- vite -----------------------------------------------------------------------------------------

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.jsonl': 'application/x-ndjson',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/** A static file server for DIR on 127.0.0.1 (a free port), stopped by the cleanups. */
async function serveStatic(dir) {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}`;
}

/** Waits until the image inside LOCATOR has decoded real pixels. */
async function expectImageLoaded(locator, what) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {
    throw new ProofError(`${what}: no image appeared`);
  });
  const ok = await locator.evaluate(async (img) => {
    await img.decode().catch(() => undefined);
    return img.complete && img.naturalWidth > 0;
  });
  assert(ok, `${what}: the image did not load`);
}

/** The replay in a browser: rows with their labels, a thumbnail's image, the lightbox open then closed by Esc. */
async function expectReplayInBrowser(page, url, errors, where) {
  await page.goto(url, { waitUntil: 'load' });
  const rows = page.locator('.tc-row[data-tool="read_image"]');
  await rows
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {
      throw new ProofError(`${where}: no read_image row rendered; page errors: ${errors.join('; ') || 'none'}`);
    });
  // textContent: a row's path is drawn in two parts (directory, file name) that innerText splits.
  const text = await page.locator('body').textContent();
  for (const label of ROW_LABELS) assert(text.includes(label), `${where}: the page does not show the row label ${label}`);
  const thumbnail = page.locator('.tc-gallery__tile[data-status="ready"] img.tc-gallery__image').first();
  await expectImageLoaded(thumbnail, `${where}: gallery thumbnail`);
  await page.locator('.tc-gallery__thumb').first().click();
  const lightbox = page.locator('dialog.tc-lightbox');
  await lightbox.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {
    throw new ProofError(`${where}: clicking the thumbnail opened no lightbox`);
  });
  assert(await lightbox.evaluate((dialog) => dialog.open), `${where}: the lightbox dialog is not open`);
  await expectImageLoaded(lightbox.locator('img.tc-lightbox__image'), `${where}: lightbox image`);
  await page.keyboard.press('Escape');
  await page.waitForFunction("!document.querySelector('dialog.tc-lightbox')?.open", undefined, { timeout: 5_000 }).catch(() => {
    throw new ProofError(`${where}: Esc did not close the lightbox`);
  });
  assert(errors.length === 0, `${where}: the page logged errors:\n${errors.join('\n')}`);
}

/**
 * The Vite app in Chromium: rendered in the browser, and, given the session's HTML from the Node
 * render on the same React, served inside the page and hydrated (a mismatch is an error on the page).
 */
async function proveVite(tarballs, react = 19, serverHtml = undefined) {
  const where = react === 19 ? 'vite' : `vite-react${react}`;
  const dir = installApp('vite-app', tarballs, [UI], [`vite@${pinnedVersion('vite')}`, `@vitejs/plugin-react@${pinnedVersion('@vitejs/plugin-react')}`], react);
  copySession(path.join(dir, 'public/session.jsonl'), path.join(dir, 'public/attachments'));
  const start = Date.now();
  run('npm', ['run', 'build'], { cwd: dir });
  log(`${where}: vite build ${elapsed(start)}`);
  const url = await serveStatic(path.join(dir, 'dist'));
  const browser = await launchBrowser();
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await expectReplayInBrowser(page, url, errors, where);
  if (serverHtml === undefined) log(`${where}: hydration not checked (run the node proof of this React too)`);
  else {
    const index = readFileSync(path.join(dir, 'dist/index.html'), 'utf8');
    assert(index.includes('<main id="root"></main>'), `${where}: dist/index.html has no empty #root to fill`);
    writeFileSync(path.join(dir, 'dist/hydrated.html'), index.replace('<main id="root"></main>', `<main id="root">${serverHtml}</main>`));
    const hydrated = await browser.newPage();
    const hydrationErrors = watchErrors(hydrated);
    await expectReplayInBrowser(hydrated, `${url}/hydrated.html`, hydrationErrors, `${where} (hydrated)`);
    log(`${where}: the server-rendered session hydrates with no error; its thumbnail and lightbox work`);
  }
  log(`${where}: the built app (React ${installedReact(dir)}) replays the session; thumbnail and lightbox images load; Esc closes the lightbox`);
}

// --- next -----------------------------------------------------------------------------------------

/** Starts COMMAND in its own process group; the cleanups stop the whole group. */
function startServer(command, args, options) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid, 'SIGTERM');
        setTimeout(() => {
          if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
        }, 5_000).unref();
      }),
  );
  return { child, output: () => output };
}

async function waitForHttp(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new ProofError(`the server exited (${server.child.exitCode}):\n${server.output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return response.text();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new ProofError(`${url} did not answer within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function proveNext(tarballs) {
  const dir = installApp('next-app', tarballs, [UI], [`next@${NEXT_VERSION}`]);
  copySession(path.join(dir, 'session.jsonl'), path.join(dir, 'public/attachments'));
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  const start = Date.now();
  run('npx', ['--no-install', 'next', 'build'], { cwd: dir, env, timeout: 300_000 });
  log(`next: next build ${elapsed(start)}`);
  const port = await freePort();
  const server = startServer('npx', ['--no-install', 'next', 'start', '--hostname', '127.0.0.1', '--port', String(port)], { cwd: dir, env });
  const url = `http://127.0.0.1:${port}/`;
  const html = await waitForHttp(url, server, 60_000);
  for (const label of ROW_LABELS) assert(html.includes(label), `next: the served HTML lacks the row label ${label} (not server-rendered)`);
  assert(html.includes('data-tool="read_image"'), 'next: the served HTML has no read_image row');
  log('next: next start serves HTML that already holds every row label');
  const browser = await launchBrowser();
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await expectReplayInBrowser(page, url, errors, 'next');
  log('next: the page hydrates with no console error; thumbnail and lightbox images load; Esc closes the lightbox');
}

// --- ai-sdk-chat ----------------------------------------------------------------------------------

const CHAT_IMAGE = 'screenshots/login-screen.png';

async function proveAiSdkChat(tarballs) {
  const dir = installApp(
    'ai-sdk-chat',
    tarballs,
    [UI, HOST],
    [`vite@${pinnedVersion('vite')}`, `@vitejs/plugin-react@${pinnedVersion('@vitejs/plugin-react')}`],
  );
  mkdirSync(path.join(dir, 'workspace/screenshots'), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'stories/fixtures/workspace', CHAT_IMAGE), path.join(dir, 'workspace', CHAT_IMAGE));
  const start = Date.now();
  run('npm', ['run', 'build'], { cwd: dir });
  log(`ai-sdk-chat: vite build ${elapsed(start)}`);
  const port = await freePort();
  const server = startServer('node', ['server.mjs', '--port', String(port)], { cwd: dir });
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url, server, 30_000);

  const browser = await launchBrowser();
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.goto(url, { waitUntil: 'load' });
  // Every state the first card's DOM ever shows, in order, however briefly (a MutationObserver
  // sees each commit): the proof asserts the sequence, not how long a state lasted.
  // (In the page: `globalThis` is its window; this file is linted as Node code.)
  await page.evaluate(() => {
    const seen = [];
    globalThis.__cardStates = seen;
    const record = () => {
      const state = globalThis.document.querySelector('.tc-row[data-tool="read_image"]')?.getAttribute('data-state');
      if (state && seen.at(-1) !== state) seen.push(state);
    };
    new globalThis.MutationObserver(record).observe(globalThis.document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  await page.getByLabel('Message').fill(`Please look at ${CHAT_IMAGE}`);
  await page.getByRole('button', { name: 'Send' }).click();

  const card = page.locator('.tc-row[data-tool="read_image"]');
  await page
    .locator('.tc-row[data-tool="read_image"][data-state="done"]')
    .waitFor({ timeout: 15_000 })
    .catch(() => {
      throw new ProofError(`ai-sdk-chat: the read_image card did not settle as done; page errors: ${errors.join('; ') || 'none'}`);
    });
  // The scripted model streams the call's input in spaced chunks: preparing while it arrives, then
  // running while the real read runs, then done.
  const states = await page.evaluate(() => globalThis.__cardStates);
  assert(
    states.includes('running') && states.indexOf('running') < states.indexOf('done') && states.at(-1) === 'done',
    `ai-sdk-chat: the card's states were ${JSON.stringify(states)}, expected running before done`,
  );
  assert((await card.count()) === 1, `ai-sdk-chat: ${await card.count()} read_image cards, expected 1`);
  assert(((await card.textContent()) ?? '').includes(CHAT_IMAGE), `ai-sdk-chat: the card is not labelled with ${CHAT_IMAGE}`);
  await expectImageLoaded(card.locator('.tc-gallery__tile[data-status="ready"] img.tc-gallery__image').first(), 'ai-sdk-chat: gallery thumbnail');
  await card.locator('.tc-gallery__thumb').first().click();
  const lightbox = page.locator('dialog.tc-lightbox');
  await lightbox.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {
    throw new ProofError('ai-sdk-chat: clicking the thumbnail opened no lightbox');
  });
  await expectImageLoaded(lightbox.locator('img.tc-lightbox__image'), 'ai-sdk-chat: lightbox image');
  await page.keyboard.press('Escape');
  await page
    .getByText('I looked at the image')
    .waitFor({ timeout: 15_000 })
    .catch(() => {
      throw new ProofError("ai-sdk-chat: the model's answer (after seeing the image) never appeared");
    });
  // A refusal: the second card settles as refused (not failed) with the tool's message, and shows no image.
  await page.getByLabel('Message').fill('Now logo.svg, please');
  await page.getByRole('button', { name: 'Send' }).click();
  const refused = page.locator('.tc-row[data-tool="read_image"][data-state="refused"]');
  await refused.waitFor({ timeout: 15_000 }).catch(() => {
    throw new ProofError('ai-sdk-chat: reading logo.svg did not end in a refused card');
  });
  assert((await refused.innerText()).includes('is not an image type this tool reads'), "ai-sdk-chat: the refused card lacks the tool's message");
  assert((await refused.locator('.tc-gallery').count()) === 0, 'ai-sdk-chat: the refused card shows a gallery');
  await page
    .getByText('I could not look at the image')
    .waitFor({ timeout: 15_000 })
    .catch(() => {
      throw new ProofError("ai-sdk-chat: the model's answer to the refusal never appeared");
    });
  const html = await page.content();
  assert(!/iVBORw0KGgo|;base64,/.test(html), 'ai-sdk-chat: base64 image data reached the page');
  assert(errors.length === 0, `ai-sdk-chat: the page logged errors:\n${errors.join('\n')}`);
  log(
    `ai-sdk-chat: the card went ${states.join(' → ')}, settled with its image from the attachment route, the lightbox opened, the answer followed; a .svg ended in a refused card`,
  );
}

// --- main -----------------------------------------------------------------------------------------

const results = [];
async function prove(name, fn) {
  if (!selected.includes(name)) return;
  const start = Date.now();
  try {
    await fn();
    results.push(`ok   ${name} (${elapsed(start)})`);
  } catch (error) {
    results.push(`FAIL ${name} (${elapsed(start)}): ${error instanceof Error ? error.message : String(error)}`);
    if (!(error instanceof ProofError)) console.error(error);
  }
}

const started = Date.now();
try {
  const tarballs = packPackages(path.join(work, 'packs'));
  let nodeApp;
  /** The Node render's HTML per React major, hydrated by the Vite proof of the same React. */
  const serverHtml = {};
  await prove('node', async () => {
    nodeApp = await proveNode(tarballs);
    serverHtml[19] = proveRender(nodeApp);
    proveReadImage(nodeApp);
    proveCli(nodeApp);
    await proveMcpBin(nodeApp);
  });
  await prove('types', async () => {
    proveTypes(nodeApp ?? (await proveNode(tarballs)));
  });
  await prove('vite', () => proveVite(tarballs, 19, serverHtml[19]));
  let nodeAppReact18;
  await prove('node-react18', async () => {
    nodeAppReact18 = await proveNode(tarballs, 18);
    serverHtml[18] = proveRender(nodeAppReact18, 'node-react18');
  });
  await prove('types-react18', async () => {
    proveTypes(nodeAppReact18 ?? (await proveNode(tarballs, 18)), 'types-react18');
  });
  await prove('vite-react18', () => proveVite(tarballs, 18, serverHtml[18]));
  await prove('next', () => proveNext(tarballs));
  await prove('ai-sdk-chat', () => proveAiSdkChat(tarballs));
} catch (error) {
  results.push(`FAIL setup: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`consumer-proofs: cleanup failed: ${String(error)}`);
    }
  }
  if (!process.env.TOOLCARD_KEEP_CONSUMERS) rmSync(work, { recursive: true, force: true });
  else log(`kept ${work}`);
}

for (const line of results) log(line);
log(`total ${elapsed(started)}`);
if (results.some((line) => line.startsWith('FAIL'))) {
  console.error('consumer-proofs: FAILED');
  process.exitCode = 1;
}
