import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { alignCalls, callKey, countRows, normaliseArguments, type AlignedRow, type CallOutcome, type ComparedCall } from '../viewer/compare/align-calls.ts';

let ids = 0;
function call(name: string, args: string, more: Partial<Omit<ComparedCall, 'name' | 'args'>> = {}): ComparedCall {
  ids += 1;
  return { callId: `c${String(ids)}`, name, args: normaliseArguments(args), outcome: 'ok', resultText: '', images: [], messages: [], ...more };
}

const image = (attachmentId: string) => ({ attachment: { attachmentId, mediaType: 'image/png' as const, bytes: 10, width: 2, height: 2 } });
const kinds = (rows: readonly AlignedRow[]) => rows.map((row) => row.kind);

describe('normaliseArguments: what a call is aligned on', () => {
  it('reads JSON with its keys sorted at every depth, anything else trimmed, none as empty', () => {
    expect(normaliseArguments('{"b":2,"a":{"d":1,"c":[{"f":1,"e":2}]}}')).toBe(normaliseArguments(' { "a": {"c":[{"e":2,"f":1}],"d":1}, "b":2 } '));
    expect(normaliseArguments('  not json ')).toBe('not json');
    expect(normaliseArguments(null)).toBe('');
  });
});

describe('alignCalls: two sessions as rows of Same, Changed, Only in A, Only in B', () => {
  it('lines up the calls both runs made, and tells a call only one run made', () => {
    const a = [call('read_image', '{"file_path":"a.png"}'), call('bash', '{"cmd":"ls"}'), call('read_image', '{"file_path":"c.png"}')];
    const b = [call('read_image', '{"file_path":"a.png"}'), call('read_image', '{"file_path":"c.png"}'), call('grep', '{"q":"x"}')];
    const rows = alignCalls(a, b);
    expect(kinds(rows)).toEqual(['same', 'only-a', 'same', 'only-b']);
    expect(rows[1]?.a).toBe(a[1]);
    expect(rows[3]?.b).toBe(b[2]);
    expect(countRows(rows)).toEqual({ same: 2, changed: 0, 'only-a': 1, 'only-b': 1 });
  });

  it('marks a call Changed by its result text, outcome or images, and says which', () => {
    const same = image('sha256-same');
    const a = [
      call('read_image', '{"p":1}', { resultText: 'one', images: [same] }),
      call('read_image', '{"p":2}', { outcome: 'ok' }),
      call('read_image', '{"p":3}', { images: [same, image('sha256-a')] }),
    ];
    const b = [
      call('read_image', '{"p":1}', { resultText: 'two', images: [same] }),
      call('read_image', '{"p":2}', { outcome: 'failed' }),
      call('read_image', '{"p":3}', { images: [same, image('sha256-b')] }),
    ];
    const rows = alignCalls(a, b);
    expect(kinds(rows)).toEqual(['changed', 'changed', 'changed']);
    expect(rows.map((row) => (row.kind === 'changed' ? row.differences : null))).toEqual([
      { args: false, outcome: false, resultText: true, images: false },
      { args: false, outcome: true, resultText: false, images: false },
      { args: false, outcome: false, resultText: false, images: true },
    ]);
  });

  it('pairs a call of the same tool at the same place with other arguments as Changed, another tool as Only in A and Only in B', () => {
    const rows = alignCalls(
      [call('read_image', '{"file_path":"old.png"}'), call('bash', '{"cmd":"a"}')],
      [call('read_image', '{"file_path":"new.png"}'), call('grep', '{}')],
    );
    expect(kinds(rows)).toEqual(['changed', 'only-a', 'only-b']);
    expect(rows[0]?.kind === 'changed' && rows[0].differences.args).toBe(true);
  });

  it('answers identical sessions with Same rows only, and two empty sessions with no row', () => {
    const a = [call('x', '1'), call('y', '2')];
    expect(kinds(alignCalls(a, a))).toEqual(['same', 'same']);
    expect(alignCalls([], [])).toEqual([]);
    expect(kinds(alignCalls([], a))).toEqual(['only-b', 'only-b']);
  });
});

const OUTCOMES: readonly CallOutcome[] = ['ok', 'failed', 'stopped', 'running'];
/** Few tools, few arguments, few results: runs that share most calls, as two runs of one task do. */
const arbitraryCall = fc
  .record({
    name: fc.constantFrom('read_image', 'bash', 'grep'),
    arg: fc.integer({ min: 0, max: 3 }),
    outcome: fc.constantFrom(...OUTCOMES),
    text: fc.constantFrom('', 'x'),
  })
  .map(({ name, arg, outcome, text }) => call(name, JSON.stringify({ arg }), { outcome, resultText: text }));

describe('alignCalls: properties', () => {
  it('puts every call of A and of B in exactly one row, in order; Same rows have equal keys and equal results', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCall, { maxLength: 40 }), fc.array(arbitraryCall, { maxLength: 40 }), (a, b) => {
        const rows = alignCalls(a, b);
        expect(rows.flatMap((row) => (row.a === undefined ? [] : [row.a]))).toEqual(a);
        expect(rows.flatMap((row) => (row.b === undefined ? [] : [row.b]))).toEqual(b);
        for (const row of rows) {
          if (row.kind === 'same') {
            expect(callKey(row.a)).toBe(callKey(row.b));
            expect([row.a.outcome, row.a.resultText]).toEqual([row.b.outcome, row.b.resultText]);
          }
          if (row.kind === 'changed') expect(row.a.name).toBe(row.b.name);
        }
        const counts = countRows(rows);
        expect(counts.same + counts.changed + counts['only-a']).toBe(a.length);
        expect(counts.same + counts.changed + counts['only-b']).toBe(b.length);
      }),
    );
  });

  it('aligns a session with itself as Same rows only', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCall, { maxLength: 60 }), (a) => {
        expect(alignCalls(a, a).every((row) => row.kind === 'same')).toBe(true);
      }),
    );
  });
});
