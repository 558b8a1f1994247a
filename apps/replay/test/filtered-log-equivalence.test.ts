import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { AgentLogReader, conversationItemKey, type ConversationItem, type ReplayFilter } from '@toolcard/ui-tool-image/model';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ExportFilterError, filteredLog, keptLines, logLines, type FilteredLog } from '../src/export/filtered-log.ts';
import { hostileSession } from './export-sessions.ts';
import { writeLongSession } from './support/long-session-log.ts';
import { writeSession } from '../bench/agent-session-files.ts';
import { claudeCodeSubagentFile, claudeCodeTaskTranscript } from './support/foreign-sessions.ts';
import { base64Of, imageBytes } from './support/inline-images.ts';
import { servedText } from './support/served-text.ts';
import { viewerItems } from './support/viewer-items.ts';
import { useTempDirs } from './temp-dirs.ts';
import { SubagentFrameSplitter, subagentFramePrefix } from '../viewer/subagent-frames.ts';
import { filterFromSearch } from '../viewer/url-filter.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../stories/fixtures');
/** Other projects' logs, read where they are kept (`../shared` beside the repository), never copied into it. */
const SHARED = path.resolve(import.meta.dirname, '../../../../shared');
const SHARED_DIRS = ['foreign-logs', 'reference-logs'].map((dir) => path.join(SHARED, dir));

/**
 * How `filteredLog` learnt which line made which item before our own log told it by its events and
 * another agent's by its reader (`takeChangedItemKeys`), kept here as the reference its output must
 * equal: a reader snapshot after every line, the items that are not the same objects as before being
 * that line's. What is kept of the lines given that is the same code (`keptLines`).
 */
function referenceFilteredLog(log: string, filter: ReplayFilter): FilteredLog {
  const reader = new AgentLogReader();
  const splitter = new SubagentFrameSplitter(
    (text) => {
      reader.append(text);
    },
    (file, line) => {
      reader.appendSubagent(file, line);
    },
  );
  const lines = logLines(log);
  let previous: readonly ConversationItem[] = [];
  const changedSince = (items: readonly ConversationItem[]): string[] => {
    const changed = items.filter((item, at) => item !== previous[at]).map(conversationItemKey);
    previous = items;
    return changed;
  };
  const byLine = lines.map((line) => {
    splitter.push(line);
    return changedSince(reader.snapshot().conversation.items);
  });
  reader.end();
  const read = reader.snapshot();
  if (!['toolcard', 'claude-code', 'codex'].includes(read.format)) throw new ExportFilterError(`not lines: ${read.format}`);
  return keptLines(lines, { byLine, atEnd: changedSince(read.conversation.items) }, read.conversation.items, filter);
}

/** What a run gives, comparable: the result, or that it refused. */
function outcome(run: () => { text: string; calls: { kept: number; total: number }; items: readonly ConversationItem[] }) {
  try {
    const { text, calls, items } = run();
    return { text, calls, items: items.map((item) => ({ key: conversationItemKey(item), item })) };
  } catch (error) {
    if (error instanceof ExportFilterError) return { refused: true };
    throw error;
  }
}

/** The filters tried on a log: each state, and each tool its calls name. */
function filtersFor(text: string): string[] {
  const read = new AgentLogReader();
  read.append(text);
  read.end();
  const names = new Set(read.snapshot().conversation.items.flatMap((item) => (item.kind === 'call' && item.node.name !== null ? [item.node.name] : [])));
  return ['state=images', 'state=failed', 'state=running', 'q=png', ...[...names].map((name) => `tool=${encodeURIComponent(name)}`)];
}

function expectSameAsReference(text: string): void {
  const filters = filtersFor(text);
  for (const query of filters) {
    const filter = filterFromSearch(query);
    expect(
      outcome(() => filteredLog(text, filter)),
      query,
    ).toEqual(outcome(() => referenceFilteredLog(text, filter)));
  }
}

async function jsonlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl')).map((entry) => path.join(entry.parentPath, entry.name));
}

const fixtureLogs = [...(await jsonlFiles(path.join(FIXTURES, 'sessions'))), ...(await jsonlFiles(path.join(FIXTURES, 'agents/logs')))].filter(
  (file) => !file.includes(`${path.sep}subagents${path.sep}`),
);
const sharedPresent = SHARED_DIRS.every((dir) => existsSync(dir));
if (!sharedPresent) console.warn(`Shared logs skipped: ${SHARED_DIRS.join(', ')} absent (../shared beside the repository).`);
const sharedLogs = sharedPresent ? (await Promise.all(SHARED_DIRS.map(jsonlFiles))).flat() : [];

