import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { SubagentFiles } from '../src/server/spool/subagent-files.ts';
import { claudeCodeSubagentFile, SUBAGENT_SESSION_ID } from './support/foreign-sessions.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();

function names(files: readonly { name: string }[]): string[] {
  return files.map((file) => file.name);
}

describe('SubagentFiles: the subagent files of one Claude Code session, in real folders', () => {
  it('takes every agent file of <session>/subagents/, and one beside the transcript only once its whole first line names the session', async () => {
    const dir = await tempDir();
    const transcript = path.join(dir, `${SUBAGENT_SESSION_ID}.jsonl`);
    await writeFile(transcript, '');
    const subagents = path.join(dir, SUBAGENT_SESSION_ID, 'subagents');
    await mkdir(subagents, { recursive: true });
    await writeFile(path.join(subagents, 'agent-a1.jsonl'), '');
    await writeFile(path.join(subagents, 'agent-a1.meta.json'), '{}');
    await writeFile(path.join(dir, 'notes.jsonl'), '');
    const [firstLine = ''] = claudeCodeSubagentFile({ agentId: 'b2', version: '2.0.46', screenshot: 'AAAA' }).split('\n');
    // Half its first line written: not judged yet.
    await writeFile(path.join(dir, 'agent-b2.jsonl'), firstLine.slice(0, 40));
    await writeFile(path.join(dir, 'agent-f0.jsonl'), `${JSON.stringify({ type: 'user', sessionId: 'another-session' })}\n`);
    await writeFile(path.join(dir, 'agent-nosession.jsonl'), `${JSON.stringify({ type: 'user' })}\n`);

    const files = new SubagentFiles(transcript);
    expect(names(await files.list())).toEqual(['agent-a1.jsonl']);
    await appendFile(path.join(dir, 'agent-b2.jsonl'), `${firstLine.slice(40)}\n`);
    const listed = await files.list();
    expect(names(listed)).toEqual(['agent-a1.jsonl', 'agent-b2.jsonl']);
    expect(listed.map((file) => path.relative(dir, file.path))).toEqual([path.join(SUBAGENT_SESSION_ID, 'subagents', 'agent-a1.jsonl'), 'agent-b2.jsonl']);
  });

  it('finds none where the folders do not exist', async () => {
    expect(await new SubagentFiles(path.join(await tempDir(), 'gone', 'session.jsonl')).list()).toEqual([]);
  });
});
