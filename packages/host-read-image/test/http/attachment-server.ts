import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { afterEach } from 'vitest';

import { createAttachmentHandler, type AttachmentHandlerOptions } from '../../src/http/attachment-handler.ts';
import { directorySessionSource } from '../../src/http/session-source.ts';
import { SessionRecorder } from '../../src/log/session-recorder.ts';
import { FileSink } from '../../src/log/sinks.ts';
import type { AttachmentRef, AttachmentStore } from '../../src/seams/attachment-store.ts';
import type { ToolResult } from '../../src/seams/tool.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { countingIds, FIXED_CLOCK } from '../log/deterministic-sources.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { solid } from '../support/test-images.ts';

export function imageResult(ref: AttachmentRef, extra: Partial<ToolResult> = {}): ToolResult {
  return {
    content: [
      { type: 'text', text: 'envelope' },
      { type: 'image', attachment: ref },
    ],
    isError: false,
    ...extra,
  };
}

/** A session script that references `ref` from one top-level `read_image` result. */
export async function recordTopLevel(recorder: SessionRecorder, ref: AttachmentRef): Promise<void> {
  await recorder.recordStep({
    turn: 1,
    step: 1,
    calls: [{ callId: 'read-1', name: 'read_image', arguments: '{"file_path":"red.png"}' }],
    execute: () => Promise.resolve(imageResult(ref, { meta: { path: '/work/red.png' } })),
  });
}

export type HandlerOverrides = Omit<AttachmentHandlerOptions, 'store' | 'sessions'>;

export interface ServerOptions extends HandlerOverrides {
  /** The store to serve from (its owner disposes of it); a new LocalAttachmentStore by default. */
  readonly store?: AttachmentStore;
}

/**
 * Starts real attachment servers (a real store — a LocalAttachmentStore in `storeDir` unless one
 * is given —, a real session directory, a real `node:http` server on 127.0.0.1) and stops them
 * after each test. Each server records which ids reach the store's `readImage` and which
 * sessions reach the session source.
 */
export function useAttachmentServers() {
  const tempDir = useTempDirs();
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  return async function startServer({ store: givenStore, ...options }: ServerOptions = {}) {
    const storeDir = await tempDir();
    const logsDir = await tempDir();
    const store = givenStore ?? ownedLocalStore(storeDir);
    const sessionReads: string[] = [];
    const storeReads: string[] = [];
    const directory = directorySessionSource(logsDir);
    const watchedStore: AttachmentStore = {
      imageLimits: store.imageLimits,
      saveImage: (input, signal) => store.saveImage(input, signal),
      readImage: (id, signal) => (storeReads.push(id), store.readImage(id, signal)),
      onDispose: (listener) => store.onDispose(listener),
    };
    const handler = createAttachmentHandler({
      store: watchedStore,
      sessions: { readLog: (id) => (sessionReads.push(id), directory.readLog(id)) },
      ...options,
    });
    const server = http.createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => {
            resolve();
          });
        }),
    );
    const { port } = server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;

    const save = async (background: string) => {
      const data = await solid(2, 2, 'png', background);
      return { data, ref: await store.saveImage({ data, name: 'red.png' }) };
    };
    const record = async (sessionId: string, script: (recorder: SessionRecorder) => Promise<void>) => {
      const sink = new FileSink(path.join(logsDir, `${sessionId}.jsonl`));
      const recorder = await SessionRecorder.open({ sink, cwd: '/work', sessionId, clock: FIXED_CLOCK, ids: countingIds() });
      await recorder.startTurn(1);
      await recorder.startStep(1, 1);
      await script(recorder);
      return recorder;
    };
    const url = (sessionId: string, attachmentId: string, mount = '') =>
      `${origin}${mount}/sessions/${encodeURIComponent(sessionId)}/attachments/${encodeURIComponent(attachmentId)}`;
    return { origin, port, store, storeDir, logsDir, sessionReads, storeReads, save, record, url };
  };

  function ownedLocalStore(dir: string): LocalAttachmentStore {
    const store = new LocalAttachmentStore({ dir });
    cleanups.push(() => {
      store.dispose();
    });
    return store;
  }
}
