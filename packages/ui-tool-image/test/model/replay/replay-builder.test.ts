import { describe, expect, it } from 'vitest';
import { conversationItemKey, type ConversationItem } from '../../../src/model/conversation';
import { itemKeysByEvent, ReplayBuilder } from '../../../src/model/replay/replay-builder';
import { parseSessionLog, SessionLogReader, type ParsedSessionLog, type SessionEvent } from '../../../src/model';
import { CWD, dispatchEvents, headerLine, toolCallEvent, toolResultEvent } from '../builders';
import { describeWithReferenceLogs, itWithReferenceLogs, REFERENCE_LOG_NAMES, referenceLog } from '../../support/reference-logs';

const line = (event: unknown): string => `${JSON.stringify(event)}\n`;
const say = (text: string) => ({ type: 'assistant/message', data: { message: { role: 'assistant', content: [{ type: 'text', text }] } } });

/** Item `index` of a conversation: a message, then a read call with its result, alternating. */
function itemLines(index: number): string {
  const id = `c${String(index)}`;
  if (index % 2 === 0) return line(say(`say ${String(index)}`));
  return (
    line(toolCallEvent(id, 'read', JSON.stringify({ file_path: `${CWD}/f${String(index)}.txt` }))) +
    line(toolResultEvent(id, [{ type: 'text', text: `text of ${id}` }]))
  );
}

/** Stops a build after every `count` events. */
function every(count: number): () => boolean {
  let added = 0;
  return () => (added += 1) % count === 0;
}

function conversationLines(from: number, to: number): string {
  let text = '';
  for (let index = from; index < to; index += 1) text += itemLines(index);
  return text;
}

/**
 * Counts every property read of the events a builder is given: the events are handed over as
 * proxies (one per event, kept across snapshots, as a growing reader keeps its event objects).
 */
