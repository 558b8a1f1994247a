import { SessionLogReader, SessionLogReceiver, SessionLogSender, type ParsedSessionLog } from '@toolcard/ui-tool-image';
import { describe, expect, it } from 'vitest';

import { PacedLogSender } from '../viewer/paced-sender.ts';

const header = '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\n';
const message = (index: number) =>
  `${JSON.stringify({ type: 'user/message', data: { content: [{ type: 'text', text: `m${String(index)}` }], source: { kind: 'user' } } })}\n`;

function logOf(reader: SessionLogReader, from: number, to: number): ParsedSessionLog {
  let text = from === 0 ? header : '';
  for (let index = from; index < to; index += 1) text += message(index);
  reader.append(text);
  return reader.snapshot();
}

/** A paced sender whose messages reach a receiver structured-cloned, as the worker's do; the page's snapshots in order. */
function pagedChannel(eventsPerSnapshot: number) {
  const receiver = new SessionLogReceiver();
  const shown: number[] = [];
  const paced = new PacedLogSender(
    new SessionLogSender((sent) => {
      const log = receiver.receive(structuredClone(sent));
      if (log !== null) shown.push(log.events.length);
    }),
    eventsPerSnapshot,
  );
  return { paced, shown };
}

describe('PacedLogSender', () => {
  it('sends a big log in bounded snapshots, the next only once the page has shown the last', () => {
    const { paced, shown } = pagedChannel(100);
    paced.update(logOf(new SessionLogReader(), 0, 250), false);
    expect(shown).toEqual([100]);
    expect(paced.caughtUp).toBe(false);
    paced.pageShowedLast();
    expect(shown).toEqual([100, 200]);
    paced.pageShowedLast();
    expect(shown).toEqual([100, 200, 250]);
    expect(paced.caughtUp).toBe(true);
    paced.pageShowedLast();
    expect(shown).toEqual([100, 200, 250]);
  });

  it('sends only the latest log when several arrive while the page is busy', () => {
    const { paced, shown } = pagedChannel(1000);
    const reader = new SessionLogReader();
    paced.update(logOf(reader, 0, 10), false);
    paced.update(logOf(reader, 10, 20), false);
    paced.update(logOf(reader, 20, 30), false);
    expect(shown).toEqual([10]);
    paced.pageShowedLast();
    expect(shown).toEqual([10, 30]);
  });

  it('makes the page drop the old log when the log starts over', () => {
    const { paced, shown } = pagedChannel(1000);
    paced.update(logOf(new SessionLogReader(), 0, 10), false);
    paced.pageShowedLast();
    paced.update(logOf(new SessionLogReader(), 0, 3), true);
    expect(shown).toEqual([10, 3]);
  });
});
