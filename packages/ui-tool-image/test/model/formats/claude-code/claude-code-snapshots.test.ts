import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type ConversationItem } from '../../../../src/model';
import { conversationItemKey } from '../../../../src/model/conversation';
import type { FormatSnapshot } from '../../../../src/model/formats/agent-log/format-reader';
import { ClaudeCodeReader } from '../../../../src/model/formats/claude-code/claude-code-reader';
import { feed, text, toolUse, TranscriptWriter, type Line } from './transcript';

/** `rounds` turns of four lines: a prompt, a reply's text, its call, the result; every tenth reply thinks first. */
function generatedTranscript(rounds: number): Line[] {
  const t = new TranscriptWriter();
  const lines: Line[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const id = `msg_${round}`;
    lines.push(t.user(`Prompt ${round}`));
    lines.push(round % 10 === 0 ? t.assistant(id, { type: 'thinking', thinking: 'hm', signature: 's' }) : t.assistant(id, text(`Reply ${round}`)));
    lines.push(t.assistant(id, toolUse(`toolu_${round}`, 'Bash', { command: `echo ${round}` })));
    lines.push(t.result(`toolu_${round}`, `${round}`));
  }
  return lines;
}

/** Items of `next` that are new objects although an item with the same key in `previous` was equal. */
function needlesslyRebuilt(previous: readonly ConversationItem[], next: readonly ConversationItem[]): ConversationItem[] {
  const before = new Map(previous.map((item) => [conversationItemKey(item), item]));
  return next.filter((item) => {
    const old = before.get(conversationItemKey(item));
    return old !== undefined && old !== item && isDeepStrictEqual(old, item);
  });
}

/** Items of `next` that are not objects of `previous`. */
function newObjects(previous: readonly ConversationItem[], next: readonly ConversationItem[]): number {
  const before = new Set(previous);
  return next.filter((item) => !before.has(item)).length;
}

describe('ClaudeCodeReader snapshots', () => {
  it('hands out the same snapshot while nothing was read, and keeps every unchanged item as the same object, line by line', () => {
    const reader = new ClaudeCodeReader();
    let previous = reader.snapshot();
    generatedTranscript(30).forEach((line, index) => {
      reader.readLine(line, index + 1);
      const next = reader.snapshot();
      expect(reader.snapshot()).toBe(next);
      expect(needlesslyRebuilt(previous.conversation.items, next.conversation.items)).toEqual([]);
      // One line adds or changes at most one item.
      expect(newObjects(previous.conversation.items, next.conversation.items)).toBeLessThanOrEqual(1);
      previous = next;
    });
  });

  it('a call that settles, or gains a nested call, is a new node and item; its neighbours stay', () => {
    const t = new TranscriptWriter();
    const side = new TranscriptWriter({ sessionId: 's', isSidechain: true, agentId: 'ag' }, 'side');
    const reader = feed([t.user('go'), t.assistant('m1', toolUse('toolu_task', 'Task', { prompt: 'p' })), t.assistant('m2', text('waiting'))]);
    const first = reader.snapshot().conversation.items;

    feed([t.result('toolu_task', 'done', { toolUseResult: { agentId: 'ag' } })], reader, 4);
    const settled = reader.snapshot().conversation.items;
    expect(settled[0]).toBe(first[0]);
    expect(settled[2]).toBe(first[2]);
    expect(settled[1]).not.toBe(first[1]);
    expect(settled[1]?.kind === 'call' && settled[1].node.status).toBe('settled');

    feed([side.assistant('ms', toolUse('toolu_inner', 'Grep', { pattern: 'x' }))], reader, 5);
    const nested = reader.snapshot().conversation.items;
    expect(nested).toHaveLength(3);
    expect(nested[0]).toBe(first[0]);
    expect(nested[2]).toBe(first[2]);
    expect(nested[1]?.kind === 'call' && nested[1].node.children.map((child) => child.callId)).toEqual(['toolu_inner']);

    feed([side.result('toolu_inner', 'a.ts')], reader, 6);
    const innerSettled = reader.snapshot().conversation.items;
    expect(innerSettled[1]).not.toBe(nested[1]);
    expect(innerSettled[1]?.kind === 'call' && innerSettled[1].node.children[0]?.status).toBe('settled');
  });

  it('a sidechain nested late leaves the top level; the other items stay the same objects', () => {
    const t = new TranscriptWriter();
    const side = new TranscriptWriter({ sessionId: 's', isSidechain: true, agentId: 'late' }, 'side');
    const reader = feed([t.assistant('m1', toolUse('toolu_task', 'Task', { prompt: 'p' })), side.user('other prompt'), side.assistant('ms', text('working'))]);
    const before = reader.snapshot().conversation.items;
    expect(before).toHaveLength(3);
    feed([t.result('toolu_task', 'done', { toolUseResult: { agentId: 'late' } }), t.assistant('m2', text('next'))], reader, 4);
    const after = reader.snapshot();
    expect(after.conversation.items).toHaveLength(2);
    expect(after.conversation.items[1]).toMatchObject({ kind: 'message', key: 'm2:0' });
    expect(after.otherEvents).toEqual([{ type: 'sidechain message', count: 2 }]);
  });

  it('snapshots of a 30 000-line transcript as it streams rebuild only what the new lines changed (timing logged)', () => {
    const lines = generatedTranscript(7500);
    expect(lines).toHaveLength(30_000);
    const reader = new ClaudeCodeReader();
    let previous: FormatSnapshot = reader.snapshot();
    let rebuilt = 0;
    let snapshots = 0;
    let snapshotMs = 0;
    let readMs = 0;
    for (let index = 0; index < lines.length; index += 1) {
      const reading = performance.now();
      reader.readLine(lines[index], index + 1);
      readMs += performance.now() - reading;
      if ((index + 1) % 100 !== 0) continue;
      const before = performance.now();
      const next = reader.snapshot();
      snapshotMs += performance.now() - before;
      snapshots += 1;
      // 100 new lines: at most 100 new items; everything before them reused.
      const fresh = newObjects(previous.conversation.items, next.conversation.items);
      expect(fresh).toBeLessThanOrEqual(100);
      rebuilt += fresh;
      previous = next;
    }
    expect(previous.conversation.items).toHaveLength(7500 * 3 - 750);
    expect(previous.problems).toEqual([]);
    expect(previous.otherEvents).toEqual([{ type: 'thinking', count: 750 }]);
    // Every item was built about once (a call twice: running, then settled), never once per snapshot.
    expect(rebuilt).toBeLessThan(previous.conversation.items.length * 1.5);
    console.info(
      `30 000 lines read in ${readMs.toFixed(0)} ms; ${snapshots} snapshots (every 100 lines) in ${snapshotMs.toFixed(0)} ms ` +
        `(${(snapshotMs / snapshots).toFixed(2)} ms each); ${rebuilt} item objects built for ${previous.conversation.items.length} items`,
    );
  });
});
