// A Vite + React app using the installed package: the one stylesheet, a session log fetched from
// the server, and a loader that maps attachment ids to files through the store's id index.
import '@toolcard/ui-tool-image/styles.css';
import { AttachmentNotAvailableError, SessionReplay, ToolCardProvider, parseSessionLog } from '@toolcard/ui-tool-image';
import { createRoot, hydrateRoot } from 'react-dom/client';

let attachmentIndex;
async function loadImage(ref, { signal }) {
  attachmentIndex ??= fetch('/attachments/index.json').then((response) => response.json());
  const entry = (await attachmentIndex)[ref.attachmentId];
  if (entry === undefined) throw new AttachmentNotAvailableError(`${ref.attachmentId} is not in the store`);
  const response = await fetch(`/attachments/${entry.file}`, { signal });
  if (!response.ok) throw new Error(`attachment request failed with HTTP ${response.status}`);
  return response.blob();
}

const log = parseSessionLog(await (await fetch('/session.jsonl')).text());
const root = document.getElementById('root');
const app = (
  <ToolCardProvider loadImage={loadImage} locale="en" cwd="/home/qa/project">
    <SessionReplay log={log} />
  </ToolCardProvider>
);
// A page served with the session already rendered on the server (renderToString) is hydrated.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
