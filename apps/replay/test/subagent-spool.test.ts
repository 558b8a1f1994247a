import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

import type { AgentLog, ToolCallNode } from '@toolcard/ui-tool-image/model';

import { startReplayServer, type ReplayServer } from '../src/server/replay-server.ts';
import { imagesShown, readServedLog } from './support/agent-log-contents.ts';
import { claudeCodeSubagentFile, claudeCodeTaskTranscript, SUBAGENT_SESSION_ID } from './support/foreign-sessions.ts';
import { base64Of, imageBytes, LONG_BASE64_RUN } from './support/inline-images.ts';
import { useTempDirs } from './temp-dirs.ts';

/*
 * The real replay server (in this process, over a stand-in viewer page) on Claude Code sessions
 * whose subagents wrote files of their own, in real temp folders laid out as Claude Code lays them.
 */

const tempDir = useTempDirs();
const running: ReplayServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const screenshot = await imageBytes('png', '#2060c0', 40, 30);
const foreignScreenshot = await imageBytes('png', '#c02060', 20, 20);

/** A project folder holding the session's transcript. */
async function project(transcript: string) {
  const dir = await tempDir();
  const transcriptPath = path.join(dir, `${SUBAGENT_SESSION_ID}.jsonl`);
  await writeFile(transcriptPath, transcript);
  return { dir, transcriptPath, subagentsDir: path.join(dir, SUBAGENT_SESSION_ID, 'subagents') };
}

async function serve(logPath: string): Promise<ReplayServer> {
  const viewerDir = path.join(await tempDir(), 'viewer');
  await mkdir(viewerDir);
  await writeFile(path.join(viewerDir, 'index.html'), '<!doctype html><title>viewer</title>');
  const server = await startReplayServer({ logPath, viewerDir, port: 0 });
  running.push(server);
  return server;
}

async function sent(server: ReplayServer): Promise<string> {
  return (await fetch(new URL('/api/log', server.url))).text();
}

/** The Task call and what is nested under it, in a word each: `Task settled [Read, Grep]`. */
function taskOutline(log: AgentLog): string {
  const task = log.conversation.items.flatMap((item) => (item.kind === 'call' && item.node.name === 'Task' ? [item.node] : []))[0];
  return task === undefined ? 'no Task' : `Task ${task.status} [${task.children.map((child) => child.name ?? '?').join(', ')}]`;
}

/** What the page is sent once it shows the Task as `outline`. */
async function sentOnceTaskIs(server: ReplayServer, outline: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        text = await sent(server);
        return taskOutline(readServedLog(text));
      },
      { timeout: 10_000 },
    )
    .toBe(outline);
  return text;
}

function attachmentUrl(server: ReplayServer, attachmentId: string): URL {
  return new URL(`/api/sessions/current/attachments/${encodeURIComponent(attachmentId)}`, server.url);
}

function nestedRead(log: AgentLog): ToolCallNode | undefined {
  for (const item of log.conversation.items) if (item.kind === 'call') for (const child of item.node.children) if (child.name === 'Read') return child;
  return undefined;
}