function readCounter() {
  const proxies = new WeakMap<SessionEvent, SessionEvent>();
  const reads = new Map<SessionEvent, number>();
  const proxied = (event: SessionEvent): SessionEvent => {
    let proxy = proxies.get(event);
    if (proxy === undefined) {
      const counted: SessionEvent = new Proxy(event, {
        get(target, key, receiver) {
          reads.set(counted, (reads.get(counted) ?? 0) + 1);
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      proxy = counted;
      proxies.set(event, proxy);
    }
    return proxy;
  };
  return {
    counted: (log: ParsedSessionLog): ParsedSessionLog => ({ ...log, events: log.events.map(proxied) }),
    readsOf: (events: readonly SessionEvent[]): number => events.reduce((sum, event) => sum + (reads.get(event) ?? 0), 0),
    reset: () => {
      reads.clear();
    },
  };
}

/** A builder that has replayed a `size`-item log, then is given `appended` more items: the event reads of that last step. */
function readsOfAppending(size: number, appended: number): { readonly old: number; readonly added: number } {
  const { counted, readsOf, reset } = readCounter();
  const reader = new SessionLogReader();
  const builder = new ReplayBuilder();
  reader.append(`${headerLine()}\n${conversationLines(0, size)}`);
  const before = counted(reader.snapshot());
  builder.replayOf(before);
  reset();
  reader.append(conversationLines(size, size + appended));
  const after = counted(reader.snapshot());
  builder.replayOf(after);
  return { old: readsOf(before.events), added: readsOf(after.events.slice(before.events.length)) };
}

describe('ReplayBuilder: a growing log costs what was appended', () => {
  it('reads none of the events it already replayed, and the appended ones a fixed number of times each, whatever the log’s length', () => {
    const small = readsOfAppending(100, 10);
    const large = readsOfAppending(2000, 10);
    const more = readsOfAppending(100, 100);
    expect(small.old).toBe(0);
    expect(large.old).toBe(0);
    expect(small.added).toBeGreaterThan(0);
    expect(large.added).toBe(small.added);
    expect(more.added).toBe(small.added * 10);
  });

  itWithReferenceLogs('gives the same replay as a build from scratch, wherever the log is cut into appends', () => {
    const text = referenceLog('code-mode-read-image', CWD) + conversationLines(0, 12);
    const whole = new ReplayBuilder().replayOf(parseSessionLog(text));
    for (const cut of [1, 7, 40, 200, 900, text.length - 3]) {
      const reader = new SessionLogReader();
      const builder = new ReplayBuilder();
      reader.append(text.slice(0, cut));
      builder.replayOf(reader.snapshot());
      reader.append(text.slice(cut));
      expect(builder.replayOf(reader.snapshot())).toEqual(whole);
    }
  });
});

describeWithReferenceLogs("ReplayBuilder on the harness's reference logs", () => {
  it.each(REFERENCE_LOG_NAMES)('%s read one line per snapshot gives the replay of the whole log', (name) => {
    const text = referenceLog(name, CWD);
    const whole = new ReplayBuilder().replayOf(parseSessionLog(text));
    expect(whole.items.length).toBeGreaterThan(0);
    const reader = new SessionLogReader();
    const builder = new ReplayBuilder();
    for (const logLine of text.split(/(?<=\n)/)) {
      reader.append(logLine);
      builder.replayOf(reader.snapshot());
    }
    reader.end();
    expect(builder.replayOf(reader.snapshot())).toEqual(whole);
  });
});

describeWithReferenceLogs("ReplayBuilder in slices on the harness's reference logs", () => {
  it.each(REFERENCE_LOG_NAMES)('%s built three events at a time gives the replay of the whole log', (name) => {
    const log = parseSessionLog(referenceLog(name, CWD));
    const builder = new ReplayBuilder();
    let replay = builder.replayOf(log, every(3));
    let slices = 1;
    for (; replay.pendingEvents > 0; slices += 1) replay = builder.continue(every(3));
    expect(slices).toBe(Math.max(1, Math.ceil(log.events.length / 3)));
    expect(replay).toEqual(new ReplayBuilder().replayOf(log));
  });
});

describe('ReplayBuilder: identity of items across snapshots', () => {
  const header = `${headerLine()}\n`;

  function grow(...chunks: string[]): ConversationItem[][] {
    const reader = new SessionLogReader();
    const builder = new ReplayBuilder();
    return chunks.map((chunk) => {
      reader.append(chunk);
      return [...builder.replayOf(reader.snapshot()).items];
    });
  }

  it('keeps unchanged items as the same objects and adds the appended ones', () => {
    const [first = [], second = []] = grow(header + conversationLines(0, 4), conversationLines(4, 6));
    expect(first).toHaveLength(4);
    expect(second).toHaveLength(6);
    for (const [index, item] of first.entries()) expect(second[index]).toBe(item);
  });

  it('gives a call whose result arrives later a new item (settled), and leaves the others as they were', () => {
    const running = line(toolCallEvent('late', 'read', '{"file_path":"late.txt"}'));
    const result = line(toolResultEvent('late', [{ type: 'text', text: 'at last' }]));
    const [before = [], after = []] = grow(header + conversationLines(0, 3) + running, result + line(say('done')));
    const callBefore = before[3];
    const callAfter = after[3];
    expect(callBefore?.kind === 'call' && callBefore.node.status).toBe('running');
    expect(callAfter?.kind === 'call' && callAfter.node.status).toBe('settled');
    expect(callAfter).not.toBe(callBefore);
    for (const index of [0, 1, 2]) expect(after[index]).toBe(before[index]);
    expect(after).toHaveLength(5);
  });

  it('gives a program a new item when a nested call is dispatched from it, keeping its unchanged nested calls', () => {
    const ids = { subCallId: 'sub-1', parentCallId: 'prog', rootCallId: 'prog' };
    const [start, settle] = dispatchEvents('ptc', ids, 'read', { file_path: 'a.txt' }, [{ type: 'text', text: 'a' }]);
    const [start2] = dispatchEvents('ptc', { ...ids, subCallId: 'sub-2' }, 'read', { file_path: 'b.txt' }, []);
    const [before = [], after = []] = grow(header + line(toolCallEvent('prog', 'run_code', '{}')) + line(start) + line(settle), line(start2));
    const [programBefore] = before;
    const [programAfter] = after;
    if (programBefore?.kind !== 'call' || programAfter?.kind !== 'call') throw new Error('expected the program’s call item');
    expect(programAfter).not.toBe(programBefore);
    expect(programAfter.node.children.map((child) => child.callId)).toEqual(['sub-1', 'sub-2']);
    expect(programAfter.node.children[0]).toBe(programBefore.node.children[0]);
  });

  it('rebuilds when the log is not an extension of the last one: replaced, truncated, or stepped back', () => {
    const builder = new ReplayBuilder();
    const text = header + conversationLines(0, 6);
    const first = builder.replayOf(parseSessionLog(text)).items;
    // The same text read again (the file replaced by a copy): other event objects, so new items.
    const replaced = builder.replayOf(parseSessionLog(text)).items;
    expect(replaced).toEqual(first);
    expect(replaced[0]).not.toBe(first[0]);
    // Truncated and written again with other content.
    const truncated = builder.replayOf(parseSessionLog(header + line(say('another log')))).items;
    expect(truncated).toEqual([expect.objectContaining({ kind: 'message', parts: [{ kind: 'text', text: 'another log' }] })]);
    // A prefix (a step back), then the whole again: each the same as a build from scratch.
    const whole = parseSessionLog(text);
    const prefix = { ...whole, events: whole.events.slice(0, 3) };
    expect(builder.replayOf(prefix)).toEqual(new ReplayBuilder().replayOf(prefix));
    expect(builder.replayOf(whole)).toEqual(new ReplayBuilder().replayOf(whole));
  });

  it('answers the same log object with the same replay, and keeps the items array when nothing replayed was appended', () => {
    const reader = new SessionLogReader();
    const builder = new ReplayBuilder();
    reader.append(header + conversationLines(0, 3));
    const log = reader.snapshot();
    const replay = builder.replayOf(log);
    expect(builder.replayOf(log)).toBe(replay);
    reader.append(line({ type: 'assistant/chunk', data: { delta: 'skipped' } }));
    expect(builder.replayOf(reader.snapshot()).items).toBe(replay.items);
  });

  it('reports a problem of an appended event at its line', () => {
    const reader = new SessionLogReader();
    const builder = new ReplayBuilder();
    reader.append(header + conversationLines(0, 2));
    expect(builder.replayOf(reader.snapshot()).problems).toEqual([]);
    reader.append(line(toolResultEvent('ghost', [])));
    expect(builder.replayOf(reader.snapshot()).problems).toEqual([{ line: 5, message: 'result for call ghost, whose call head is not in the log' }]);
  });
});

describe('ReplayBuilder in slices', () => {
  const header = `${headerLine()}\n`;
  const text = header + conversationLines(0, 40) + 'not json\n' + conversationLines(40, 60);
  const log = parseSessionLog(text);
  const whole = new ReplayBuilder().replayOf(log);

  it('stops where it is told, and continues to the replay of the whole log', () => {
    expect(whole.pendingEvents).toBe(0);
    const builder = new ReplayBuilder();
    const first = builder.replayOf(log, every(7));
    expect(first.pendingEvents).toBe(log.events.length - 7);
    expect(first.items).toEqual(new ReplayBuilder().replayOf({ ...log, events: log.events.slice(0, 7) }).items);
    // The same log again is the same slice: a render repeated (StrictMode, a server render and its hydration) replays no more.
    expect(builder.replayOf(log, every(7))).toBe(first);
    const slices = [first];
    while ((slices.at(-1)?.pendingEvents ?? 0) > 0) slices.push(builder.continue(every(7)));
    expect(slices.map((slice) => slice.pendingEvents)).toEqual(slices.map((_, index) => Math.max(0, log.events.length - 7 * (index + 1))));
    expect(slices.at(-1)).toEqual(whole);
    expect(builder.continue()).toBe(slices.at(-1));
  });

  it('names only the problems up to the last line it replayed until the log is whole', () => {
    // The header, then 40 items of one or two lines each (20 messages, 20 calls with their results).
    const badLine = 1 + 20 + 2 * 20 + 1;
    expect(whole.problems.map((problem) => problem.line)).toEqual([badLine]);
    const builder = new ReplayBuilder();
    let replay = builder.replayOf(log, every(10));
    const shown: { readonly lastLine: number; readonly problems: number }[] = [];
    for (;;) {
      const lastLine = replay.items.at(-1)?.line ?? 0;
      shown.push({ lastLine, problems: replay.problems.length });
      if (replay.pendingEvents === 0) break;
      replay = builder.continue(every(10));
    }
    expect(shown.filter(({ problems }) => problems > 0).every(({ lastLine }) => lastLine > badLine)).toBe(true);
    expect(shown.filter(({ lastLine }) => lastLine < badLine).every(({ problems }) => problems === 0)).toBe(true);
    expect(replay.problems).toEqual(whole.problems);
  });

  it('continues a log that grew while slices were pending from where it stopped', () => {
    const reader = new SessionLogReader();
    reader.append(header + conversationLines(0, 30));
    const builder = new ReplayBuilder();
    expect(builder.replayOf(reader.snapshot(), every(5)).pendingEvents).toBeGreaterThan(0);
    reader.append(conversationLines(30, 60));
    const grown = reader.snapshot();
    let replay = builder.replayOf(grown, every(5));
    while (replay.pendingEvents > 0) replay = builder.continue(every(5));
    expect(replay).toEqual(new ReplayBuilder().replayOf(grown));
  });
});

describe('itemKeysByEvent', () => {
  /** The keys of the items a ReplayBuilder replaying one event more at a time hands out anew for each event. */
  function keysByReplay(log: ParsedSessionLog): string[][] {
    const builder = new ReplayBuilder();
    let previous: readonly ConversationItem[] = [];
    return log.events.map((_, at) => {
      const { items } = builder.replayOf({ ...log, events: log.events.slice(0, at + 1) });
      const changed = items.filter((item, index) => item !== previous[index]).map(conversationItemKey);
      previous = items;
      return changed;
    });
  }
  const sorted = (keys: string[][]) => keys.map((each) => [...each].sort());

  it('names, per event, the items a replay one event at a time creates or changes: messages, calls, results, nested calls', () => {
    const ids = { rootCallId: 'root', parentCallId: 'root', subCallId: 'sub-1' };
    const nested = dispatchEvents('ptc', ids, 'read', { file_path: 'a.txt' }, [{ type: 'text', text: 'a' }])
      .map(line)
      .join('');
    const log = parseSessionLog(headerLine() + conversationLines(0, 9) + nested + line(toolResultEvent('no-such-call', [])));
    const keys = itemKeysByEvent(log.events);
    expect(keys.flat().length).toBeGreaterThan(9);
    expect(sorted(keys)).toEqual(sorted(keysByReplay(log)));
  });

  itWithReferenceLogs.each(REFERENCE_LOG_NAMES)('%s: the same keys as a replay one event at a time', (name) => {
    const log = parseSessionLog(referenceLog(name, CWD));
    expect(sorted(itemKeysByEvent(log.events))).toEqual(sorted(keysByReplay(log)));
  });
});
