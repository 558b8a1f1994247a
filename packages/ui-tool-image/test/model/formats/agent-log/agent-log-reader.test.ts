import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { parseSessionLog, readAgentLog } from '../../../../src/model';
import { MAX_JSON_DEPTH } from '../../../../src/model/json-line';
import { ReplayBuilder } from '../../../../src/model/replay/replay-builder';
import nestedRunCode from '../../../../../../stories/fixtures/sessions/08-nested-run-code.jsonl?raw';
import { readInChunks } from './chunked-reading';
import { headerLine, logText, toolCallEvent, toolResultEvent } from '../../builders';

function deeplyNested(levels: number): string {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

describe('readAgentLog: our own session log', () => {
  it('is recognised from its header and reads as parseSessionLog does, with the replay of its events', () => {
    const log = readAgentLog(nestedRunCode);
    const parsed = parseSessionLog(nestedRunCode);
    expect(log.format).toBe('toolcard');
    expect(log.session).toEqual(parsed);
    expect(log.facts).toMatchObject({ sessionId: parsed.header?.id, cwd: parsed.header?.cwd, startedAt: parsed.header?.createdAt });
    expect(log.problems).toEqual([]);
    const calls = log.conversation.items.filter((item) => item.kind === 'call');
    expect(calls.map((item) => item.node.name)).toEqual(['run_code']);
    expect(calls[0]?.node.children.map((child) => child.name)).toEqual(['read_image', 'read_image']);
  });

  it('replays the conversation only when it is read, once per snapshot (a viewer showing the session never pays for it)', () => {
    const replayOf = vi.spyOn(ReplayBuilder.prototype, 'replayOf');
    try {
      const log = readAgentLog(nestedRunCode);
      expect(log.session?.events.length).toBeGreaterThan(0);
      expect(replayOf).not.toHaveBeenCalled();
      expect(log.conversation).toBe(log.conversation);
      expect(log.problems).toEqual([]);
      expect(replayOf).toHaveBeenCalledTimes(1);
    } finally {
      replayOf.mockRestore();
    }
  });

  it('is recognised from an event line when the header is missing, and reports the missing header', () => {
    const text = [JSON.stringify(toolCallEvent('c1', 'read_image', '{"file_path":"a.png"}'))].join('\n');
    const log = readAgentLog(text);
    expect(log.format).toBe('toolcard');
    expect(log.problems.map((problem) => problem.message)).toEqual(['missing session header']);
  });

  it('reports a result whose call is missing with its line', () => {
    const log = readAgentLog(logText([toolResultEvent('ghost', [{ type: 'text', text: 'done' }])]));
    expect(log.problems).toEqual([{ line: 2, message: 'result for call ghost, whose call head is not in the log' }]);
  });

  it('gives the same log in any chunking of the text (a half-written line waits for its end)', () => {
    const whole = readAgentLog(nestedRunCode);
    fc.assert(
      fc.property(fc.array(fc.nat(nestedRunCode.length), { maxLength: 8 }), (cuts) => {
        const chunked = readInChunks(nestedRunCode, cuts);
        expect(chunked.conversation.items).toEqual(whole.conversation.items);
        expect(chunked.problems).toEqual(whole.problems);
      }),
      { numRuns: 60 },
    );
  });
});

describe('readAgentLog: a line nested thousands of levels deep', () => {
  it('is one problem in our own log, and the rest replays', () => {
    const deepCall = `{"type":"tool/call","data":{"callId":"deep","name":"run_code","arguments":${deeplyNested(2000)}}}`;
    const text = [headerLine(), deepCall, JSON.stringify(toolCallEvent('c2', 'read', '{}'))].join('\n');
    const log = readAgentLog(text);
    expect(log.problems).toEqual([{ line: 2, message: `JSON nested more than ${MAX_JSON_DEPTH} levels deep (not read)` }]);
    expect(log.conversation.items.map((item) => (item.kind === 'call' ? item.node.callId : item.key))).toEqual(['c2']);
  });

  it('is read when it nests exactly as deep as allowed', () => {
    const line = `{"type":"tool/call","data":{"callId":"ok","name":"run_code","arguments":${deeplyNested(MAX_JSON_DEPTH - 3)}}}`;
    const log = readAgentLog([headerLine(), line].join('\n'));
    expect(log.problems).toEqual([]);
    expect(log.conversation.items).toHaveLength(1);
  });

  it('does not count brackets inside strings', () => {
    const line = JSON.stringify(toolCallEvent('s', 'bash', JSON.stringify({ command: '['.repeat(3000) })));
    expect(readAgentLog([headerLine(), line].join('\n')).problems).toEqual([]);
  });
});

describe('readAgentLog: text that is no session log', () => {
  it('says the file is empty', () => {
    expect(readAgentLog('').problems).toEqual([{ line: 1, message: 'not a session log of a format this viewer reads: the file is empty' }]);
    expect(readAgentLog('\n  \n').format).toBe('unknown');
  });

  it('names what the first line was', () => {
    const log = readAgentLog('{"hello":"world","n":1}\n');
    expect(log.format).toBe('unknown');
    expect(log.conversation.items).toEqual([]);
    expect(log.problems.at(0)?.message).toBe('not a session log of a format this viewer reads: line 1 is a JSON object with keys "hello", "n"');
  });

  it('quotes the start of a text that is not JSON, as text', () => {
    const log = readAgentLog('<script>alert(1)</script> and more words that go on\n'.repeat(30));
    expect(log.format).toBe('unknown');
    expect(log.problems).toHaveLength(1);
    expect(log.problems.at(0)?.message).toBe(
      'not a session log of a format this viewer reads: line 20 is not JSON: "<script>alert(1)</script> and more words…"',
    );
  });

  it('says a JSON document of no known shape is one', () => {
    expect(readAgentLog('{\n  "a": 1\n}\n').problems.at(0)?.message).toBe(
      'not a session log of a format this viewer reads: the file is a JSON object with keys "a"',
    );
    expect(readAgentLog('[1, 2,\n 3]').problems.at(0)?.message).toBe('not a session log of a format this viewer reads: the file is a JSON array of 3 items');
  });

  it('never throws on arbitrary text or JSON lines', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.jsonValue().map((value) => JSON.stringify(value)),
          ),
          { maxLength: 30 },
        ),
        (lines) => {
          const log = readAgentLog(lines.join('\n'));
          expect(Array.isArray(log.problems)).toBe(true);
        },
      ),
    );
  });
});
