// The host adapter from plain Node: runs the real read_image tool on an image file and prints the
// model-facing result (a text envelope and an image block whose bytes sit in the attachment store).
//
//   node read-image.mjs image.png
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigModelResolver, LocalAttachmentStore, LocalFileSystem, ToolRegistry, registerReadImage } from '@toolcard/host-read-image';

const workspaceDir = process.cwd();
const registry = new ToolRegistry();
registerReadImage(registry, {
  fs: new LocalFileSystem({ roots: [workspaceDir] }),
  attachments: new LocalAttachmentStore({ dir: await mkdtemp(path.join(os.tmpdir(), 'attachments-')) }),
  models: new ConfigModelResolver([{ provider: 'p', model: 'm', inputModalities: ['text', 'image'] }]),
});
const result = await registry
  .get('read_image')
  ?.execute({ file_path: process.argv[2] ?? 'image.png' }, { callId: 'c1', cwd: workspaceDir, route: { provider: 'p', model: 'm' } });
console.log(JSON.stringify(result, null, 2));
