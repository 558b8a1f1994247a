import { describe, expect, it } from 'vitest';
import { parseSessionLog } from '../../src/model';
import { CWD, headerLine, logText, toolCallEvent } from './builders';

const turnStart = JSON.stringify({ type: 'turn/start', data: { turn: 1 } });
const stepStart = JSON.stringify({ type: 'step/start', data: { turn: 1, step: 1 } });

describe('parseSessionLog: well-formed logs', () => {
  it('reads the header and numbers events by seq (header not counted) and by 1-based line', () => {
    const log = parseSessionLog(logText([{ type: 'turn/start', data: { turn: 1 } }, toolCallEvent('c1', 'read', '{}')]));
    expect(log.problems).toEqual([]);
    expect(log.header).toEqual({ version: 0, id: 'session-1', createdAt: 1783951000000, cwd: CWD });
    expect(log.events.map(({ seq, line, type }) => ({ seq, line, type }))).toEqual([
      { seq: 0, line: 2, type: 'turn/start' },
      { seq: 1, line: 3, type: 'tool/call' },
    ]);
  });

  it('keeps sourceEventSeqs and surfaceOp, and omits them when absent', () => {
    const text = [headerLine(), turnStart, JSON.stringify({ type: 'step/end', data: {}, sourceEventSeqs: [0], surfaceOp: 'append' })].join('\n');
    const { events, problems } = parseSessionLog(text);
    expect(problems).toEqual([]);
    expect(events[0]).not.toHaveProperty('sourceEventSeqs');
    expect(events[0]).not.toHaveProperty('surfaceOp');
    expect(events[1]).toMatchObject({ sourceEventSeqs: [0], surfaceOp: 'append' });
  });

  it('does not report blank lines or a trailing newline', () => {
    const { events, problems } = parseSessionLog(`\n${headerLine()}\n\n   \n${turnStart}\n\n`);
    expect(problems).toEqual([]);
    expect(events).toEqual([{ seq: 0, line: 5, type: 'turn/start', data: { turn: 1 } }]);
  });

  it('accepts a complete last line without a trailing newline', () => {
    const { events, problems } = parseSessionLog(`${headerLine()}\n${turnStart}`);
    expect(problems).toEqual([]);
    expect(events).toHaveLength(1);
  });
});

describe('parseSessionLog: defects become problems, never exceptions', () => {
  it('tolerates CRLF line ends and reports them once', () => {
    const { header, events, problems } = parseSessionLog([headerLine(), turnStart, stepStart, ''].join('\r\n'));
    expect(header?.cwd).toBe(CWD);
    expect(events.map((event) => event.type)).toEqual(['turn/start', 'step/start']);
    expect(problems).toEqual([{ line: 1, message: expect.stringContaining('CRLF') as string }]);
  });

  it('tolerates a UTF-8 byte order mark and reports it on line 1', () => {
    const { header, events, problems } = parseSessionLog(`\uFEFF${headerLine()}\n${turnStart}\n`);
    expect(header?.id).toBe('session-1');
    expect(events).toHaveLength(1);
    expect(problems).toEqual([{ line: 1, message: expect.stringContaining('byte order mark') as string }]);
  });

  it('reports a truncated last line and keeps everything before it', () => {
    const { events, problems } = parseSessionLog(`${headerLine()}\n${turnStart}\n{"type":"step/start","data":{"tu`);
    expect(events).toHaveLength(1);
    expect(problems).toEqual([{ line: 3, message: expect.stringContaining('truncated') as string }]);
  });

  it('reports a malformed line in the middle; it still takes a seq so later seqs stay the writer’s', () => {
    const { events, problems } = parseSessionLog([headerLine(), turnStart, '{"type":', stepStart].join('\n'));
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
    const { events, problems } = parseSessionLog([headerLine(), line, turnStart].join('\n'));
    expect(problems).toEqual([{ line: 2, message: 'line is not a JSON object' }]);
    expect(events.map(({ seq, type }) => ({ seq, type }))).toEqual([{ seq: 1, type: 'turn/start' }]);
  });

  it('reports and drops an unknown event type (including a second header)', () => {
    const lines = [headerLine(), JSON.stringify({ type: 'mystery/event', data: {} }), headerLine(), turnStart];
    const { events, problems } = parseSessionLog(lines.join('\n'));
    expect(problems).toEqual([
      { line: 2, message: 'unknown event type "mystery/event"' },
      { line: 3, message: 'unknown event type "session"' },
    ]);
    expect(events.map(({ seq, type }) => ({ seq, type }))).toEqual([{ seq: 2, type: 'turn/start' }]);
  });

  it('reports an event without a string type or without a data object', () => {
    const lines = [headerLine(), '{"data":{}}', '{"type":"turn/start"}', '{"type":"turn/start","data":[1]}'];
    const { events, problems } = parseSessionLog(lines.join('\n'));
    expect(events).toEqual([]);
    expect(problems).toEqual([
      { line: 2, message: 'event has no string "type"' },
      { line: 3, message: 'turn/start event has no "data" object' },
      { line: 4, message: 'turn/start event has no "data" object' },
    ]);
  });

  it('reports malformed sourceEventSeqs and surfaceOp but keeps the event without them', () => {
    const line = JSON.stringify({ type: 'step/end', data: {}, sourceEventSeqs: [0, -1], surfaceOp: 3 });
    const { events, problems } = parseSessionLog([headerLine(), line].join('\n'));
    expect(events).toEqual([{ seq: 0, line: 2, type: 'step/end', data: {} }]);
    expect(problems.map((problem) => problem.line)).toEqual([2, 2]);
  });

  it('reports a missing header and reads the first line as event seq 0', () => {
    const { header, events, problems } = parseSessionLog(`${turnStart}\n${stepStart}\n`);
    expect(header).toBeNull();
    expect(problems).toEqual([{ line: 1, message: 'missing session header' }]);
    expect(events.map(({ seq, line }) => ({ seq, line }))).toEqual([
      { seq: 0, line: 1 },
      { seq: 1, line: 2 },
    ]);
  });

  it('reports an empty log as missing its header', () => {
    expect(parseSessionLog('')).toEqual({ header: null, events: [], problems: [{ line: 1, message: 'missing session header (empty log)' }] });
  });

  it('takes a malformed first line as a corrupt header (no seq)', () => {
    const { header, events, problems } = parseSessionLog(`{"type":"sess\n${turnStart}\n`);
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
    const log = parseSessionLog(`${header}\n${turnStart}\n`);
    expect(log.header).toBeNull();
    expect(log.problems).toEqual([{ line: 1, message: expect.stringContaining('invalid session header') as string }]);
    expect(log.events.map((event) => event.seq)).toEqual([0]);
  });

  it('passes hostile strings through as plain data', () => {
    const hostile = '<script>alert(1)</script> javascript:alert(1) \uD800 \u2028';
    const event = toolCallEvent(hostile, hostile, JSON.stringify({ file_path: hostile }));
    const { events, problems } = parseSessionLog(logText([event, { type: hostile, data: {} }]));
    expect(events[0]?.data).toEqual(event.data);
    expect(problems).toEqual([{ line: 3, message: `unknown event type ${JSON.stringify(hostile)}` }]);
  });
});
