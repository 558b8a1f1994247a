import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { conversationItemKey, itemsMatching, type ConversationItem } from '@toolcard/ui-tool-image/model';
import { describe, expect, it } from 'vitest';

import { ExportFilterError, filteredLog } from '../src/export/filtered-log.ts';
import { hostileSession } from './export-sessions.ts';
import { servedText } from './support/served-text.ts';
import { viewerItems } from './support/viewer-items.ts';
import { useTempDirs } from './temp-dirs.ts';
import { filterFromSearch } from '../viewer/url-filter.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../stories/fixtures');

/** A fixture's text as the server serves it. */
const servedFixture = (file: string): Promise<string> => servedText(path.join(FIXTURES, file));

const lines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
const keys = (items: readonly ConversationItem[]): string[] => items.map(conversationItemKey);
const calls = (items: readonly ConversationItem[]): readonly ConversationItem[] => items.filter((item) => item.kind === 'call');

/** Each log with a filter that keeps some of its calls and drops others. */
const CASES = [
  { file: 'sessions/15-long-session.jsonl', query: 'state=images' },
  { file: 'agents/logs/claude-code-failures.jsonl', query: 'state=failed' },
  { file: 'agents/logs/claude-code-mcp-screenshot.jsonl', query: 'tool=mcp__playwright__browser_take_screenshot' },
  { file: 'agents/logs/claude-code-parallel-calls.jsonl', query: 'q=SPINNER.gif' },
  { file: 'agents/logs/codex-parallel-calls.jsonl', query: 'tool=view_image' },
  { file: 'agents/logs/codex-parallel-calls.jsonl', query: 'tool=shell' },
] as const;

describe('filteredLog: the lines of the calls a filter matches, each whole', () => {
  const tempDir = useTempDirs();

  it.each(CASES)('$file with $query: the viewer reads back exactly the matching calls, from a subsequence of the lines', async ({ file, query }) => {
    const text = await servedFixture(file);
    const filter = filterFromSearch(query);
    const whole = viewerItems(text);
    const matching = itemsMatching(whole, filter).map((at) => whole[at]);
    const filtered = filteredLog(text, filter);

    // Whole lines, unchanged, in their order.
    const all = lines(text);
    let from = 0;
    for (const line of lines(filtered.text)) {
      from = all.indexOf(line, from) + 1;
      expect(from, 'a kept line is a line of the log, after the one before it').toBeGreaterThan(0);
    }
    expect(filtered.text.length).toBeLessThan(text.length);

    const read = viewerItems(filtered.text);
    expect(keys(read)).toEqual(keys(filtered.items));
    // Every matching call is there; the calls that are not are the ones sharing a line with one that is (none in these logs).
    expect(keys(calls(read))).toEqual(keys(calls(matching.filter((item) => item !== undefined))));
    expect(filtered.calls).toEqual({ kept: calls(read).length, total: calls(whole).length });
    expect(filtered.calls.kept).toBeLessThan(filtered.calls.total);
    // The task stays: the page keeps its title.
    expect(keys(read)[0]).toBe(keys(whole.filter((item) => item.kind === 'message'))[0]);
  });

  it('one of two calls one assistant message started: that call alone, settled, from its own lines', async () => {
    const { logPath } = await hostileSession(await tempDir());
    const text = await readFile(logPath, 'utf8');
    const filtered = filteredLog(text, filterFromSearch('tool=read_image'));
    const read = viewerItems(filtered.text);
    expect(keys(calls(read))).toEqual(['call:image-call']);
    expect(filtered.calls).toEqual({ kept: 1, total: 2 });
    expect(calls(read)[0]?.kind === 'call' && calls(read)[0]).toMatchObject({ node: { status: 'settled', result: { outcome: 'ok' } } });
  });

  it('a subagent file framed in the copy stays with the call that started it', async () => {
    const text = await servedFixture('agents/logs/c1a0de00-0000-4000-8000-000000000007.jsonl');
    const whole = viewerItems(text);
    const read = viewerItems(filteredLog(text, filterFromSearch('tool=Task')).text);
    const task = (items: readonly ConversationItem[]) => calls(items).find((item) => item.kind === 'call' && item.node.name === 'Task');
    const before = task(whole);
    expect(before?.kind === 'call' && before.node.children.length).toBeGreaterThan(0);
    const shape = (item: ConversationItem | undefined) =>
      item?.kind === 'call' && { status: item.node.status, children: item.node.children.map((child) => [child.callId, child.status]) };
    expect(shape(task(read))).toEqual(shape(before));
  });

  it('a filter no call matches is an error that says so, not an empty file', async () => {
    const text = await servedFixture('agents/logs/codex-shell.jsonl');
    expect(() => filteredLog(text, filterFromSearch('tool=no_such_tool'))).toThrow(ExportFilterError);
    expect(() => filteredLog(text, filterFromSearch('tool=no_such_tool'))).toThrow(/no call of the \d+ in the log matches the filter/);
  });

  it('a log that is one JSON document (an API message array) has no lines to keep: an error that says so', async () => {
    const text = await readFile(path.join(FIXTURES, 'agents/logs/anthropic-messages.json'), 'utf8');
    expect(() => filteredLog(text, filterFromSearch('state=images'))).toThrow(/log of lines.*anthropic-messages/);
  });
});
