import { describe, expect, it } from 'vitest';
import { buildToolCalls, parseSessionLog } from '../../../../src/model';
import { allNodes, dispatchEvents, IMAGE_CONTENT, logText, onlyRoot, toolCallEvent, toolResultEvent } from '../../builders';

const text = (value: string): { type: 'text'; text: string } => ({ type: 'text', text: value });

describe('buildToolCalls: pairing', () => {
  it('pairs tool/call with tool/result by callId, in log order', () => {
    const { roots, problems } = buildToolCalls([
      toolCallEvent('a', 'read', '{"file_path":"a.txt"}'),
      toolCallEvent('b', 'bash', '{"command":"ls"}'),
      toolResultEvent('b', [text('listing')]),
      toolResultEvent('a', [text('contents')], { meta: { path: '/x/a.txt' } }),
    ]);
    expect(problems).toEqual([]);
    expect(roots).toEqual([
      {
        callId: 'a',
        kind: 'top-level',
        name: 'read',
        argsRaw: '{"file_path":"a.txt"}',
        status: 'settled',
        result: { content: [text('contents')], isError: false, outcome: 'ok', meta: { path: '/x/a.txt' } },
        children: [],
        firstEventIndex: 0,
      },
      {
        callId: 'b',
        kind: 'top-level',
        name: 'bash',
        argsRaw: '{"command":"ls"}',
        status: 'settled',
        result: { content: [text('listing')], isError: false, outcome: 'ok' },
        children: [],
        firstEventIndex: 1,
      },
    ]);
  });

  it('leaves a call without result running, with no result key', () => {
    const node = onlyRoot([toolCallEvent('a', 'read', '{"file_pa')]);
    expect(node.status).toBe('running');
    expect(node).not.toHaveProperty('result');
    expect(node.argsRaw).toBe('{"file_pa');
  });

  it('falls back to message.source.callId when the tool-result block has no toolCallId', () => {
    const result = toolResultEvent('a', [text('ok')]);
    const data = result.data as { message: { content: { toolCallId?: string }[] } };
    delete data.message.content[0]?.toolCallId;
    const node = onlyRoot([toolCallEvent('a', 'read', '{}'), result]);
    expect(node.status).toBe('settled');
  });

  it('keeps a result without its call as a node whose name and argsRaw are null, and reports it', () => {
    const { roots, problems } = buildToolCalls([toolResultEvent('ghost', [text('boo')])]);
    expect(roots).toEqual([
      {
        callId: 'ghost',
        kind: 'top-level',
        name: null,
        argsRaw: null,
        status: 'settled',
        result: { content: [text('boo')], isError: false, outcome: 'ok' },
        children: [],
        firstEventIndex: 0,
      },
    ]);
    expect(problems).toEqual([{ eventIndex: 0, message: expect.stringContaining('ghost') as string }]);
  });

  it('reports a result with no call id at all and a call without callId', () => {
    const { roots, problems } = buildToolCalls([
      { type: 'tool/result', data: { message: { content: [{ type: 'tool-result', content: [] }] } } },
      { type: 'tool/call', data: { name: 'read', arguments: '{}' } },
    ]);
    expect(roots).toEqual([]);
    expect(problems.map((problem) => problem.eventIndex)).toEqual([0, 1]);
  });

  it('keeps the first call for a repeated callId and the first result for a settled call; both repeats are reported', () => {
    const { roots, problems } = buildToolCalls([
      toolCallEvent('a', 'read', '{"file_path":"first"}'),
      toolResultEvent('a', [text('first result')]),
      toolCallEvent('a', 'bash', '{"command":"second"}'),
      toolResultEvent('a', [text('second result')]),
    ]);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({ name: 'read', argsRaw: '{"file_path":"first"}', result: { content: [text('first result')] } });
    expect(problems).toEqual([
      { eventIndex: 2, message: 'repeated call id a (ignored)' },
      { eventIndex: 3, message: 'second result for call a (ignored)' },
    ]);
  });

  it('ignores events it does not use and values that are not events', () => {
    const { roots, problems } = buildToolCalls([null, 7, 'x', [], { type: 'turn/start', data: {} }, { type: 'tool/call', data: 'nope' }]);
    expect(roots).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('buildToolCalls: firstEventIndex', () => {
  it('is the index of the event that created the node, whichever kind of event that was', () => {
    const [orphanStart, orphanSettle] = dispatchEvents('ptc', { rootCallId: 'gone', parentCallId: 'gone', subCallId: 'gone:1' }, 'read', {}, []);
    const [, settleOnly] = dispatchEvents('code', { rootCallId: 'p', parentCallId: 'p', subCallId: 'p:1' }, 'read', {}, []);
    const { roots } = buildToolCalls([
      { type: 'turn/start', data: {} },
      toolResultEvent('headless', [text('early')]),
      toolCallEvent('p', 'run_code', '{}'),
      orphanStart,
      settleOnly,
      orphanSettle,
      toolResultEvent('p', [text('done')]),
    ]);
    expect(allNodes(roots).map((node) => [node.callId, node.firstEventIndex])).toEqual([
      ['headless', 1],
      ['p', 2],
      ['p:1', 4],
      ['gone:1', 3],
    ]);
  });

  it('is not moved by later events about the same call: its result, a repeated head, a repeated start', () => {
    const [start, settle] = dispatchEvents('ptc', { rootCallId: 'a', parentCallId: 'a', subCallId: 'a:1' }, 'read', {}, []);
    const { roots } = buildToolCalls([
      { type: 'turn/start', data: {} },
      toolCallEvent('a', 'run_code', '{}'),
      start,
      toolCallEvent('a', 'bash', '{}'),
      start,
      settle,
      toolResultEvent('a', [text('done')]),
    ]);
    expect(allNodes(roots).map((node) => [node.callId, node.firstEventIndex])).toEqual([
      ['a', 1],
      ['a:1', 2],
    ]);
  });
});

describe('buildToolCalls: outcomes', () => {
  it.each([
    ['interrupted', 'stopped'],
    ['aborted', 'stopped'],
    ['FS_NOT_FOUND', 'error'],
  ] as const)('error code %s → outcome %s', (code, outcome) => {
    const node = onlyRoot([
      toolCallEvent('a', 'read_image', '{}'),
      toolResultEvent('a', [text('Error: …')], { isError: true, error: { name: 'ToolError', code } }),
    ]);
    expect(node.result).toMatchObject({ isError: true, outcome, error: { name: 'ToolError', code } });
  });

  it('an isError result without an error object is an error', () => {
    const node = onlyRoot([toolCallEvent('a', 'read_image', '{}'), toolResultEvent('a', [text('Error: no')], { isError: true })]);
    expect(node.result).toEqual({ content: [text('Error: no')], isError: true, outcome: 'error' });
  });

  it('keeps only the string name and code of an error', () => {
    const node = onlyRoot([toolCallEvent('a', 'x', '{}'), toolResultEvent('a', [], { isError: true, error: { name: 5, code: 'aborted', stack: 's' } })]);
    expect(node.result?.error).toEqual({ code: 'aborted' });
  });

  it('a non-boolean isError is not an error flag', () => {
    const node = onlyRoot([toolCallEvent('a', 'x', '{}'), toolResultEvent('a', [], { isError: 'yes' as unknown as boolean })]);
    expect(node.result).toMatchObject({ isError: false, outcome: 'ok' });
  });
});

describe('buildToolCalls: nested dispatches', () => {
  it.each(['ptc', 'code'] as const)('the %s spelling nests under its parent with argsRaw = JSON of the arguments and no meta', (spelling) => {
    const ids = { rootCallId: 'outer', parentCallId: 'outer', subCallId: 'outer:1' };
    const node = onlyRoot([
      toolCallEvent('outer', 'run_code', '{"code":"await tools.read_image({file_path:\\"red.png\\"})"}'),
      ...dispatchEvents(spelling, ids, 'read_image', { file_path: 'red.png' }, IMAGE_CONTENT),
      toolResultEvent('outer', [text('done')]),
    ]);
    expect(node.status).toBe('settled');
    expect(node.children).toEqual([
      {
        callId: 'outer:1',
        kind: 'nested',
        name: 'read_image',
        argsRaw: '{"file_path":"red.png"}',
        status: 'settled',
        result: { content: IMAGE_CONTENT, isError: false, outcome: 'ok' },
        parentCallId: 'outer',
        children: [],
        firstEventIndex: 1,
      },
    ]);
  });

  it('nests a dispatch under a nested parent, and reads a mix of both spellings', () => {
    const [start1, settle1] = dispatchEvents('ptc', { rootCallId: 'r', parentCallId: 'r', subCallId: 'r:1' }, 'run_code', { code: '' }, []);
    const [start2, settle2] = dispatchEvents('code', { rootCallId: 'r', parentCallId: 'r:1', subCallId: 'r:1:1' }, 'read', { file_path: 'a' }, []);
    const root = onlyRoot([toolCallEvent('r', 'run_code', '{}'), start1, start2, settle2, settle1]);
    expect(root.children.map((child) => child.callId)).toEqual(['r:1']);
    expect(root.children[0]?.children.map((child) => [child.callId, child.parentCallId, child.status])).toEqual([['r:1:1', 'r:1', 'settled']]);
  });

  it('creates the node from the settle record when the start record is missing', () => {
    const [, settle] = dispatchEvents('ptc', { rootCallId: 'r', parentCallId: 'r', subCallId: 'r:1' }, 'read_image', { file_path: 'x.png' }, []);
    const root = onlyRoot([toolCallEvent('r', 'run_code', '{}'), settle]);
    expect(root.children[0]).toMatchObject({ callId: 'r:1', name: 'read_image', argsRaw: '{"file_path":"x.png"}', status: 'settled' });
  });

  it.each(['ptc', 'code'] as const)('a %s dispatch start alone is a running nested call', (spelling) => {
    const [start] = dispatchEvents(spelling, { rootCallId: 'r', parentCallId: 'r', subCallId: 'r:1' }, 'read', {}, []);
    expect(onlyRoot([toolCallEvent('r', 'run_code', '{}'), start]).children).toEqual([
      { callId: 'r:1', kind: 'nested', name: 'read', argsRaw: '{}', status: 'running', parentCallId: 'r', children: [], firstEventIndex: 1 },
    ]);
  });

  it('falls back to rootCallId when parentCallId is absent', () => {
    const root = onlyRoot([
      toolCallEvent('r', 'run_code', '{}'),
      { type: 'tool/ptc-dispatch-start', data: { rootCallId: 'r', subCallId: 'r:1', name: 'read', arguments: {} } },
    ]);
    expect(root.children[0]?.parentCallId).toBe('r');
  });

  it('keeps a dispatch whose parent is not in the log at the top level, with its recorded parentCallId, and reports it', () => {
    const events = dispatchEvents(
      'ptc',
      { rootCallId: 'gone', parentCallId: 'gone', subCallId: 'gone:1' },
      'read_image',
      { file_path: 'a.png' },
      IMAGE_CONTENT,
    );
    const { roots, problems } = buildToolCalls(events);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({ callId: 'gone:1', kind: 'nested', parentCallId: 'gone', status: 'settled' });
    expect(problems).toEqual([{ eventIndex: 0, message: expect.stringContaining('not in the log') as string }]);
  });

  it('a dispatch naming itself as parent does not become its own child', () => {
    const { roots } = buildToolCalls(dispatchEvents('ptc', { rootCallId: 's', parentCallId: 's', subCallId: 's' }, 'read', {}, []));
    expect(roots).toHaveLength(1);
    expect(roots[0]?.children).toEqual([]);
  });

  it('reports a repeated dispatch start and a dispatch without subCallId', () => {
    const [start] = dispatchEvents('ptc', { rootCallId: 'r', parentCallId: 'r', subCallId: 'r:1' }, 'read', {}, []);
    const { roots, problems } = buildToolCalls([
      toolCallEvent('r', 'run_code', '{}'),
      start,
      start,
      { type: 'tool/ptc-dispatch', data: { rootCallId: 'r', name: 'read', content: [] } },
    ]);
    expect(roots[0]?.children).toHaveLength(1);
    expect(problems).toEqual([
      { eventIndex: 2, message: 'repeated call id r:1 (ignored)' },
      { eventIndex: 3, message: 'nested dispatch without a "subCallId" (ignored)' },
    ]);
  });

  it('reads plain-text dispatch content as one text block', () => {
    const [, settle] = dispatchEvents('ptc', { rootCallId: 'r', parentCallId: 'r', subCallId: 'r:1' }, 'read', {}, []);
    (settle.data as { content: unknown }).content = 'file text';
    const root = onlyRoot([toolCallEvent('r', 'run_code', '{}'), settle]);
    expect(root.children[0]?.result?.content).toEqual([text('file text')]);
  });
});

describe('buildToolCalls: scale', () => {
  it('builds the tree of a 10 000-event log (linear: one pass with an id index)', () => {
    const events: unknown[] = [];
    for (let index = 0; index < 2_500; index += 1) {
      const callId = `call-${index}`;
      events.push(toolCallEvent(callId, 'run_code', '{}'));
      events.push(...dispatchEvents('ptc', { rootCallId: callId, parentCallId: callId, subCallId: `${callId}:1` }, 'read', {}, []));
      events.push(toolResultEvent(callId, [text('ok')]));
    }
    const { roots, problems } = buildToolCalls(parseSessionLog(logText(events)).events);
    expect(problems).toEqual([]);
    expect(roots).toHaveLength(2_500);
    expect(allNodes(roots)).toHaveLength(5_000);
    expect(allNodes(roots).every((node) => node.status === 'settled')).toBe(true);
  });
});