const LONG = 'sessions/15-long-session.jsonl';
const toolcardLine = (type: string, data: Record<string, unknown>): string => `${JSON.stringify({ type, data })}\n`;

describe('filteredLog gives exactly what a snapshot after every line gave', () => {
  const tempDir = useTempDirs();

  it.each(fixtureLogs.map((file) => path.relative(FIXTURES, file)))('stories/fixtures/%s, served, every filter', async (file) => {
    expectSameAsReference(await servedText(path.join(FIXTURES, file)));
  });

  it.skipIf(!sharedPresent).each(sharedLogs.map((file) => path.relative(SHARED, file)))('shared/%s, as it is and served, every filter', async (file) => {
    const text = await readFile(path.join(SHARED, file), 'utf8');
    expectSameAsReference(text);
    expectSameAsReference(await servedText(path.join(SHARED, file)));
  });

  it('generated logs of each line format: ours (the long session twice, a hostile one), Claude Code and Codex sessions, Claude Code with a subagent framed in', async () => {
    const dir = await tempDir();
    await writeLongSession(path.join(dir, 'long.jsonl'), 2);
    expectSameAsReference(await readFile(path.join(dir, 'long.jsonl'), 'utf8'));
    expectSameAsReference(await readFile((await hostileSession(dir)).logPath, 'utf8'));
    for (const format of ['claude-code', 'codex'] as const) {
      const { path: file } = await writeSession(path.join(dir, `${format}.jsonl`), format, { targetMb: 0.2, screenshots: 6 });
      expectSameAsReference(await readFile(file, 'utf8'));
    }
    const screenshot = base64Of(await imageBytes('png', '#d00000'));
    const transcript = claudeCodeTaskTranscript({ agentId: 'b0b', version: '2.1.14', finished: true });
    const subagent = claudeCodeSubagentFile({ agentId: 'b0b', version: '2.1.14', screenshot });
    const framed = subagent.split(/(?<=\n)/).map((line) => `${subagentFramePrefix('agent-b0b.jsonl')}${line}`);
    const [first, ...rest] = transcript.split(/(?<=\n)/);
    expectSameAsReference([first, ...framed, ...rest].join(''));
    expectSameAsReference([...transcript.split(/(?<=\n)/), ...framed].join(''));
  });

  it('our log with the edges of its lines: no last line break, a cut-off last line, CRLF, a byte order mark, lines before the header, a stray frame, blank lines', async () => {
    const text = await readFile(path.join(FIXTURES, LONG), 'utf8');
    const head = text.split('\n').slice(0, 40).join('\n');
    const variants = [
      head,
      `${head}\n{"type":"tool/res`,
      `${head}\n`.replaceAll('\n', '\r\n'),
      `\uFEFF${head}\n`,
      `not json\n{"x":1}\n${head}\n`,
      `${head.split('\n').slice(0, 8).join('\n')}\n${subagentFramePrefix('agent-x.jsonl')}{"a":1}\n\n${head.split('\n').slice(8).join('\n\n')}\n`,
      `${head}\n${toolcardLine('tool/result', { callId: 'no-such-call', result: { outcome: 'ok' } })}`,
    ];
    for (const variant of variants) expectSameAsReference(variant);
  });
});

describe('filteredLog reads our own log once, whatever its length', () => {
  const tempDir = useTempDirs();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Reader snapshots taken to filter the long session repeated `times` over. */
  async function snapshotsToFilter(times: number): Promise<{ snapshots: number; lines: number }> {
    const file = path.join(await tempDir(), 'long.jsonl');
    await writeLongSession(file, times);
    const text = await readFile(file, 'utf8');
    const snapshot = vi.spyOn(AgentLogReader.prototype, 'snapshot');
    filteredLog(text, filterFromSearch('state=images'));
    const snapshots = snapshot.mock.calls.length;
    snapshot.mockRestore();
    return { snapshots, lines: text.split('\n').length };
  }

  it('the same number of reader snapshots for the long session once and four times over (one per line would be a walk over all items per line)', async () => {
    const once = await snapshotsToFilter(1);
    const four = await snapshotsToFilter(4);
    expect(four.lines).toBeGreaterThan(3 * once.lines);
    expect(four.snapshots).toBe(once.snapshots);
    expect(once.snapshots).toBeLessThanOrEqual(2);
  });
});

