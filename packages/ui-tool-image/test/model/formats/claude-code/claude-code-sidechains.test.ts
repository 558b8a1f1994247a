import { describe, expect, it } from 'vitest';
import { allNodes } from '../../builders';
import type { ClaudeCodeReader } from '../../../../src/model/formats/claude-code/claude-code-reader';
import { callNodes, feed, outline, replay, text, toolUse, TranscriptWriter, type Line } from './transcript';

const PROMPT = 'Find where data-border-color is used.';

/** The main thread's Task call, as the parent writes it. */
function taskCall(t: TranscriptWriter, id = 'toolu_task'): Line {
  return t.assistant(`msg_${id}`, toolUse(id, 'Task', { subagent_type: 'general-purpose', description: 'Research', prompt: PROMPT }));
}

/** A subagent's conversation as older versions write it inline: its own `parentUuid` chain, `isSidechain: true`. */
function sidechainLines(agentId?: string, thread = 'side', prompt = PROMPT): Line[] {
  const side = new TranscriptWriter({ sessionId: 's', cwd: '/w', version: '2.0.46', isSidechain: true, ...(agentId === undefined ? {} : { agentId }) }, thread);
  return [
    side.user(prompt),
    side.assistant('msg_side_1', text('I will search.')),
    side.assistant('msg_side_1', toolUse('toolu_grep', 'Grep', { pattern: 'data-border-color' })),
    side.result('toolu_grep', 'src/a.css'),
    side.assistant('msg_side_2', toolUse('toolu_read', 'Read', { file_path: '/w/src/a.css' })),
    side.result('toolu_read', '1→.a {}'),
    side.assistant('msg_side_3', text('It is used in a.css.')),
  ];
}

describe('ClaudeCodeReader: sidechains nest under the Task call that started them', () => {
  it('linked by the agent id on the result line (older files), whatever the line order', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([
      t.user('Research this'),
      taskCall(t),
      t.result('toolu_task', [text('It is used in a.css.')], { line: { agentId: 'e1c84ba5' } }),
      ...sidechainLines('e1c84ba5'),
      t.assistant('msg_after', text('Thanks, subagent.')),
    ]);
    expect(snapshot.problems).toEqual([]);
    expect(outline(snapshot.conversation.items)).toEqual(['user text', 'call Task settled [Grep, Read]', 'assistant text']);
    const [task] = callNodes(snapshot);
    expect(task?.children.map((child) => [child.callId, child.kind, child.parentCallId, child.status])).toEqual([
      ['toolu_grep', 'nested', 'toolu_task', 'settled'],
      ['toolu_read', 'nested', 'toolu_task', 'settled'],
    ]);
    // The subagent's own messages are not shown (a call's children are calls), and said so.
    expect(snapshot.otherEvents).toEqual([{ type: 'sidechain message', count: 3 }]);
  });

  it('linked by toolUseResult.agentId (newer files): shown at the top level until the result names the agent, then nested', () => {
    const t = new TranscriptWriter();
    // Its first prompt is not the Task's: only the agent id can link it.
    const reader = feed([taskCall(t), ...sidechainLines('a7', 'side', 'Look into the colours.')]);
    const before = reader.snapshot();
    expect(outline(before.conversation.items)).toEqual([
      'call Task running',
      'user text',
      'assistant text',
      'call Grep settled',
      'call Read settled',
      'assistant text',
    ]);
    expect(callNodes(before)[1]).toMatchObject({ kind: 'top-level' });
    feed([t.result('toolu_task', 'done', { toolUseResult: { status: 'completed', agentId: 'a7', prompt: PROMPT } })], reader, 9);
    expect(outline(reader.snapshot().conversation.items)).toEqual(['call Task settled [Grep, Read]']);
  });

  it('linked by the first prompt being the Task input.prompt when no line names an agent', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([taskCall(t), ...sidechainLines(), t.result('toolu_task', 'done')]);
    expect(outline(snapshot.conversation.items)).toEqual(['call Task settled [Grep, Read]']);
  });

  it('two Tasks with the same prompt each take one sidechain, in order', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([taskCall(t, 'toolu_t1'), taskCall(t, 'toolu_t2'), ...sidechainLines(), ...sidechainLines(undefined, 'side2').map(renamed)]);
    expect(outline(snapshot.conversation.items)).toEqual(['call Task running [Grep, Read]', 'call Task running [Grep, Read]']);
    expect(allNodes(callNodes(snapshot)).map((node) => node.callId)).toEqual([
      'toolu_t1',
      'toolu_grep',
      'toolu_read',
      'toolu_t2',
      'toolu_grep2',
      'toolu_read2',
    ]);
  });

  it('a sidechain whose Task cannot be found stays at the top level', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([t.user('hi'), ...sidechainLines('nobody')]);
    expect(snapshot.problems).toEqual([]);
    expect(outline(snapshot.conversation.items)).toEqual([
      'user text',
      'user text',
      'assistant text',
      'call Grep settled',
      'call Read settled',
      'assistant text',
    ]);
  });

  it('a sidechain never nests under a call of its own (a hostile file), and nothing breaks', () => {
    const side = new TranscriptWriter({ sessionId: 's', isSidechain: true, agentId: 'loop' }, 'side');
    const snapshot = replay([
      side.user(PROMPT),
      side.assistant('m', toolUse('toolu_inner_task', 'Task', { prompt: PROMPT })),
      side.result('toolu_inner_task', 'x', { toolUseResult: { agentId: 'loop' } }),
    ]);
    expect(outline(snapshot.conversation.items)).toEqual(['user text', 'call Task settled']);
  });
});

