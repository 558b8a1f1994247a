import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSessionLog, SessionLogReader } from '../../../../src/model';
import { CWD, headerLine, logText, toolCallEvent } from '../../builders';

const userMessage = JSON.stringify({ type: 'user/message', data: { content: [{ type: 'text', text: 'hi' }], source: { kind: 'user' } } });
const assistantMessage = JSON.stringify({ type: 'assistant/message', data: { message: { role: 'assistant', content: [] } } });
const turnStart = JSON.stringify({ type: 'turn/start', data: { turn: 1 } });

describe('parseSessionLog: well-formed logs', () => {
  it('reads the header and numbers events by seq (header not counted) and by 1-based line', () => {
    const log = parseSessionLog(logText([JSON.parse(userMessage) as object, toolCallEvent('c1', 'read', '{}')]));
    expect(log.problems).toEqual([]);
    expect(log.header).toEqual({ version: 0, id: 'session-1', createdAt: 1783951000000, cwd: CWD });
    expect(log.events.map(({ seq, line, type }) => ({ seq, line, type }))).toEqual([
      { seq: 0, line: 2, type: 'user/message' },
      { seq: 1, line: 3, type: 'tool/call' },
    ]);
  });

  it('keeps sourceEventSeqs and surfaceOp, and omits them when absent', () => {
    const text = [headerLine(), userMessage, JSON.stringify({ type: 'assistant/message', data: {}, sourceEventSeqs: [0], surfaceOp: 'append' })].join('\n');
    const { events, problems } = parseSessionLog(text);
    expect(problems).toEqual([]);
    expect(events[0]).not.toHaveProperty('sourceEventSeqs');
    expect(events[0]).not.toHaveProperty('surfaceOp');
    expect(events[1]).toMatchObject({ sourceEventSeqs: [0], surfaceOp: 'append' });
  });

  it('does not report blank lines or a trailing newline', () => {
    const { events, problems } = parseSessionLog(`\n${headerLine()}\n\n   \n${userMessage}\n\n`);
    expect(problems).toEqual([]);
    expect(events).toEqual([{ seq: 0, line: 5, type: 'user/message', data: (JSON.parse(userMessage) as { data: unknown }).data }]);
  });

  it('accepts a complete last line without a trailing newline', () => {
    const { events, problems } = parseSessionLog(`${headerLine()}\n${userMessage}`);
    expect(problems).toEqual([]);
    expect(events).toHaveLength(1);
  });
});

