import { describe, expect, it } from 'vitest';

import { turnStartEvent } from '../../src/log/events.ts';
import { SessionLogWriter } from '../../src/log/session-log-writer.ts';
import type { LogSink } from '../../src/log/sinks.ts';
import { countingIds, FIXED_CLOCK } from './deterministic-sources.ts';

/** An asynchronous sink whose writes take a while, and which notices overlapping writes. */
class SlowSink implements LogSink {
  readonly lines: string[] = [];
  maxInFlight = 0;
  private inFlight = 0;

  async append(line: string): Promise<void> {
    this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5 - this.lines.length));
    this.lines.push(line);
    this.inFlight--;
  }
}

function open(sink: LogSink) {
  return SessionLogWriter.open({ sink, cwd: '/work', clock: FIXED_CLOCK, ids: countingIds() });
}

describe('SessionLogWriter', () => {
  it('numbers events from 0 after the header and writes them one at a time in call order', async () => {
    const sink = new SlowSink();
    const writer = await open(sink);

    const seqs = await Promise.all([1, 2, 3].map((turn) => writer.append(turnStartEvent(turn))));

    expect(seqs).toEqual([0, 1, 2]);
    expect(sink.maxInFlight).toBe(1);
    expect(sink.lines.slice(1)).toEqual([1, 2, 3].map((turn) => `{"type":"turn/start","data":{"turn":${turn}}}`));
  });

  it('rejects the failed append and every later one, so no seq points past a missing line', async () => {
    const lines: string[] = [];
    let failNext = false;
    const writer = await open({
      append: (line) => {
        if (failNext) {
          failNext = false;
          throw new Error('disk full');
        }
        lines.push(line);
      },
    });
    await writer.append(turnStartEvent(1));
    failNext = true;

    await expect(writer.append(turnStartEvent(2))).rejects.toThrow('disk full');
    await expect(writer.append(turnStartEvent(3))).rejects.toThrow('disk full');
    expect(lines).toHaveLength(2);
  });
});
