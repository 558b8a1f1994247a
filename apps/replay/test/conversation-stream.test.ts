import { AgentLogReader, type AgentLog } from '@toolcard/ui-tool-image';
import { describe, expect, it } from 'vitest';

import { PacedLogSender } from '../viewer/paced-sender.ts';
import { ViewerLogReceiver, ViewerLogSender } from '../viewer/viewer-log-stream.ts';
import { isConversationLog, type ViewerLog } from '../viewer/viewer-log.ts';

/** A Responses items file: `calls` function calls, each answered `answered` lines later (0: never). */
function callLines(calls: number, from = 0): string {
  let text = '';
  for (let index = from; index < from + calls; index += 1) {
    text += `${JSON.stringify({ type: 'function_call', name: 'shell', arguments: '{}', call_id: `c${String(index)}` })}\n`;
  }
  return text;
}

function outputLine(index: number): string {
  return `${JSON.stringify({ type: 'function_call_output', call_id: `c${String(index)}`, output: 'done' })}\n`;
}

/** A sender whose messages reach a receiver structured-cloned, as the worker's do; the page's snapshots in order. */
function channel() {
  const receiver = new ViewerLogReceiver();
  const shown: ViewerLog[] = [];
  let messages = 0;
  const sender = new ViewerLogSender((message) => {
    messages += 1;
    const log = receiver.receive(structuredClone(message));
    if (log !== null) shown.push(log);
  });
  return { sender, shown, messages: () => messages };
}

function conversationOf(log: ViewerLog | undefined): AgentLog {
  if (log === undefined || !isConversationLog(log)) throw new Error('no conversation log');
  return log;
}

describe('ViewerLogSender and ViewerLogReceiver: another agent’s conversation', () => {
  it('gives the page the worker’s conversation, unchanged items kept as the same objects and a settled call replaced', () => {
    const reader = new AgentLogReader();
    const { sender, shown } = channel();
    reader.append(callLines(3));
    sender.send(reader.snapshot(), Number.POSITIVE_INFINITY);
    reader.append(outputLine(1) + callLines(1, 3));
    const worker = reader.snapshot();
    sender.send(worker, Number.POSITIVE_INFINITY);

    const [first, second] = shown.map(conversationOf);
    expect(second?.conversation).toEqual(worker.conversation);
    expect(second?.format).toBe('openai-responses');
    expect(second?.conversation.items.map((item) => (item.kind === 'call' ? item.node.status : item.kind))).toEqual([
      'running',
      'settled',
      'running',
      'running',
    ]);
    expect(second?.conversation.items[0]).toBe(first?.conversation.items[0]);
    expect(second?.conversation.items[2]).toBe(first?.conversation.items[2]);
    expect(second?.conversation.items[1]).not.toBe(first?.conversation.items[1]);
  });

  it('sends a long conversation in bounded snapshots through the paced sender, and only what changed after', () => {
    const reader = new AgentLogReader();
    const { sender, shown, messages } = channel();
    const paced = new PacedLogSender(sender, 400);
    reader.append(callLines(1000));
    paced.update(reader.snapshot(), false);
    paced.pageShowedLast();
    paced.pageShowedLast();
    expect(shown.map((log) => conversationOf(log).conversation.items.length)).toEqual([400, 800, 1000]);
    const before = messages();
    reader.append(outputLine(999));
    paced.pageShowedLast();
    paced.update(reader.snapshot(), false);
    expect(messages() - before).toBe(2);
    expect(conversationOf(shown.at(-1)).conversation).toEqual(reader.snapshot().conversation);
  });

  it('drops the old log on restart, also when the new file is of another format', () => {
    const { sender, shown } = channel();
    const foreign = new AgentLogReader();
    foreign.append(callLines(2));
    sender.send(foreign.snapshot(), Number.POSITIVE_INFINITY);
    sender.restart();
    const other = new AgentLogReader();
    other.append(callLines(1, 7));
    sender.send(other.snapshot(), Number.POSITIVE_INFINITY);
    expect(conversationOf(shown.at(-1)).conversation.items.map((item) => (item.kind === 'call' ? item.node.callId : ''))).toEqual(['c7']);
    sender.restart();
    const ours = new AgentLogReader();
    ours.append('{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\n');
    const session = ours.snapshot().session;
    if (session === undefined) throw new Error('not read as our own log');
    sender.send(session, Number.POSITIVE_INFINITY);
    expect(shown.at(-1)).toMatchObject({ header: { id: 's' }, events: [] });
  });
});
