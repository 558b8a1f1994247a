import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { AttachmentRef, AttachmentStore } from '@toolcard/host-read-image';
import sharp from 'sharp';

import { recordingHarness, ROUTE } from './recording-harness.ts';

/** Real images, made by sharp: a distinct colour per name. */
const COLOURS = { 'red.png': '#d00000', 'blue.png': '#0040d0', 'green.png': '#00a040' } as const;
export type ImageName = keyof typeof COLOURS;

/**
 * A session recorded by the real host adapter into `dir`: real images in a workspace, the real
 * `read_image` tool over the real file system and `LocalAttachmentStore`, and the real
 * `SessionRecorder` appending to `session.jsonl` through a `FileSink`, exactly as a harness does.
 * `imageSize`: the images' pixels (30 × 20 by default); `store` records into another store instead
 * (an S3 one), and `storeDir` is then unused.
 */
export async function recordedSession(
  dir: string,
  {
    imageSize = { width: 30, height: 20 },
    store: givenStore,
  }: { readonly imageSize?: { readonly width: number; readonly height: number }; readonly store?: AttachmentStore } = {},
) {
  const { workspace, storeDir, logPath, store, tool, recorder } = await recordingHarness(dir, givenStore === undefined ? {} : { store: givenStore });
  for (const [name, background] of Object.entries(COLOURS)) {
    await sharp({ create: { ...imageSize, channels: 3, background } })
      .png()
      .toFile(path.join(workspace, name));
  }
  let calls = 0;
  let steps = 0;
  await recorder.startTurn(1);

  /** One model step that reads `name` with the real tool; resolves to the stored image's reference. */
  async function readImage(name: ImageName): Promise<AttachmentRef> {
    const callId = `call-${++calls}`;
    const step = ++steps;
    const call = { callId, name: tool.name, arguments: JSON.stringify({ file_path: name }) };
    await recorder.startStep(1, step);
    await recorder.assistantMessage({ turn: 1, step, route: ROUTE, content: [{ type: 'tool-call', id: callId, name: call.name, arguments: call.arguments }] });
    const [result] = await recorder.recordStep({
      turn: 1,
      step,
      calls: [call],
      execute: () => tool.execute({ file_path: name }, { callId, cwd: workspace, route: ROUTE }),
    });
    await recorder.endStep(1, step);
    const image = result?.content.find((block) => block.type === 'image');
    if (image?.type !== 'image') throw new Error(`reading ${name} gave no image: ${JSON.stringify(result)}`);
    return image.attachment;
  }

  /** Stores `name` without any log line referencing it. */
  async function storeOnly(name: ImageName): Promise<AttachmentRef> {
    const data = await sharp(path.join(workspace, name)).toBuffer();
    return store.saveImage({ data, name });
  }

  function userSays(text: string): Promise<number> {
    return recorder.userMessage({ role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } });
  }

  return { logPath, storeDir, store, readImage, storeOnly, userSays };
}

/** Writes `text` to `file` as one write (the tests' stand-in for a harness's torn append). */
export function writeText(file: string, text: string): Promise<void> {
  return writeFile(file, text, 'utf8');
}
