import { describe, expect, it } from 'vitest';

import { durationParts, instantOf } from '../../viewer/workbench/cell-text.ts';
import { retryDelayMs } from '../../viewer/workbench/session-index-feed.ts';
import { WORKBENCH_LABELS } from '../../viewer/workbench/workbench-labels.ts';
import { VIEWER_LABELS } from '../../viewer/viewer-labels.ts';

const { en, 'zh-CN': zh } = WORKBENCH_LABELS;

describe('the index’s words', () => {
  it('says a session’s review progress', () => {
    expect(en.progress({ reviewed: 3, of: 12, failed: 1, notes: 0 })).toBe('3 of 12 reviewed, 1 failed');
    expect(en.progress({ reviewed: 3, of: 12, failed: 0, notes: 2 })).toBe('3 of 12 reviewed');
    expect(en.progress({ reviewed: 0, of: 0, failed: 0, notes: 0 })).toBe('Nothing to review');
    expect(zh.progress({ reviewed: 3, of: 12, failed: 1, notes: 0 })).toBe('已审阅 3 / 12，1 个不通过');
    expect(zh.progress({ reviewed: 0, of: 0, failed: 0, notes: 0 })).toBe('无需审阅');
  });

  it('says durations in hours and minutes, minutes and seconds, or seconds', () => {
    const say = (ms: number | null) => {
      const parts = durationParts(ms);
      return parts === null ? null : [en.duration(parts), zh.duration(parts)];
    };
    expect(say(3_723_400)).toEqual(['1 h 02 min', '1 小时 02 分']);
    expect(say(185_000)).toEqual(['3 min 05 s', '3 分 05 秒']);
    expect(say(59_400)).toEqual(['59 s', '59 秒']);
    expect(say(59_600)).toEqual(['1 min 00 s', '1 分 00 秒']);
    expect(say(0)).toEqual(['0 s', '0 秒']);
    expect([say(null), say(-1), say(Number.NaN), say(Number.POSITIVE_INFINITY)]).toEqual([null, null, null, null]);
  });

  it('shows no start time for one a Date cannot hold (a malformed summary does not break the row)', () => {
    expect(instantOf(1_780_000_000_000)?.toISOString()).toBe('2026-05-28T20:26:40.000Z');
    expect([instantOf(null), instantOf(Number.NaN), instantOf(9e15)]).toEqual([null, null, null]);
  });

  it('counts, empty folders and the lost server, in both locales', () => {
    expect(en.count(12, 340)).toBe('12 of 340 sessions');
    expect([en.count(1, 1), en.scanning(1), en.scanning(0)]).toEqual(['1 of 1 session', 'Scanning… 1 session so far', 'Scanning… 0 sessions so far']);
    expect([VIEWER_LABELS.en.live(1), VIEWER_LABELS.en.complete(2)]).toEqual([
      'Live: 1 event; lines appended to the file appear here.',
      '2 events, exported with their images and verdicts (read-only).',
    ]);
    expect(en.empty(['/tmp/night', 's3://qa/runs'])).toBe('No session files found under /tmp/night, s3://qa/runs.');
    expect(en.empty([])).toBe('No session files found under the paths given.');
    expect(zh.empty(['/tmp/night'])).toBe('/tmp/night 下没有会话文件。');
    expect(en.unreachable(4)).toBe('Cannot reach the workbench server; retrying in 4 s…');
    expect(Object.keys(zh)).toEqual(Object.keys(en));
  });

  it('retries a lost server after 1, 2, 4 … s, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});