describe('pnpm replay on a Claude Code session with subagents: their files are followed, their calls nest under the Task', () => {
  it.each([
    { layout: '2.1.x: <session>/subagents/agent-<id>.jsonl', version: '2.1.14', beside: false },
    { layout: 'older: agent-<id>.jsonl beside the transcript', version: '2.0.46', beside: true },
  ])('$layout: the subagent’s Read and its image under the Task; another session’s agent file beside it is not attached', async ({ version, beside }) => {
    const { dir, transcriptPath, subagentsDir } = await project(claudeCodeTaskTranscript({ agentId: 'a1b2c3', version, finished: true }));
    const agentDir = beside ? dir : subagentsDir;
    await mkdir(agentDir, { recursive: true });
    await writeFile(path.join(agentDir, 'agent-a1b2c3.jsonl'), claudeCodeSubagentFile({ agentId: 'a1b2c3', version, screenshot: base64Of(screenshot) }));
    if (!beside) await writeFile(path.join(agentDir, 'agent-a1b2c3.meta.json'), JSON.stringify({ agentType: 'general-purpose' }));
    // Another session's subagent, beside the transcript, with an agent id no call names.
    await writeFile(
      path.join(dir, 'agent-f0f0f0.jsonl'),
      claudeCodeSubagentFile({ agentId: 'f0f0f0', version: '2.0.46', screenshot: base64Of(foreignScreenshot), sessionId: 'another-session' }),
    );

    const server = await serve(transcriptPath);
    const text = await sentOnceTaskIs(server, 'Task settled [Read, Grep]');
    expect(text).not.toMatch(LONG_BASE64_RUN);
    const log = readServedLog(text);
    expect(log.problems).toEqual([]);
    // The other session's file sent nothing: no line of it, no call of it at the top level.
    expect(text).not.toContain('f0f0f0');
    expect(log.conversation.items.map((item) => (item.kind === 'call' ? `call ${item.node.name ?? '?'}` : item.role))).toEqual(['user', 'call Task']);

    const shown = imagesShown(text);
    expect(shown.refs).toHaveLength(1);
    expect(JSON.stringify(nestedRead(log)?.result)).toContain(shown.refs[0]?.attachmentId);
    const [ref] = shown.refs;
    if (ref === undefined) throw new Error('no image shown');
    const image = await fetch(attachmentUrl(server, ref.attachmentId));
    expect(image.status).toBe(200);
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it('a subagent file that appears, then grows, while the viewer is open shows up under the running Task; the result settles it', async () => {
    const version = '2.1.14';
    const { transcriptPath, subagentsDir } = await project(claudeCodeTaskTranscript({ agentId: 'd4e5f6', version, finished: false }));
    const server = await serve(transcriptPath);
    await sentOnceTaskIs(server, 'Task running []');

    await mkdir(subagentsDir, { recursive: true });
    const agentPath = path.join(subagentsDir, 'agent-d4e5f6.jsonl');
    await writeFile(agentPath, claudeCodeSubagentFile({ agentId: 'd4e5f6', version, screenshot: base64Of(screenshot), part: 'start' }));
    await sentOnceTaskIs(server, 'Task running [Read]');
    // The Read's result, its image moved, comes a line later.
    await expect.poll(async () => imagesShown(await sent(server)).refs.length, { timeout: 10_000 }).toBe(1);

    await appendFile(agentPath, claudeCodeSubagentFile({ agentId: 'd4e5f6', version, screenshot: base64Of(screenshot), part: 'rest' }));
    await sentOnceTaskIs(server, 'Task running [Read, Grep]');

    await appendFile(transcriptPath, `${claudeCodeTaskTranscript({ agentId: 'd4e5f6', version, finished: true }).split('\n')[2] ?? ''}\n`);
    const finished = await sentOnceTaskIs(server, 'Task settled [Read, Grep]');
    expect(readServedLog(finished).problems).toEqual([]);

    // The transcript replaced (a new copy begins): the subagent's lines are in the new copy too.
    await writeFile(
      `${transcriptPath}.new`,
      claudeCodeTaskTranscript({ agentId: 'd4e5f6', version, finished: true }).replace('check the settings', 'check again the settings'),
    );
    await rename(`${transcriptPath}.new`, transcriptPath);
    await expect.poll(async () => sent(server), { timeout: 10_000 }).toContain('check again');
    expect(await sentOnceTaskIs(server, 'Task settled [Read, Grep]')).toContain('check again');
  });

  it('an unreadable subagent file is no error for the session; a malformed line in one is a problem naming its file and line', async () => {
    const version = '2.1.14';
    const { transcriptPath, subagentsDir } = await project(claudeCodeTaskTranscript({ agentId: 'a1b2c3', version, finished: true }));
    await mkdir(path.join(subagentsDir, 'agent-0dd.jsonl'), { recursive: true });
    const start = claudeCodeSubagentFile({ agentId: 'a1b2c3', version, screenshot: base64Of(screenshot), part: 'start' });
    const rest = claudeCodeSubagentFile({ agentId: 'a1b2c3', version, screenshot: base64Of(screenshot), part: 'rest' });
    await writeFile(path.join(subagentsDir, 'agent-a1b2c3.jsonl'), `${start}{"type":"assistant",\n${rest}`);

    const server = await serve(transcriptPath);
    const log = readServedLog(await sentOnceTaskIs(server, 'Task settled [Read, Grep]'));
    expect(log.problems).toEqual([{ line: 0, message: 'agent-a1b2c3.jsonl, line 4: malformed JSON' }]);
  });

  it('a transcript line that starts like a subagent’s framed line is read as the transcript’s own (a problem), never as a subagent’s', async () => {
    const version = '2.1.14';
    const forged = claudeCodeSubagentFile({ agentId: 'a1b2c3', version, screenshot: base64Of(screenshot), part: 'rest' })
      .trimEnd()
      .split('\n')
      .map((line) => `\u001eagent-a1b2c3.jsonl\u001e${line}\n`)
      .join('');
    const { transcriptPath } = await project(claudeCodeTaskTranscript({ agentId: 'a1b2c3', version, finished: true }) + forged);
    const server = await serve(transcriptPath);
    let log: AgentLog | undefined;
    await expect
      .poll(
        async () => {
          log = readServedLog(await sent(server));
          return log.problems.length;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    expect(log?.problems).toEqual([
      { line: 4, message: 'malformed JSON' },
      { line: 5, message: 'malformed JSON' },
    ]);
    expect(log && taskOutline(log)).toBe('Task settled []');
  });
});
