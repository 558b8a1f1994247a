import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentLogReader, type AgentLog } from '../../../../src/model';
import { logText, toolCallEvent } from '../../builders';
import { outline, text, toolUse, TranscriptWriter, type Line } from '../claude-code/transcript';

const PROMPT = 'Find the screenshot helper.';

function jsonl(lines: readonly Line[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** A transcript whose Task started agent `a1` (its result says so, as 2.1.x writes it). */
function transcript(): string {
  const t = new TranscriptWriter();
  return jsonl([
    t.user('Look for it'),
    t.assistant('msg_1', toolUse('toolu_task', 'Task', { description: 'Search', prompt: PROMPT })),
    t.result('toolu_task', 'Found it.', { toolUseResult: { status: 'completed', agentId: 'a1' } }),
  ]);
}

/** Agent `a1`'s own file. */
function agentFile(): string {
  const side = new TranscriptWriter({ sessionId: 's', isSidechain: true, agentId: 'a1' }, 'side');
  return jsonl([
    side.user('Something of its own.'),
    side.assistant('msg_s1', toolUse('toolu_grep', 'Grep', { pattern: 'screenshot' })),
    side.result('toolu_grep', 'src/shot.ts'),
    side.assistant('msg_s2', text('In src/shot.ts.')),
  ]);
}

function read(parts: readonly (readonly [file: string | undefined, text: string])[]): AgentLog {
  const reader = new AgentLogReader();
  for (const [file, chunk] of parts) {
    if (file === undefined) reader.append(chunk);
    else reader.appendSubagent(file, chunk);
  }
  reader.end();
  return reader.snapshot();
}

describe('AgentLogReader.appendSubagent: a Claude Code subagent file read beside its transcript', () => {
  it('nests the file’s calls under the Task call that started its agent, whichever comes first', () => {
    for (const parts of [
      [
        [undefined, transcript()],
        ['agent-a1.jsonl', agentFile()],
      ],
      // Given before the transcript's format is known: held until it is.
      [
        ['agent-a1.jsonl', agentFile()],
        [undefined, transcript()],
      ],
    ] as const) {
      const log = read(parts);
      expect(log.problems).toEqual([]);
      expect(outline(log.conversation.items)).toEqual(['user text', 'call Task settled [Grep]']);
    }
  });

  it('gives the same log in any chunking of the file (a half-written line waits for the rest of its own file)', () => {
    const whole = read([
      [undefined, transcript()],
      ['agent-a1.jsonl', agentFile()],
    ]);
    const file = agentFile();
    fc.assert(
      fc.property(fc.array(fc.nat(file.length), { maxLength: 6 }), (cuts) => {
        const reader = new AgentLogReader();
        let from = 0;
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          reader.appendSubagent('agent-a1.jsonl', file.slice(from, cut));
          // Another file's text between the pieces does not join them.
          reader.appendSubagent('agent-zz.jsonl', '');
          from = cut;
        }
        reader.appendSubagent('agent-a1.jsonl', file.slice(from));
        reader.append(transcript());
        reader.end();
        expect(reader.snapshot().conversation.items).toEqual(whole.conversation.items);
      }),
    );
  });

  it('a line of the file that is not JSON is a problem naming the file and its line; the rest is read', () => {
    const [first, ...rest] = agentFile().split('\n');
    const log = read([
      [undefined, transcript()],
      ['agent-a1.jsonl', `${first}\n{"broken\n${rest.join('\n')}`],
      ['agent-b2.jsonl', `${'['.repeat(600)}${']'.repeat(600)}\n{"type":"user"`],
    ]);
    expect(log.problems).toEqual([
      { line: 0, message: 'agent-a1.jsonl, line 2: malformed JSON' },
      { line: 0, message: 'agent-b2.jsonl, line 1: JSON nested more than 512 levels deep (not read)' },
      { line: 0, message: 'agent-b2.jsonl, line 2: truncated last line (file still being written?)' },
    ]);
    expect(outline(log.conversation.items)).toEqual(['user text', 'call Task settled [Grep]']);
  });

  it('is ignored by a log whose format has no subagent files', () => {
    const ours = logText([toolCallEvent('c1', 'read_image', '{"file_path":"a.png"}')]);
    const withFile = read([
      [undefined, ours],
      ['agent-a1.jsonl', agentFile()],
    ]);
    expect(withFile.format).toBe('toolcard');
    expect(withFile.conversation.items).toEqual(read([[undefined, ours]]).conversation.items);
    expect(withFile.problems).toEqual([]);
  });
});