/** The same lines with other call ids (a second subagent run). */
function renamed(line: Line): Line {
  return JSON.parse(JSON.stringify(line).replaceAll('toolu_grep', 'toolu_grep2').replaceAll('toolu_read', 'toolu_read2')) as Line;
}

describe('ClaudeCodeReader.readSubagentLine: a subagent file under the call that started its agent', () => {
  /** A subagent file's lines as 2.1.x writes them: `isSidechain`, the agent's id on every line. */
  function agentFile(reader: ClaudeCodeReader, file: string, lines: readonly Line[], firstLine = 1): void {
    lines.forEach((line, index) => {
      reader.readSubagentLine(line, firstLine + index, file);
    });
  }

  it('nests the file’s calls under the call whose result names its agent, also when the file is read first', () => {
    const t = new TranscriptWriter();
    const reader = feed([]);
    // A prompt of its own: only the agent id can place it.
    agentFile(reader, 'agent-a9.jsonl', sidechainLines('a9', 'side', 'Something else entirely.'));
    expect(outline(reader.snapshot().conversation.items)).toEqual(['user text', 'assistant text', 'call Grep settled', 'call Read settled', 'assistant text']);
    feed([taskCall(t), t.result('toolu_task', 'done', { toolUseResult: { status: 'completed', agentId: 'a9' } })], reader);
    const snapshot = reader.snapshot();
    expect(outline(snapshot.conversation.items)).toEqual(['call Task settled [Grep, Read]']);
    expect(snapshot.conversation.items[0]?.line).toBe(1);
    // Shown at the top level in the first snapshot, nested now: new nodes that say so.
    expect(callNodes(snapshot)[0]?.children.map(({ kind, parentCallId }) => [kind, parentCallId])).toEqual([
      ['nested', 'toolu_task'],
      ['nested', 'toolu_task'],
    ]);
  });

  it('while the Task runs, its file nests by its first prompt; a file read after the result joins its call at once', () => {
    const t = new TranscriptWriter();
    const reader = feed([taskCall(t, 'toolu_t1'), taskCall(t, 'toolu_t2')]);
    agentFile(reader, 'agent-b1.jsonl', sidechainLines('b1'));
    expect(outline(reader.snapshot().conversation.items)).toEqual(['call Task running [Grep, Read]', 'call Task running']);
    feed([t.result('toolu_t2', 'done', { toolUseResult: { agentId: 'b2' } })], reader, 3);
    agentFile(reader, 'agent-b2.jsonl', sidechainLines('b2', 'side2', 'Not the prompt.').map(renamed));
    expect(outline(reader.snapshot().conversation.items)).toEqual(['call Task running [Grep, Read]', 'call Task settled [Grep, Read]']);
  });

  it('the file decides the agent, not a line’s own agentId', () => {
    const t = new TranscriptWriter();
    const reader = feed([taskCall(t), t.result('toolu_task', 'done', { toolUseResult: { agentId: 'c1' } })]);
    agentFile(reader, 'agent-c1.jsonl', sidechainLines('someone-else', 'side', 'Not the prompt.'));
    expect(outline(reader.snapshot().conversation.items)).toEqual(['call Task settled [Grep, Read]']);
  });

  it('a file whose agent no call names stays at the top level', () => {
    const t = new TranscriptWriter();
    const reader = feed([taskCall(t), t.result('toolu_task', 'done', { toolUseResult: { agentId: 'd1' } })]);
    agentFile(reader, 'agent-other.jsonl', sidechainLines('other', 'side', 'Not the prompt.'));
    expect(outline(reader.snapshot().conversation.items)).toEqual([
      'call Task settled',
      'user text',
      'assistant text',
      'call Grep settled',
      'call Read settled',
      'assistant text',
    ]);
  });

  it('names the subagent file and its line in a problem', () => {
    const reader = feed([]);
    reader.readSubagentLine('not a line', 7, 'agent-a9.jsonl');
    expect(reader.snapshot().problems).toEqual([{ line: 0, message: 'agent-a9.jsonl, line 7: line is not a JSON object' }]);
  });
});
