import { describe, expect, it, vi } from 'vitest';

import type { NestedDispatch, ToolCallRecord } from '../../src/log/events.ts';
import type { SessionLogOptions } from '../../src/log/session-log-writer.ts';
import { SessionRecorder } from '../../src/log/session-recorder.ts';
import { MemorySink } from '../../src/log/sinks.ts';
import type { AttachmentRef } from '../../src/seams/attachment-store.ts';
import type { ContentBlock } from '../../src/seams/content-blocks.ts';
import type { ToolResult } from '../../src/seams/tool.ts';
import { countingIds, FIXED_CLOCK } from './deterministic-sources.ts';

const IMAGE: AttachmentRef = {
  attachmentId: 'sha256:aaaa',
  mediaType: 'image/png',
  bytes: 69,
  width: 2,
  height: 2,
  name: 'red.png',
};
const IMAGE_CONTENT: readonly ContentBlock[] = [
  { type: 'text', text: 'envelope' },
  { type: 'image', attachment: IMAGE },
];

interface LoggedEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly sourceEventSeqs?: number[];
  readonly surfaceOp?: string;
}

async function openRecorder(options: Partial<SessionLogOptions> = {}) {
  const sink = new MemorySink();
  const recorder = await SessionRecorder.open({ sink, cwd: '/work', clock: FIXED_CLOCK, ids: countingIds(), ...options });
  const events = () => sink.lines.slice(1).map((line) => JSON.parse(line) as LoggedEvent);
  return { sink, recorder, events };
}

function call(callId: string, args = '{}'): ToolCallRecord {
  return { callId, name: 'read_image', arguments: args };
}

function textResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: false };
}

/** A promise the test settles by hand. */
function manual<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

const NESTED: NestedDispatch = {
  rootCallId: 'code-1',
  parentCallId: 'code-1',
  subCallId: 'code-1.1',
  name: 'read_image',
  arguments: { file_path: 'red.png' },
};

/** A program (run_code) that reads one image through a nested dispatch. */
async function recordProgramStep(recorder: SessionRecorder): Promise<void> {
  await recorder.startTurn(1);
  await recorder.startStep(1, 1);
  await recorder.recordStep({
    turn: 1,
    step: 1,
    calls: [call('code-1', '{"code":"readImage(\'red.png\')"}'), call('plain-2')],
    execute: async ({ callId }) => {
      if (callId !== 'code-1') return { ...textResult('plain'), meta: { path: '/work/x.png' } };
      const nested = await recorder.recordNestedDispatch(NESTED, () =>
        Promise.resolve({
          content: IMAGE_CONTENT,
          isError: false,
          value: { path: '/work/red.png', image: IMAGE },
          deferred: [{ role: 'user', content: IMAGE_CONTENT, source: { kind: 'ptc-mode' } }],
        }),
      );
      return textResult(`program saw ${String(nested.isError)}`);
    },
  });
  await recorder.endStep(1, 1);
  await recorder.startStep(1, 2);
  await recorder.endStep(1, 2);
  await recorder.endTurn(1);
}

describe('SessionRecorder: reproducibility', () => {
  it('records the same script twice into byte-identical logs', async () => {
    const record = async () => {
      const { sink, recorder } = await openRecorder({ ids: countingIds() });
      await recordProgramStep(recorder);
      return sink.text();
    };
    const first = await record();
    expect(first.split('\n').length).toBeGreaterThan(10);
    expect(await record()).toBe(first);
  });

  it('takes the session id and createdAt from the injected sources', async () => {
    const { sink, recorder } = await openRecorder({ ids: countingIds('s') });
    expect(recorder.sessionId).toBe('s-1');
    expect(sink.lines[0]).toBe('{"type":"session","version":0,"id":"s-1","createdAt":1783951000000,"cwd":"/work"}');
  });

  it('uses a given session id without drawing one from the id source', async () => {
    const { sink, recorder } = await openRecorder({ sessionId: 'given' });
    await recorder.userMessage({ role: 'user', content: [], source: { kind: 'user' } });
    expect(recorder.sessionId).toBe('given');
    expect(JSON.parse(sink.lines[1] ?? '')).toMatchObject({ data: { id: 'id-1' } });
  });
});

