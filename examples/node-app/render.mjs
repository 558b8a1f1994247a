// Server-side rendering with plain Node: no bundler, no TypeScript, no DOM. Prints the HTML of a
// replayed session log, and fails if anything in @toolcard/* reached for `window` or `document`.
//
//   node render.mjs session.jsonl
import { readFile } from 'node:fs/promises';

// Any read of a browser global is recorded with the stack that made it (set before the imports).
const touches = [];
for (const name of ['window', 'document']) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      touches.push(`${name}\n${new Error().stack ?? ''}`);
      return undefined;
    },
  });
}

const { QueryClient } = await import('@tanstack/react-query');
const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
const { AttachmentNotAvailableError, SessionReplay, ToolCardProvider } = await import('@toolcard/ui-tool-image');
const { parseSessionLog } = await import('@toolcard/ui-tool-image/model');

const log = parseSessionLog(await readFile(process.argv[2] ?? 'session.jsonl', 'utf8'));
const loadImage = () => Promise.reject(new AttachmentNotAvailableError('no images on the server'));
// One QueryClient per request, cleared after the render: the image cache's timers end with it.
const queryClient = new QueryClient();
const html = renderToString(
  createElement(ToolCardProvider, { loadImage, queryClient, locale: 'en', cwd: '/home/qa/project' }, createElement(SessionReplay, { log })),
);
queryClient.clear();

const ours = touches.filter((stack) => stack.includes('@toolcard/'));
if (ours.length > 0) {
  console.error(`render: @toolcard/* touched a browser global during import or render:\n${ours.join('\n\n')}`);
  process.exit(1);
}
process.stdout.write(html);
