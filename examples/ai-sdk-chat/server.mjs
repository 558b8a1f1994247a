// The chat server: POST /api/chat runs `streamText` with the scripted model and the real
// read_image tool and streams UI messages back; GET /sessions/:chatId/attachments/:id serves a
// stored image through the host package's attachment handler (only ids that chat's calls
// returned); everything else is the built page from dist/.
//
//   node server.mjs [--port 5178] [--root workspace] [--store .attachments]
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ConfigModelResolver, LocalAttachmentStore, LocalFileSystem, createAttachmentHandler } from '@toolcard/host-read-image';
import { convertToModelMessages, stepCountIs, streamText } from 'ai';

import { readImageAiTool } from './read-image-tool.mjs';
import { scriptedModel } from './scripted-model.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5178' },
    root: { type: 'string', default: 'workspace' },
    store: { type: 'string', default: '.attachments' },
  },
});
const root = path.resolve(values.root);
const DIST = path.resolve('dist');
const ROUTE = { provider: 'scripted', model: 'scripted-vision' };

const attachments = new LocalAttachmentStore({ dir: path.resolve(values.store) });
const deps = {
  fs: new LocalFileSystem({ roots: [root] }),
  attachments,
  models: new ConfigModelResolver([{ ...ROUTE, inputModalities: ['text', 'image'] }]),
};

/** chat id → the attachment ids its read_image calls returned: all the attachment route may serve it. */
const chatImages = new Map();
const serveAttachment = createAttachmentHandler({
  store: attachments,
  sessions: {
    readLog: async () => undefined,
    referencedIds: async (chatId) => chatImages.get(chatId),
  },
});

async function chat(req, res) {
  const { id: chatId, messages } = JSON.parse(await bodyOf(req));
  if (typeof chatId !== 'string' || !Array.isArray(messages)) {
    res.writeHead(400, { 'Content-Type': 'text/plain' }).end('expected {id, messages}');
    return;
  }
  const images = chatImages.get(chatId) ?? new Set();
  chatImages.set(chatId, images);
  const tools = {
    read_image: readImageAiTool({ deps, cwd: root, route: ROUTE, onImage: (id) => images.add(id) }),
  };
  const result = streamText({
    model: scriptedModel(),
    messages: await convertToModelMessages(messages, { tools }),
    tools,
    stopWhen: stepCountIs(3),
    abortSignal: abortedWhenClosed(res),
  });
  result.pipeUIMessageStreamToResponse(res);
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function serveStatic(req, res) {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const file = path.join(DIST, pathname === '/' ? 'index.html' : pathname);
  if (!file.startsWith(DIST + path.sep) || !existsSync(file)) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
}

const server = http.createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname;
  const handled =
    req.method === 'POST' && pathname === '/api/chat'
      ? chat(req, res)
      : pathname.startsWith('/sessions/')
        ? serveAttachment(req, res)
        : Promise.resolve(serveStatic(req, res));
  handled.catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('Internal error');
  });
});

server.listen(Number(values.port), '127.0.0.1', () => {
  // The one line a launcher waits for (port 0 picks a free port).
  console.log(`ai-sdk-chat: http://127.0.0.1:${server.address().port}/ (reading images under ${root})`);
});

function bodyOf(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

/** Stops the model and the tool when the page goes away (the browser closes the stream). */
function abortedWhenClosed(res) {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
