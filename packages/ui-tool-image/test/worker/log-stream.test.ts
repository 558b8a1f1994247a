import { describe, expect, it } from 'vitest';
import { SessionLogReader } from '../../src/model';
import { SessionLogReceiver, SessionLogSender, type SessionLogMessage } from '../../src/worker';
import { headerLine, toolCallEvent, toolResultEvent } from '../model/builders';

const line = (event: unknown): string => `${JSON.stringify(event)}\n`;

function calls(from: number, to: number): string {
  let text = '';
  for (let index = from; index < to; index += 1) {
    text += line(toolCallEvent(`c${String(index)}`, 'read', '{}')) + line(toolResultEvent(`c${String(index)}`, [{ type: 'text', text: 'ok' }]));
  }
  return text;
}

/** A sender whose messages reach a receiver as a worker's do: structured-cloned, one by one. */
function channel() {
  const messages: SessionLogMessage[] = [];
  const receiver = new SessionLogReceiver();
  const snapshots: ReturnType<SessionLogReceiver['receive']>[] = [];
  const sender = new SessionLogSender((message) => {
    const cloned = structuredClone(message);
    messages.push(cloned);
    const log = receiver.receive(cloned);
    if (log !== null) snapshots.push(log);
  });
  return { sender, messages, snapshots };
}

describe('SessionLogSender → SessionLogReceiver', () => {
  it('puts each snapshot back together, sending only the appended events, in batches of at most 500', () => {
    const reader = new SessionLogReader();
    const { sender, messages, snapshots } = channel();
    reader.append(`${headerLine()}\n${calls(0, 400)}{"broken\n`);
    sender.send(reader.snapshot());
    reader.append(calls(400, 410));
    const sentBefore = messages.length;
    sender.send(reader.snapshot());

    expect(snapshots).toHaveLength(2);
    expect(snapshots[1]).toEqual(reader.snapshot());
    const batches = messages.flatMap((message) => (message.kind === 'events' ? [message.events.length] : []));
    expect(batches).toEqual([500, 300, 20]);
    expect(messages.slice(sentBefore).map((message) => message.kind)).toEqual(['events', 'log']);
  });

  it('keeps the events it holds as the same objects in later snapshots', () => {
    const reader = new SessionLogReader();
    const { sender, snapshots } = channel();
    reader.append(`${headerLine()}\n${calls(0, 3)}`);
    sender.send(reader.snapshot());
    reader.append(calls(3, 4));
    sender.send(reader.snapshot());
    const [first, second] = snapshots;
    expect(second?.events.slice(0, 6)).toHaveLength(6);
    for (const [index, event] of (first?.events ?? []).entries()) expect(second?.events[index]).toBe(event);
  });

  it('drops what it holds when the log restarts', () => {
    const { sender, snapshots } = channel();
    const first = new SessionLogReader();
    first.append(`${headerLine()}\n${calls(0, 5)}`);
    sender.send(first.snapshot());
    sender.restart();
    const second = new SessionLogReader();
    second.append(`${headerLine()}\n${calls(7, 8)}`);
    sender.send(second.snapshot());
    expect(snapshots.at(-1)).toEqual(second.snapshot());
  });
});
