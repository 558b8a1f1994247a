import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { conversationItemKey, itemsMatching, type ConversationItem } from '@toolcard/ui-tool-image/model';
import { describe, expect, it } from 'vitest';

import { ExportFilterError, filteredLog } from '../src/export/filtered-log.ts';
import { hostileSession } from './export-sessions.ts';
import { servedText } from './support/served-text.ts';
import { claudeCodeSubagentFile, claudeCodeTaskTranscript } from './support/foreign-sessions.ts';
import { base64Of, imageBytes } from './support/inline-images.ts';
import { readServedLog } from './support/agent-log-contents.ts';
import { viewerItems } from './support/viewer-items.ts';
import { useTempDirs } from './temp-dirs.ts';
import { FRAME_MARK, subagentFramePrefix } from '../viewer/subagent-frames.ts';
import { filterFromSearch } from '../viewer/url-filter.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../stories/fixtures');

/** A fixture's text as the server serves it. */
const servedFixture = (file: string): Promise<string> => servedText(path.join(FIXTURES, file));

const lines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
/** A dropped line's place: its line break, in its subagent frame if it had one. */
const isBlankInPlace = (line: string): boolean =>
  line === '\n' || (line.startsWith(FRAME_MARK) && line.indexOf(FRAME_MARK, FRAME_MARK.length) === line.length - 2);
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

/** The cases where the filter keeps a line after one it drops (claude-code-failures' failed calls come before any it drops). */
const RENUMBERED = CASES.filter((each) => each.file !== 'agents/logs/claude-code-failures.jsonl');

describe('filteredLog: the lines of the calls a filter matches, each whole', () => {
  const tempDir = useTempDirs();

  it.each(CASES)('$file with $query: the viewer reads back exactly the matching calls, from a subsequence of the lines', async ({ file, query }) => {
    const text = await servedFixture(file);
    const filter = filterFromSearch(query);
    const whole = viewerItems(text);
    const matching = itemsMatching(whole, filter).map((at) => whole[at]);
    const filtered = filteredLog(text, filter);

    // Line for line: each the log's line at its number, whole and unchanged, or a blank one in place of a dropped one.
    const all = lines(text);
    const kept = lines(filtered.text);
    expect(kept.length).toBeLessThanOrEqual(all.length);
    expect(kept.filter((line, at) => line !== all[at] && !isBlankInPlace(line))).toEqual([]);
    expect(kept.some((line, at) => line !== all[at])).toBe(true);
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

  it.each(RENUMBERED)(
    '$file with $query: a damaged line among the kept is reported at its number in the log, as the whole log reports it',
    async ({ file, query }) => {
      const text = await servedFixture(file);
      const filter = filterFromSearch(query);
      const all = lines(text);
      const kept = lines(filteredLog(text, filter).text);
      // After the last kept line that has dropped lines before it: the line numbers of the file and the log differ there, were the dropped ones left out.
      const after = kept.findLastIndex(
        (line, at) => line === all[at] && !isBlankInPlace(line) && kept.slice(0, at).some((each, before) => each !== all[before]),
      );
      expect(after).toBeGreaterThan(0);
      const damaged = [...all.slice(0, after + 1), '{"damaged": \n', ...all.slice(after + 1)].join('');
      const problem = { line: after + 2, message: expect.stringMatching(/JSON/) as unknown };
      expect(readServedLog(damaged).problems).toContainEqual(problem);
      expect(readServedLog(filteredLog(damaged, filter).text).problems).toContainEqual(problem);
    },
  );

  it('a subagent file’s line keeps its number too: one dropped with an unmatched call leaves its frame in place', async () => {
    const screenshot = base64Of(await imageBytes('png', '#d00000'));
    const [user, task, result] = claudeCodeTaskTranscript({ agentId: 'b0b', version: '2.1.14', finished: true }).split(/(?<=\n)/);
    const frame = (line: string): string => `${subagentFramePrefix('agent-b0b.jsonl')}${line}`;
    const start = claudeCodeSubagentFile({ agentId: 'b0b', version: '2.1.14', screenshot, part: 'start' }).split(/(?<=\n)/);
    const rest = claudeCodeSubagentFile({ agentId: 'b0b', version: '2.1.14', screenshot, part: 'rest' }).split(/(?<=\n)/);
    const bash = [
      `${JSON.stringify({ type: 'assistant', sessionId: 's', uuid: 'bash-1', message: { id: 'msg_bash', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: 'ls' } }] } })}\n`,
      `${JSON.stringify({ type: 'user', sessionId: 's', uuid: 'bash-2', message: { role: 'user', content: [{ tool_use_id: 'toolu_bash', type: 'tool_result', content: 'a.txt' }] } })}\n`,
    ];
    // The subagent's 4th line makes no item and follows the Bash call's line, so it goes with that call; its 5th is damaged.
    const text = [
      user,
      task,
      ...start.map(frame),
      bash[0],
      frame('{"type":"summary","summary":"settings"}\n'),
      bash[1],
      ...rest.map(frame),
      frame('{"damaged": \n'),
      result,
    ]
      .filter((line) => line !== undefined)
      .join('');
    const damagedAt = start.length + rest.length + 2;
    const problem = { line: 0, message: expect.stringContaining(`agent-b0b.jsonl, line ${String(damagedAt)}:`) as unknown };
    expect(readServedLog(text).problems).toContainEqual(problem);
    const filtered = filteredLog(text, filterFromSearch('tool=Task'));
    expect(keys(calls(viewerItems(filtered.text)))).toEqual(['call:toolu_task']);
    expect(readServedLog(filtered.text).problems).toContainEqual(problem);
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