describe('SessionRecorder.recordStep', () => {
  it('runs calls concurrently but writes results in call order, each as soon as its predecessors settled', async () => {
    const { recorder, events } = await openRecorder();
    const pending = new Map([
      ['first', manual<ToolResult>()],
      ['second', manual<ToolResult>()],
      ['third', manual<ToolResult>()],
    ]);
    const started: string[] = [];
    const recorded = recorder.recordStep({
      turn: 1,
      step: 1,
      calls: [call('first'), call('second'), call('third')],
      execute: ({ callId }) => {
        started.push(callId);
        return pending.get(callId)?.promise ?? Promise.reject(new Error(callId));
      },
    });
    await vi.waitFor(() => {
      expect(started).toEqual(['first', 'second', 'third']);
    });

    pending.get('third')?.resolve(textResult('third done'));
    pending.get('second')?.resolve(textResult('second done'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events().map((event) => event.type)).toEqual(['tool/call', 'tool/call', 'tool/call']);

    pending.get('first')?.resolve(textResult('first done'));
    const results = await recorded;

    expect(results.map((result) => result.content)).toEqual([
      [{ type: 'text', text: 'first done' }],
      [{ type: 'text', text: 'second done' }],
      [{ type: 'text', text: 'third done' }],
    ]);
    const resultEvents = events().filter((event) => event.type === 'tool/result');
    expect(resultEvents.map((event) => [event.data.message, event.sourceEventSeqs])).toEqual([
      [expect.objectContaining({ source: { kind: 'tool', callId: 'first' } }), [0]],
      [expect.objectContaining({ source: { kind: 'tool', callId: 'second' } }), [1]],
      [expect.objectContaining({ source: { kind: 'tool', callId: 'third' } }), [2]],
    ]);
  });

  it('logs the raw argument string, even when it is not valid JSON', async () => {
    const { sink, recorder } = await openRecorder();
    await recorder.recordStep({
      turn: 2,
      step: 3,
      calls: [call('c1', '{"file_path": "red.png"')],
      execute: () => Promise.resolve(textResult('x')),
    });
    expect(sink.lines[1]).toBe(
      '{"type":"tool/call","data":{"turn":2,"step":3,"callId":"c1","name":"read_image","arguments":"{\\"file_path\\": \\"red.png\\""}}',
    );
  });

  it('omits absent error and meta keys and writes present ones in the wire order', async () => {
    const { sink, recorder, events } = await openRecorder();
    const anonymous = { ...IMAGE, name: undefined } as unknown as AttachmentRef;
    await recorder.recordStep({
      turn: 1,
      step: 1,
      calls: [call('bare'), call('failed'), call('shown')],
      execute: ({ callId }) =>
        Promise.resolve<ToolResult>(
          callId === 'bare'
            ? { content: [{ type: 'image', attachment: anonymous }], isError: false }
            : callId === 'failed'
              ? { content: [{ type: 'text', text: 'Error: no' }], isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' } }
              : { ...textResult('ok'), meta: { path: '/work/red.png' }, value: { secret: 1 } },
        ),
    });
    const [bare, failed, shown] = events().filter((event) => event.type === 'tool/result');
    expect(Object.keys(bare?.data ?? {})).toEqual(['turn', 'step', 'message']);
    expect(Object.keys(failed?.data ?? {})).toEqual(['turn', 'step', 'message', 'error']);
    expect(failed?.data.error).toEqual({ name: 'FsError', code: 'FS_NOT_FOUND' });
    expect(Object.keys(shown?.data ?? {})).toEqual(['turn', 'step', 'message', 'meta']);
    expect(shown?.data.meta).toEqual({ path: '/work/red.png' });
    expect(sink.text()).not.toMatch(/undefined|null|secret/);
    expect(sink.text()).toContain(
      '"content":[{"type":"image","attachment":{"attachmentId":"sha256:aaaa","mediaType":"image/png","bytes":69,"width":2,"height":2}}]',
    );
  });

  it('writes blocks in the wire key order and drops keys that are not part of the wire format', async () => {
    const { sink, recorder } = await openRecorder();
    const shuffled = {
      originalDimensions: { height: 40, width: 30, scale: 9 },
      name: 'big.png',
      height: 2,
      width: 3,
      bytes: 69,
      mediaType: 'image/png',
      attachmentId: 'sha256:bbbb',
      data: 'raw bytes must never reach the log',
    } as unknown as AttachmentRef;
    await recorder.recordStep({
      turn: 1,
      step: 1,
      calls: [call('c1')],
      execute: () =>
        Promise.resolve({
          content: [{ text: 'envelope', type: 'text', extra: 1 } as unknown as ContentBlock, { attachment: shuffled, type: 'image' }],
          isError: false,
        }),
    });
    expect(sink.lines[2]).toContain(
      '"content":[{"type":"text","text":"envelope"},{"type":"image","attachment":{"attachmentId":"sha256:bbbb","mediaType":"image/png","bytes":69,"width":3,"height":2,"name":"big.png","originalDimensions":{"width":30,"height":40}}}]',
    );
    expect(sink.text()).not.toMatch(/raw bytes|extra|scale/);
  });

  it('records a rejected execution as a failed result so the call is still settled', async () => {
    const { recorder, events } = await openRecorder();
    const [result] = await recorder.recordStep({
      turn: 1,
      step: 1,
      calls: [call('broken')],
      execute: () => Promise.reject(new Error('tool bug')),
    });
    const expected = { content: [{ type: 'text', text: 'Error: tool bug' }], isError: true };
    expect(result).toEqual(expected);
    expect(events()[1]?.data.message).toMatchObject({
      content: [{ type: 'tool-result', toolCallId: 'broken', ...expected }],
    });
  });
});

describe('SessionRecorder: nested dispatch and deferred messages', () => {
  it('logs the dispatch inside its parent call and delivers the deferred message at the next step', async () => {
    const { recorder, events } = await openRecorder();
    await recordProgramStep(recorder);
    const log = events();

    expect(log.map((event) => event.type)).toEqual([
      'turn/start',
      'step/start',
      'tool/call',
      'tool/call',
      'tool/ptc-dispatch-start',
      'tool/ptc-dispatch',
      'tool/result',
      'tool/result',
      'agent/inbox/spliced',
      'step/end',
      'agent/inbox/spliced',
      'step/start',
      'user/message',
      'step/end',
      'turn/end',
    ]);
    const identity = {
      rootCallId: 'code-1',
      parentCallId: 'code-1',
      subCallId: 'code-1.1',
      name: 'read_image',
      arguments: { file_path: 'red.png' },
    };
    expect(log[4]).toStrictEqual({ type: 'tool/ptc-dispatch-start', data: identity });
    expect(log[5]).toStrictEqual({
      type: 'tool/ptc-dispatch',
      data: { ...identity, isError: false, content: IMAGE_CONTENT },
    });
    expect(Object.keys(log[5]?.data ?? {})).toEqual(['rootCallId', 'parentCallId', 'subCallId', 'name', 'arguments', 'isError', 'content']);

    const deferred = { content: IMAGE_CONTENT, source: { kind: 'ptc-mode' }, role: 'user', id: 'id-2' };
    expect(log[8]).toStrictEqual({
      type: 'agent/inbox/spliced',
      data: { target: 'next-turn', start: 0, inserted: [deferred] },
    });
    expect(log[10]).toStrictEqual({
      type: 'agent/inbox/spliced',
      data: { target: 'next-turn', start: 0, removedCount: 1, inserted: [] },
    });
    expect(log[11]?.data).toEqual({ turn: 1, step: 2 });
    expect(log[12]).toStrictEqual({ type: 'user/message', data: deferred, surfaceOp: 'append' });
  });

  it('delivers a deferred message once: later steps carry no inbox events', async () => {
    const { recorder, events } = await openRecorder();
    await recordProgramStep(recorder);
    await recorder.startStep(1, 3);
    await recorder.endStep(1, 3);
    expect(
      events()
        .slice(-2)
        .map((event) => event.type),
    ).toEqual(['step/start', 'step/end']);
  });

  it('splices deferred messages of top-level results too, in result order', async () => {
    const { recorder, events } = await openRecorder();
    const deferring = (text: string): ToolResult => ({
      ...textResult(text),
      deferred: [{ role: 'user', content: [{ type: 'text', text }], source: { kind: 'ptc-mode' } }],
    });
    await recorder.recordStep({
      turn: 1,
      step: 1,
      calls: [call('a'), call('b')],
      execute: ({ callId }) => Promise.resolve(deferring(callId)),
    });
    await recorder.endStep(1, 1);
    const splice = events().find((event) => event.type === 'agent/inbox/spliced');
    expect(splice?.data.inserted).toEqual([
      { content: [{ type: 'text', text: 'a' }], source: { kind: 'ptc-mode' }, role: 'user', id: 'id-3' },
      { content: [{ type: 'text', text: 'b' }], source: { kind: 'ptc-mode' }, role: 'user', id: 'id-5' },
    ]);
  });
});
