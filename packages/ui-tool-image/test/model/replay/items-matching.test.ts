import { describe, expect, it } from 'vitest';
import { conversationImageIds, conversationItemKey, itemsMatching, NO_FILTER, readAgentLog } from '../../../src/model';
import claudeFailures from '../../../../../stories/fixtures/agents/logs/claude-code-failures.jsonl?raw';
import screenshot from '../../../../../stories/fixtures/sessions/01-screenshot-png.jsonl?raw';
import severalImages from '../../../../../stories/fixtures/sessions/07-several-images.jsonl?raw';

const { items } = readAgentLog(claudeFailures).conversation;
const keysOf = (indexes: readonly number[]): string[] =>
  indexes.flatMap((at) => {
    const item = items[at];
    return item === undefined ? [] : [conversationItemKey(item)];
  });
const calls = items.filter((item) => item.kind === 'call');

describe('itemsMatching: the items a find-bar filter matches, as the replay list filters them', () => {
  it('no filter: every item', () => {
    expect(itemsMatching(items, NO_FILTER)).toEqual(items.map((_, at) => at));
  });

  it('a tool: the calls of that tool only', () => {
    const tool = calls[0]?.node.name ?? '';
    const matched = itemsMatching(items, { ...NO_FILTER, tool });
    expect(matched.length).toBeGreaterThan(0);
    for (const at of matched) expect(items[at]?.kind === 'call' && items[at].node.name).toBe(tool);
    expect(matched.length).toBe(calls.filter((item) => item.node.name === tool).length);
  });

  it('a state: the failed calls only', () => {
    const failed = calls.filter((item) => item.node.status === 'settled' && item.node.result.outcome === 'error');
    expect(failed.length).toBeGreaterThan(0);
    expect(keysOf(itemsMatching(items, { ...NO_FILTER, states: ['failed'] }))).toEqual(failed.map(conversationItemKey));
  });

  it('a text: the items whose text holds it, case-insensitive, within what the tool and states let through', () => {
    const failedKeys = keysOf(itemsMatching(items, { ...NO_FILTER, states: ['failed'] }));
    const first = items.find((item) => conversationItemKey(item) === failedKeys[0]);
    const word = first?.kind === 'call' ? (first.node.name ?? '') : '';
    expect(keysOf(itemsMatching(items, { ...NO_FILTER, states: ['failed'], text: ` ${word.toUpperCase()} ` }))).toContain(failedKeys[0]);
    expect(itemsMatching(items, { ...NO_FILTER, text: 'no item holds this text' })).toEqual([]);
  });
});

describe('conversationImageIds: the attachment ids of the images the items show', () => {
  it('one per distinct image, none for a log without images', () => {
    expect([...conversationImageIds(readAgentLog(screenshot).conversation.items)]).toHaveLength(1);
    expect(conversationImageIds(readAgentLog(severalImages).conversation.items).size).toBeGreaterThan(1);
    expect(conversationImageIds([]).size).toBe(0);
  });
});
