import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentLogReader, conversationItemKey, type ConversationItem } from '../../../../src/model';
import { text, toolUse, TranscriptWriter, type Line } from '../claude-code/transcript';

const FIXTURES = join(import.meta.dirname, '../../../../../../stories/fixtures/agents/logs');
/** Other projects' logs, read where they are kept (`../shared` beside the repository), never copied into it. */
const SHARED = join(import.meta.dirname, '../../../../../../../shared/foreign-logs');
const sharedPresent = existsSync(SHARED);
if (!sharedPresent) console.warn(`Shared foreign logs skipped: ${SHARED} is absent (../shared beside the repository).`);

/** A piece of a log as a served copy gives it: the log's own text, or a line of one of its subagent files. */
type Piece = string | { readonly file: string; readonly line: string };

function append(reader: AgentLogReader, piece: Piece): void {
  if (typeof piece === 'string') reader.append(piece);
  else reader.appendSubagent(piece.file, piece.line);
}

function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function jsonLines(lines: readonly Line[]): string[] {
  return lines.map((line) => `${JSON.stringify(line)}\n`);
}

/**
 * The keys each piece (and then the end) made, told three ways: by `takeChangedItemKeys` on a
 * reader never snapshotted, by it on a reader snapshotted after every piece too, and by those
 * snapshots themselves (the items that are not the same objects at the same places as before:
 * what a filtered export learnt from a snapshot per line before the readers told it).
 */
function keysPerPiece(pieces: readonly Piece[]): { readonly taken: string[][]; readonly takenBesideSnapshots: string[][]; readonly bySnapshots: string[][] } {
  const taking = new AgentLogReader();
  const snapshotting = new AgentLogReader();
  let previous: readonly ConversationItem[] = [];
  const sorted = (keys: readonly string[]) => [...new Set(keys)].sort();
  const taken: string[][] = [];
  const takenBesideSnapshots: string[][] = [];
  const bySnapshots: string[][] = [];
  const step = () => {
    taken.push(sorted(taking.takeChangedItemKeys()));
    const { items } = snapshotting.snapshot().conversation;
    bySnapshots.push(sorted(items.filter((item, at) => item !== previous[at]).map(conversationItemKey)));
    previous = items;
    takenBesideSnapshots.push(sorted(snapshotting.takeChangedItemKeys()));
  };
  for (const piece of pieces) {
    append(taking, piece);
    append(snapshotting, piece);
    step();
  }
  taking.end();
  snapshotting.end();
  step();
  return { taken, takenBesideSnapshots, bySnapshots };
}

function expectKeysAsSnapshotsTell(pieces: readonly Piece[]): string[][] {
  const { taken, takenBesideSnapshots, bySnapshots } = keysPerPiece(pieces);
  expect(taken).toEqual(bySnapshots);
  expect(takenBesideSnapshots).toEqual(bySnapshots);
  // Something was read: an empty comparison proves nothing.
  expect(bySnapshots.flat().length).toBeGreaterThan(0);
  return taken;
}

const fixtureFiles = readdirSync(FIXTURES).filter((name) => name.endsWith('.jsonl'));
const SUBAGENT_TRANSCRIPT = 'c1a0de00-0000-4000-8000-000000000007';
const sharedFiles = sharedPresent
  ? ['claude-code', 'codex'].flatMap((dir) =>
      readdirSync(join(SHARED, dir))
        .filter((name) => name.endsWith('.jsonl'))
        .map((name) => join(dir, name)),
    )
  : [];

describe('AgentLogReader.takeChangedItemKeys: the items each appended piece changed, as a snapshot after it would show them', () => {
  it.each(fixtureFiles)('stories/fixtures/agents/logs/%s, line by line and in pieces that cut lines', (name) => {
    const log = readFileSync(join(FIXTURES, name), 'utf8');
    expectKeysAsSnapshotsTell(linesOf(log));
    expectKeysAsSnapshotsTell(log.match(/[^]{1,97}/g) ?? []);
  });

  it.skipIf(!sharedPresent).each(sharedFiles)('shared/foreign-logs/%s, line by line', (file) => {
    expectKeysAsSnapshotsTell(linesOf(readFileSync(join(SHARED, file), 'utf8')));
  });

  it('a Claude Code transcript with its subagent file given before it, inside it and after it', () => {
    const transcript = linesOf(readFileSync(join(FIXTURES, `${SUBAGENT_TRANSCRIPT}.jsonl`), 'utf8'));
    const file = 'agent-a7f11e5d.jsonl';
    const subagent = linesOf(readFileSync(join(FIXTURES, SUBAGENT_TRANSCRIPT, 'subagents', file), 'utf8')).map((line) => ({ file, line }));
    for (let at = 0; at <= transcript.length; at += 1) expectKeysAsSnapshotsTell([...transcript.slice(0, at), ...subagent, ...transcript.slice(at)]);
  });

  it('lines before the format shows (held, then read with the line that shows it) and a last line without its line break (read at the end)', () => {
    // Without its last line (an event): it ends on the assistant's answer, with no line break.
    const codex = linesOf(readFileSync(join(FIXTURES, 'codex-shell.jsonl'), 'utf8')).slice(0, -1);
    const keys = expectKeysAsSnapshotsTell(['{"note":"not yet a format"}\n', ...codex.slice(0, -1), (codex.at(-1) ?? '').trimEnd()]);
    expect(keys[0]).toEqual([]);
    expect(keys.at(-2)).toEqual([]);
    expect(keys.at(-1)).toEqual([expect.stringMatching(/^message:/)]);
  });

  it('a subagent shown at the top level, then nested under its Task: the items after it moved up, so the line that nested it changed them too', () => {
    const t = new TranscriptWriter();
    const side = new TranscriptWriter({ sessionId: 's', cwd: '/w', version: '2.1.14', isSidechain: true, agentId: 'a7' }, 'side');
    const file = 'agent-a7.jsonl';
    const pieces: Piece[] = [
      ...jsonLines([
        t.user('Research this'),
        t.assistant('msg_task', toolUse('toolu_task', 'Task', { description: 'Research', prompt: 'Look into the colours.' })),
      ]),
      ...jsonLines([
        side.user('Something else entirely.'),
        side.assistant('msg_side', toolUse('toolu_grep', 'Grep', { pattern: 'color' })),
        side.result('toolu_grep', 'a.css'),
      ]).map((line) => ({ file, line })),
      ...jsonLines([t.assistant('msg_between', text('While it works: the header is fine.'))]),
      ...jsonLines([t.result('toolu_task', 'done', { toolUseResult: { status: 'completed', agentId: 'a7' } })]),
    ];
    const keys = expectKeysAsSnapshotsTell(pieces);
    // The Task's result: the Task changed (it took the subagent's call) and the message after the subagent moved.
    expect(keys[6]).toEqual(['call:toolu_task', 'message:msg_between:0']);
  });

  it('a Codex call whose own end event comes after its output: that event line changed the call (its measured duration)', () => {
    const codex = linesOf(readFileSync(join(FIXTURES, 'codex-shell.jsonl'), 'utf8')).map((line) =>
      line.replace('"type":"exec_command_end",', '"type":"exec_command_end","duration":{"secs":1,"nanos":500000000},'),
    );
    const end = codex.findIndex((line) => line.includes('"duration"'));
    expect(codex.findIndex((line) => line.includes('"function_call_output"'))).toBeLessThan(end);
    const keys = expectKeysAsSnapshotsTell(codex);
    expect(keys[end]).toEqual(['call:call_01A1']);
  });
});