describe('parseSessionLog: defects become problems, never exceptions', () => {
  it('tolerates CRLF line ends and reports them once', () => {
    const { header, events, problems } = parseSessionLog([headerLine(), userMessage, assistantMessage, ''].join('\r\n'));
    expect(header?.cwd).toBe(CWD);
    expect(events.map((event) => event.type)).toEqual(['user/message', 'assistant/message']);
    expect(problems).toEqual([{ line: 1, message: expect.stringContaining('CRLF') as string }]);
  });

  it('tolerates a UTF-8 byte order mark and reports it on line 1', () => {
    const { header, events, problems } = parseSessionLog(`\uFEFF${headerLine()}\n${userMessage}\n`);
    expect(header?.id).toBe('session-1');
    expect(events).toHaveLength(1);
    expect(problems).toEqual([{ line: 1, message: expect.stringContaining('byte order mark') as string }]);
  });

  it('reports a truncated last line and keeps everything before it', () => {
    const { events, problems } = parseSessionLog(`${headerLine()}\n${userMessage}\n{"type":"step/start","data":{"tu`);
    expect(events).toHaveLength(1);
    expect(problems).toEqual([{ line: 3, message: expect.stringContaining('truncated') as string }]);
  });

  it('reports a malformed line in the middle; it still takes a seq so later seqs stay the writer’s', () => {
    const { events, problems } = parseSessionLog([headerLine(), userMessage, '{"type":', assistantMessage].join('\n'));
    expect(problems).toEqual([{ line: 3, message: 'malformed JSON' }]);
    expect(events.map(({ seq, line }) => ({ seq, line }))).toEqual([
      { seq: 0, line: 2 },
      { seq: 2, line: 4 },
    ]);
  });

  it.each([
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['a string', '"tool/call"'],
    ['null', 'null'],
  ])('reports a line that is %s rather than an object', (_kind, line) => {
    const { events, problems } = parseSessionLog([headerLine(), line, userMessage].join('\n'));
    expect(problems).toEqual([{ line: 2, message: 'line is not a JSON object' }]);
    expect(events.map(({ seq, type }) => ({ seq, type }))).toEqual([{ seq: 1, type: 'user/message' }]);
  });

  it('reports a second session header and keeps reading', () => {
    const lines = [headerLine(), userMessage, headerLine(), userMessage];
    const { events, problems } = parseSessionLog(lines.join('\n'));
    expect(problems).toEqual([{ line: 3, message: 'second session header (ignored)' }]);
    expect(events.map(({ seq, type }) => ({ seq, type }))).toEqual([
      { seq: 0, type: 'user/message' },
      { seq: 2, type: 'user/message' },
    ]);
  });

  it('reports an event without a string type or without a data object', () => {
    const lines = [headerLine(), '{"data":{}}', '{"type":"turn/start"}', '{"type":"turn/start","data":[1]}', '{"type":"","data":{}}'];
    const { events, problems } = parseSessionLog(lines.join('\n'));
    expect(events).toEqual([]);
    expect(problems).toEqual([
      { line: 2, message: 'event has no string "type"' },
      { line: 3, message: 'turn/start event has no "data" object' },
      { line: 4, message: 'turn/start event has no "data" object' },
      { line: 5, message: 'event has no string "type"' },
    ]);
  });

  it('reports malformed sourceEventSeqs and surfaceOp but keeps the event without them', () => {
    const line = JSON.stringify({ type: 'assistant/message', data: {}, sourceEventSeqs: [0, -1], surfaceOp: 3 });
    const { events, problems } = parseSessionLog([headerLine(), line].join('\n'));
    expect(events).toEqual([{ seq: 0, line: 2, type: 'assistant/message', data: {} }]);
    expect(problems.map((problem) => problem.line)).toEqual([2, 2]);
  });

  it('reports a missing header and reads the first line as event seq 0', () => {
    const { header, events, problems } = parseSessionLog(`${userMessage}\n${assistantMessage}\n`);
    expect(header).toBeNull();
    expect(problems).toEqual([{ line: 1, message: 'missing session header' }]);
    expect(events.map(({ seq, line }) => ({ seq, line }))).toEqual([
      { seq: 0, line: 1 },
      { seq: 1, line: 2 },
    ]);
  });

  it('reports an empty log as missing its header', () => {
    expect(parseSessionLog('')).toEqual({
      header: null,
      events: [],
      problems: [{ line: 1, message: 'missing session header (empty log)' }],
      otherEvents: [],
    });
  });

  it('takes a malformed first line as a corrupt header (no seq)', () => {
    const { header, events, problems } = parseSessionLog(`{"type":"sess\n${userMessage}\n`);
    expect(header).toBeNull();
    expect(problems).toEqual([{ line: 1, message: 'malformed JSON where the session header was expected' }]);
    expect(events.map((event) => event.seq)).toEqual([0]);
  });

  it.each([
    ['cwd is not a string', { cwd: 7 }],
    ['version is missing', { version: undefined }],
    ['id is not a string', { id: null }],
    ['createdAt is not a number', { createdAt: '2026' }],
  ])('reports an invalid header when %s', (_why, override) => {
    const header = JSON.stringify({ ...(JSON.parse(headerLine()) as object), ...override });
    const log = parseSessionLog(`${header}\n${userMessage}\n`);
    expect(log.header).toBeNull();
    expect(log.problems).toEqual([{ line: 1, message: expect.stringContaining('invalid session header') as string }]);
    expect(log.events.map((event) => event.seq)).toEqual([0]);
  });

  it('passes hostile strings through as plain data', () => {
    const hostile = '<script>alert(1)</script> javascript:alert(1) \uD800 \u2028';
    const event = toolCallEvent(hostile, hostile, JSON.stringify({ file_path: hostile }));
    const { events, problems, otherEvents } = parseSessionLog(logText([event, { type: hostile, data: {} }]));
    expect(otherEvents).toEqual([{ type: hostile, count: 1 }]);
    expect(events[0]?.data).toEqual(event.data);
    expect(problems).toEqual([]);
  });
});

/** One event of each kind a real harness log carries besides what the replay reads, and a type from the future. */
const OTHER_EVENTS: readonly object[] = [
  { type: 'turn/start', data: { turn: 1 } },
  { type: 'step/start', data: { turn: 1, step: 1 } },
  { type: 'assistant/chunk', data: { turn: 1, step: 1, chunk: { type: 'block-start', index: 0, blockType: 'text' } } },
  { type: 'assistant/chunk', data: { turn: 1, step: 1, chunk: { type: 'usage', usage: { inputTokens: 3 } } } },
  { type: 'assistant/chunk', data: { turn: 1, step: 1, chunk: { type: 'finish', reason: { kind: 'stop' } } } },
  { type: 'reasoning-chunks', data: { turn: 1, chunks: ['thinking'] } },
  { type: 'tool-call-chunks', data: { turn: 1, callId: 'c1', delta: '{"file_' } },
  { type: 'approval/requested', data: { callId: 'c1', tool: 'bash' } },
  { type: 'approval/resolved', data: { callId: 'c1', decision: 'allow' } },
  { type: 'hook/started', data: { hook: 'pre-tool' } },
  { type: 'compaction/start', data: { reason: 'context' } },
  { type: 'compaction/end', data: { removed: 10 } },
  { type: 'todo/write', data: { todos: [] } },
  { type: 'goal/set', data: { goal: 'ship' } },
  { type: 'command/run', data: { command: '/clear' } },
  { type: 'request/header', data: { header: { system: '{{system}}' } } },
  { type: 'agent/inbox/spliced', data: { target: 'next-step', inserted: [] } },
  { type: 'fs/observed', data: { path: '/tmp/x', state: 'present' } },
  { type: 'session/title', data: { title: 'A title' } },
  { type: 'x/y', data: { from: 'a harness version not written yet' } },
];