describe('filteredLog reads a Claude Code or Codex log once too, the items each line changed told by the reader', () => {
  const tempDir = useTempDirs();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Reader snapshots taken, and item keys the reader told (the items it visited for them), to filter a session of `screenshots` steps. */
  async function workToFilter(format: 'claude-code' | 'codex', screenshots: number): Promise<{ snapshots: number; keys: number; lines: number }> {
    const { path: file } = await writeSession(path.join(await tempDir(), `${format}.jsonl`), format, { targetMb: screenshots / 20, screenshots });
    const text = await readFile(file, 'utf8');
    const snapshot = vi.spyOn(AgentLogReader.prototype, 'snapshot');
    const taken = vi.spyOn(AgentLogReader.prototype, 'takeChangedItemKeys');
    filteredLog(text, filterFromSearch('state=images'));
    const keys = taken.mock.results.reduce((sum, result) => sum + (result.type === 'return' ? result.value.length : 0), 0);
    const work = { snapshots: snapshot.mock.calls.length, keys, lines: text.split('\n').length };
    vi.restoreAllMocks();
    return work;
  }

  it.each(['claude-code', 'codex'] as const)(
    '%s: the same number of snapshots for 10 and 40 steps, and as many keys told per line (a walk over all items per line would tell 4x as many)',
    async (format) => {
      const once = await workToFilter(format, 10);
      const four = await workToFilter(format, 40);
      expect(four.lines).toBeGreaterThan(3 * once.lines);
      expect(four.snapshots).toBe(once.snapshots);
      expect(once.snapshots).toBeLessThanOrEqual(2);
      expect(once.keys).toBeGreaterThan(0);
      expect(four.keys / four.lines).toBeLessThan(1.25 * (once.keys / once.lines));
    },
  );
});

describe('filteredLog with a subagent beside another top-level call', () => {
  const tempDir = useTempDirs();

  /** The Task transcript fixture with a second top-level call (a Bash) after the Task's, its subagent file in `<session>/subagents/`, served. */
  async function twoCallsAndASubagent(): Promise<string> {
    const dir = await tempDir();
    const name = 'c1a0de00-0000-4000-8000-000000000007';
    const source = path.join(FIXTURES, 'agents/logs');
    const transcript = (await readFile(path.join(source, `${name}.jsonl`), 'utf8')).trimEnd().split('\n');
    const [, , , , last] = transcript;
    const fields = JSON.parse(transcript[0] ?? '{}') as Record<string, unknown>;
    const record = (uuid: string, parentUuid: string, type: string, message: unknown) => JSON.stringify({ ...fields, parentUuid, uuid, type, message });
    const bash = [
      record('00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000004', 'assistant', {
        id: 'msg_07C1',
        type: 'message',
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_07C1', name: 'Bash', input: { command: 'ls screenshots' } }],
      }),
      record('00000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000005', 'user', {
        role: 'user',
        content: [{ tool_use_id: 'toolu_07C1', type: 'tool_result', content: 'login-screen.png' }],
      }),
    ];
    expect(last).toBeUndefined();
    await writeFile(path.join(dir, `${name}.jsonl`), `${[...transcript, ...bash].join('\n')}\n`);
    await mkdir(path.join(dir, name, 'subagents'), { recursive: true });
    const subagent = path.join(name, 'subagents', 'agent-a7f11e5d.jsonl');
    await writeFile(path.join(dir, subagent), await readFile(path.join(source, subagent)));
    return servedText(path.join(dir, `${name}.jsonl`));
  }

  const callShapes = (text: string) =>
    viewerItems(text).flatMap((item) => (item.kind === 'call' ? [[item.node.name, item.node.children.map((child) => child.name)]] : []));

  it('the Task keeps its subagent lines and its nested calls; the Bash keeps none of them', async () => {
    const text = await twoCallsAndASubagent();
    const whole = callShapes(text);
    expect(whole.map(([name]) => name)).toEqual(['Task', 'Bash']);
    expect(whole[0]?.[1]?.length).toBeGreaterThan(0);
    const taskOnly = filteredLog(text, filterFromSearch('tool=Task'));
    expect(callShapes(taskOnly.text)).toEqual([whole[0]]);
    // The items it reports are the viewer's, the subagent's calls read as the subagent's.
    const wholeItems = viewerItems(text);
    expect(taskOnly.items).toEqual(wholeItems.filter((item) => taskOnly.items.some((kept) => conversationItemKey(kept) === conversationItemKey(item))));
    const bashOnly = filteredLog(text, filterFromSearch('tool=Bash')).text;
    expect(callShapes(bashOnly)).toEqual([['Bash', []]]);
    // The subagent's calls' lines went with the Task (its prompt, which made no item, stays with the line before it).
    expect(bashOnly).not.toMatch(/"name":"(Glob|Read)"/);
    expectSameAsReference(text);
  });
});
