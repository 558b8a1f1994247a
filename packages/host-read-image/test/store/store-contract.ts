import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import { createAttachmentHandler } from '../../src/http/attachment-handler.ts';
import { directorySessionSource } from '../../src/http/session-source.ts';
import { SessionRecorder } from '../../src/log/session-recorder.ts';
import { FileSink } from '../../src/log/sinks.ts';
import { ConfigModelResolver } from '../../src/model-routes/config-model-resolver.ts';
import type { AttachmentRef, AttachmentStore } from '../../src/seams/attachment-store.ts';
import type { ToolResult } from '../../src/seams/tool.ts';
import { createReadImageTool, type ReadImageValue } from '../../src/tool/read-image-tool.ts';
import { countingIds, FIXED_CLOCK } from '../log/deterministic-sources.ts';
import { attachmentFailure, sha256Id } from '../support/store-test-support.ts';
import { orientedJpeg, solid, truncated } from '../support/test-images.ts';

const ROUTE = { provider: 'p', model: 'vision' };
const models = new ConfigModelResolver([{ ...ROUTE, inputModalities: ['text', 'image'] }]);

/** What the contract suite needs from a store under test. */
export interface StoreUnderTest {
  readonly store: AttachmentStore;
  /** A second instance on the same storage (another process, another host). */
  readonly reopen: () => AttachmentStore;
}

/**
 * `read_image`, the session recorder and the attachment route, run unchanged against any
 * AttachmentStore: the local one and the S3 one each call this with their factory.
 */
export function describeStoreContract(label: string, open: () => Promise<StoreUnderTest>, tempDir: () => Promise<string>): void {
  async function setUp() {
    const { store, reopen } = await open();
    const cwd = await tempDir();
    const tool = createReadImageTool({ fs: new LocalFileSystem(), attachments: store, models });
    const read = (file: string, callId = 'call-1') => tool.execute({ file_path: file }, { callId, cwd, route: ROUTE });
    const write = async (name: string, data: Uint8Array) => {
      await writeFile(path.join(cwd, name), data);
      return data;
    };
    return { store, reopen, cwd, read, write };
  }

  describe(`${label}: read_image, the recorder and the attachment route`, () => {
    it(`${label}: read_image stores a clean PNG byte-identical and the image block references it`, async () => {
      const { store, read, write } = await setUp();
      const data = await write('shot.png', await solid(30, 20, 'png'));
      const result = await read('shot.png');
      expect(result.isError).toBe(false);
      const image = imageOf(result);
      expect(image).toEqual({ attachmentId: sha256Id(data), mediaType: 'image/png', bytes: data.length, width: 30, height: 20, name: 'shot.png' });
      expect(Buffer.from((await store.readImage(image.attachmentId)).data).equals(data)).toBe(true);
    });

    it(`${label}: read_image normalises an oriented JPEG and another instance reads the same object`, async () => {
      const { reopen, read, write } = await setUp();
      await write('photo.jpg', await orientedJpeg());
      const image = imageOf(await read('photo.jpg'));
      expect(image).toMatchObject({ mediaType: 'image/jpeg', width: 20, height: 40 });
      const again = await reopen().readImage(image.attachmentId);
      expect(sha256Id(again.data)).toBe(image.attachmentId);
    });

    it(`${label}: read_image refuses a truncated PNG and stores nothing for it`, async () => {
      const { store, read, write } = await setUp();
      const bad = await write('cut.png', truncated(await solid(300, 200, 'png')));
      const result = await read('cut.png');
      expect(result).toMatchObject({ isError: true, error: { code: 'INVALID_IMAGE' } });
      await attachmentFailure(store.readImage(sha256Id(bad)), 'ATTACHMENT_NOT_FOUND');
    });

    it(`${label}: the recorder logs the reference and the route serves the stored bytes to that session only`, async () => {
      const { store, read, write } = await setUp();
      const data = await write('shot.png', await solid(12, 8, 'png', '#00ff00'));
      const logsDir = await tempDir();
      const sink = new FileSink(path.join(logsDir, 'session-a.jsonl'));
      const recorder = await SessionRecorder.open({ sink, cwd: '/work', sessionId: 'session-a', clock: FIXED_CLOCK, ids: countingIds() });
      await recorder.startTurn(1);
      await recorder.startStep(1, 1);
      const [result] = await recorder.recordStep({
        turn: 1,
        step: 1,
        calls: [{ callId: 'read-1', name: 'read_image', arguments: '{"file_path":"shot.png"}' }],
        execute: () => read('shot.png', 'read-1'),
      });
      const image = imageOf(result);
      expect(await readFile(path.join(logsDir, 'session-a.jsonl'), 'utf8')).toContain(JSON.stringify(image.attachmentId));

      const other = await write('other.png', await solid(12, 8, 'png', '#0000ff'));
      await store.saveImage({ data: other }); // stored, but no log references it

      const { origin, close } = await serve(createAttachmentHandler({ store, sessions: directorySessionSource(logsDir) }));
      try {
        const url = (session: string, id: string) => `${origin}/sessions/${session}/attachments/${encodeURIComponent(id)}`;
        const served = await fetch(url('session-a', image.attachmentId));
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
        expect((await fetch(url('session-a', sha256Id(other)))).status).toBe(404);
        expect((await fetch(url('session-b', image.attachmentId))).status).toBe(404);
      } finally {
        await close();
      }
    });
  });
}

function imageOf(result: ToolResult<ReadImageValue> | ToolResult | undefined): AttachmentRef {
  const block = result?.content.find((candidate) => candidate.type === 'image');
  if (block?.type !== 'image') throw new Error(`no image block in ${JSON.stringify(result)}`);
  return block.attachment;
}

async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) {
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
