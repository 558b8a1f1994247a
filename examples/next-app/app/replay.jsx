'use client';
// The cards on the client (server-rendered first, then hydrated). Images load through the store's
// id index, served from public/attachments/.
import { AttachmentNotAvailableError, SessionReplay, ToolCardProvider } from '@toolcard/ui-tool-image';

let attachmentIndex;
async function loadImage(ref, { signal }) {
  attachmentIndex ??= fetch('/attachments/index.json').then((response) => response.json());
  const entry = (await attachmentIndex)[ref.attachmentId];
  if (entry === undefined) throw new AttachmentNotAvailableError(`${ref.attachmentId} is not in the store`);
  const response = await fetch(`/attachments/${entry.file}`, { signal });
  if (!response.ok) throw new Error(`attachment request failed with HTTP ${response.status}`);
  return response.blob();
}

export function Replay({ log }) {
  return (
    <ToolCardProvider loadImage={loadImage} locale="en" cwd="/home/qa/project">
      <SessionReplay log={log} />
    </ToolCardProvider>
  );
}
