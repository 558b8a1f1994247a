import { describe, expect, it } from 'vitest';
import { lastSeq, logUpTo, parseSessionLog } from '../../../../src/model';
import { headerLine, logText, toolCallEvent } from '../../builders';

const turnStart = { type: 'turn/start', data: { turn: 1 } };
const broken = '{"type":"tool/call"';

/** Events at seqs 1 and 3 (seq 0 is another type, seq 2 a malformed line), one problem, one other type. */
function sampleLog() {
  const text = [
    headerLine(),
    JSON.stringify(turnStart),
    JSON.stringify(toolCallEvent('c1', 'read', '{}')),
    broken,
    JSON.stringify(toolCallEvent('c2', 'read', '{}')),
  ].join('\n');
  return parseSessionLog(`${text}\n`);
}

describe('lastSeq', () => {
  it('is the highest seq of a kept event, counting skipped and dropped lines', () => {
    expect(lastSeq(sampleLog())).toBe(3);
  });

  it('is -1 for a log with no events', () => {
    expect(lastSeq(parseSessionLog(`${headerLine()}\n`))).toBe(-1);
    expect(lastSeq(parseSessionLog(logText([turnStart])))).toBe(-1);
  });
});

describe('logUpTo', () => {
  it('keeps the events with seq ≤ step and everything else of the log', () => {
    const log = sampleLog();
    const shown = logUpTo(log, 2);
    expect(shown.events.map((event) => event.seq)).toEqual([1]);
    expect(shown.header).toBe(log.header);
    expect(shown.problems).toBe(log.problems);
    expect(shown.otherEvents).toBe(log.otherEvents);
  });

  it('shows every event at the last seq, none below the first, and the log itself for undefined', () => {
    const log = sampleLog();
    expect(logUpTo(log, lastSeq(log)).events).toEqual(log.events);
    expect(logUpTo(log, -1).events).toEqual([]);
    expect(logUpTo(log, 0).events).toEqual([]);
    expect(logUpTo(log, undefined)).toBe(log);
  });

  it('is the log itself at or past its last seq, and a prefix of the same event objects below it', () => {
    const log = sampleLog();
    expect(logUpTo(log, lastSeq(log))).toBe(log);
    expect(logUpTo(log, 99)).toBe(log);
    const [first] = logUpTo(log, 2).events;
    expect(first).toBe(log.events[0]);
  });
});
