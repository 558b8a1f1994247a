import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import {
  ConfigModelResolver,
  createReadImageTool,
  FileSink,
  LocalAttachmentStore,
  LocalFileSystem,
  SessionRecorder,
  type AttachmentStore,
  type ModelRoute,
} from '@toolcard/host-read-image';

/** The model the recorded sessions name: one that takes images. */
export const ROUTE: ModelRoute = { provider: 'replay', model: 'replay-vision' };

/**
 * The real host adapter wired as a harness wires it, in `dir`: a `workspace/` folder for the files
 * the agent reads, the real `read_image` tool over the real file system and a `LocalAttachmentStore`
 * in `store/` (or `store` given, e.g. an S3 one), and the real `SessionRecorder` appending to
 * `logName` through a `FileSink`. The caller puts images in the workspace and records the steps.
 */
export async function recordingHarness(
  dir: string,
  { logName = 'session.jsonl', store }: { readonly logName?: string; readonly store?: AttachmentStore } = {},
) {
  const workspace = path.join(dir, 'workspace');
  const storeDir = path.join(dir, 'store');
  const logPath = path.join(dir, logName);
  await mkdir(workspace, { recursive: true });
  const attachments = store ?? new LocalAttachmentStore({ dir: storeDir });
  const tool = createReadImageTool({
    fs: new LocalFileSystem({ roots: [workspace] }),
    attachments,
    models: new ConfigModelResolver([{ ...ROUTE, inputModalities: ['text', 'image'] }]),
  });
  const recorder = await SessionRecorder.open({ sink: new FileSink(logPath), cwd: workspace });
  /** Ends the store it made (a store given is its giver's to end). */
  const close = (): void => {
    if (attachments !== store && attachments instanceof LocalAttachmentStore) attachments.dispose();
  };
  return { workspace, storeDir, logPath, store: attachments, tool, recorder, close };
}
