import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import { SessionRecorder } from '../../src/log/session-recorder.ts';
import { MemorySink } from '../../src/log/sinks.ts';
import { ConfigModelResolver } from '../../src/model-routes/config-model-resolver.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { createReadImageTool } from '../../src/tool/read-image-tool.ts';
import { countingIds, FIXED_CLOCK } from '../log/deterministic-sources.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { solid } from '../support/test-images.ts';

const tempDir = useTempDirs();
const VISION = { provider: 'replay', model: 'vision' };

/**
 * One scripted session through the real tool, store and file system: a top-level read, a
 * refusal, and a read dispatched from a run_code program with its deferred message.
 */
async function recordSession(cwd: string, storeDir: string): Promise<string> {
  const tool = createReadImageTool({
    fs: new LocalFileSystem({ roots: [cwd] }),
    attachments: new LocalAttachmentStore({ dir: storeDir }),
    models: new ConfigModelResolver([{ ...VISION, inputModalities: ['text', 'image'] }]),
  });
  const sink = new MemorySink();
  const recorder = await SessionRecorder.open({ sink, cwd, clock: FIXED_CLOCK, ids: countingIds('msg') });
  const run = (file: string, callId: string, parent?: string) =>
    tool.execute({ file_path: file }, { callId, cwd, route: VISION, ...(parent ? { parent: { callId: parent } } : {}) });

  await recorder.startTurn(1);
  await recorder.startStep(1, 1);
  await recorder.requestHeader(VISION);
  await recorder.recordStep({
    turn: 1,
    step: 1,
    calls: [
      { callId: 'call-1', name: 'read_image', arguments: '{"file_path":"shots/red.png"}' },
      { callId: 'call-2', name: 'read_image', arguments: '{"file_path":"notes.txt"}' },
      { callId: 'call-3', name: 'run_code', arguments: '{"code":"read_image(\'shots/red.png\')"}' },
    ],
    execute: async (call) => {
      if (call.name === 'run_code') {
        const nested = await recorder.recordNestedDispatch(
          { rootCallId: call.callId, parentCallId: call.callId, subCallId: `${call.callId}.1`, name: 'read_image', arguments: { file_path: 'shots/red.png' } },
          () => run('shots/red.png', `${call.callId}.1`, call.callId),
        );
        return { content: [{ type: 'text', text: JSON.stringify(nested.value) }], isError: false };
      }
      return run((JSON.parse(call.arguments) as { file_path: string }).file_path, call.callId);
    },
  });
  await recorder.endStep(1, 1);
  await recorder.startStep(1, 2);
  await recorder.endStep(1, 2);
  await recorder.endTurn(1);
  return sink.text();
}

describe('a session recorded through the real tool', () => {
  it('is byte-identical when recorded again from the same inputs', async () => {
    const cwd = await tempDir();
    await mkdir(path.join(cwd, 'shots'));
    await writeFile(path.join(cwd, 'shots/red.png'), await solid(3, 2, 'png'));
    await writeFile(path.join(cwd, 'notes.txt'), 'not an image');

    const first = await recordSession(cwd, await tempDir());
    const second = await recordSession(cwd, await tempDir());

    expect(second).toBe(first);
    const events = first
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> });
    expect(events.map((event) => event.type)).toEqual([
      'turn/start',
      'step/start',
      'request/header',
      'tool/call',
      'tool/call',
      'tool/call',
      'tool/result',
      'tool/result',
      'tool/ptc-dispatch-start',
      'tool/ptc-dispatch',
      'tool/result',
      'agent/inbox/spliced',
      'step/end',
      'agent/inbox/spliced',
      'step/start',
      'user/message',
      'step/end',
      'turn/end',
    ]);
    const [topLevel, refusal] = events.filter((event) => event.type === 'tool/result');
    expect(topLevel?.data.meta).toEqual({ path: path.join(cwd, 'shots/red.png') });
    expect(refusal?.data.error).toEqual({ name: 'ReadImageError', code: 'UNSUPPORTED_IMAGE_EXTENSION' });
    const nested = events.find((event) => event.type === 'tool/ptc-dispatch');
    expect(nested?.data).not.toHaveProperty('meta');
    expect(first).not.toContain('"undefined"');
  });
});