describe('parseSessionLog: other event types are not problems (DESIGN §2)', () => {
  it('skips every well-formed event of a type the replay does not read, and counts it per type', () => {
    const log = parseSessionLog(logText([...OTHER_EVENTS, toolCallEvent('c1', 'read_image', '{"file_path":"a.png"}')]));
    expect(log.problems).toEqual([]);
    expect(log.events.map(({ seq, type }) => ({ seq, type }))).toEqual([{ seq: OTHER_EVENTS.length, type: 'tool/call' }]);
    expect(log.otherEvents[0]).toEqual({ type: 'assistant/chunk', count: 3 });
    expect(log.otherEvents).toHaveLength(18);
    expect(log.otherEvents.reduce((sum, { count }) => sum + count, 0)).toBe(OTHER_EVENTS.length);
    expect(log.otherEvents).toContainEqual({ type: 'x/y', count: 1 });
  });

  it('orders the counts most frequent first, then by type', () => {
    const events = [
      { type: 'b/b', data: {} },
      { type: 'a/a', data: {} },
      { type: 'c/c', data: {} },
      { type: 'c/c', data: {} },
    ];
    expect(parseSessionLog(logText(events)).otherEvents).toEqual([
      { type: 'c/c', count: 2 },
      { type: 'a/a', count: 1 },
      { type: 'b/b', count: 1 },
    ]);
  });

  it('counts a type named like an Object.prototype key as any other', () => {
    const events = [
      { type: '__proto__', data: {} },
      { type: 'constructor', data: {} },
      { type: 'constructor', data: {} },
    ];
    expect(parseSessionLog(logText(events)).otherEvents).toEqual([
      { type: 'constructor', count: 2 },
      { type: '__proto__', count: 1 },
    ]);
  });

  it.each([
    ['a malformed line', '{"type":"turn/start",', 'malformed JSON'],
    ['a line that is not an object', '["turn/start"]', 'line is not a JSON object'],
    ['an event without a type', '{"data":{}}', 'event has no string "type"'],
    ['an event of another type without its data', '{"type":"turn/start"}', 'turn/start event has no "data" object'],
    ['a replayed event without its data', '{"type":"tool/call","data":"c1"}', 'tool/call event has no "data" object'],
    ['a second header', headerLine(), 'second session header (ignored)'],
  ])('reports %s as exactly one problem, among many other types', (_defect, line, message) => {
    const lines = [headerLine(), ...OTHER_EVENTS.map((event) => JSON.stringify(event)), line, userMessage];
    const log = parseSessionLog(lines.join('\n'));
    expect(log.problems).toEqual([{ line: OTHER_EVENTS.length + 2, message }]);
    expect(log.events.map((event) => event.seq)).toEqual([OTHER_EVENTS.length + 1]);
  });
});

describe('SessionLogReader: a log read while it is written', () => {
  const lines = [headerLine(), turnStart, userMessage, toolCallEvent('c1', 'read_image', '{"file_path":"a.png"}'), assistantMessage].map((line) =>
    typeof line === 'string' ? line : JSON.stringify(line),
  );
  const text = `${lines.join('\n')}\n`;

  it('reads appended chunks, cut anywhere, to the same result as the whole text', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(text.length), { maxLength: 6 }), (cuts) => {
        const reader = new SessionLogReader();
        let from = 0;
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          reader.append(text.slice(from, cut));
          from = cut;
        }
        reader.append(text.slice(from));
        expect(reader.snapshot()).toEqual(parseSessionLog(text));
      }),
    );
  });

  it('waits for a half-written last line instead of reporting it, and reads it once its end arrives', () => {
    const reader = new SessionLogReader();
    const cut = text.length - 10;
    reader.append(text.slice(0, cut));
    const partial = reader.snapshot();
    expect(partial.problems).toEqual([]);
    expect(partial.events.map((event) => event.type)).toEqual(['user/message', 'tool/call']);
    reader.append(text.slice(cut));
    expect(reader.snapshot().events.map((event) => event.type)).toEqual(['user/message', 'tool/call', 'assistant/message']);
    expect(reader.snapshot().problems).toEqual([]);
  });

  it('reports a cut-off last line as truncated only once the text is declared complete', () => {
    const reader = new SessionLogReader();
    reader.append(text.slice(0, -10));
    reader.end();
    expect(reader.snapshot().problems).toEqual([{ line: 5, message: expect.stringContaining('truncated') as string }]);
  });

  it('gives a new snapshot object per call, so a consumer can tell that the log grew', () => {
    const reader = new SessionLogReader();
    reader.append(text);
    const first = reader.snapshot();
    expect(reader.snapshot()).not.toBe(first);
    expect(reader.snapshot().events).not.toBe(first.events);
  });
});
