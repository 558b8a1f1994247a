import { readFile } from 'node:fs/promises';

import { readAgentLog } from '@toolcard/ui-tool-image/model';
import { describe, expect, it } from 'vitest';

import { callSequenceOf } from '../viewer/compare/session-calls.ts';
import { viewerLogOf } from '../viewer/viewer-log.ts';
import { claudeCodeTranscript } from './support/foreign-sessions.ts';
import { base64Of, imageBytes } from './support/inline-images.ts';
import { recordedSession } from './support/recorded-session.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();

describe('callSequenceOf: a session as the comparison reads it', () => {
  it('reads our own log (as the viewer holds it: its events) into calls with the messages before each, results and image ids', async () => {
    const run = await recordedSession(await tempDir());
    await run.userSays('Read the swatches');
    const red = await run.readImage('red.png');
    const blue = await run.readImage('blue.png');
    await run.userSays('Thanks');
    const { calls, trailing } = callSequenceOf(viewerLogOf(readAgentLog(await readFile(run.logPath, 'utf8'))));
    expect(calls.map(({ name, args, outcome }) => ({ name, args, outcome }))).toEqual([
      { name: 'read_image', args: '{"file_path":"red.png"}', outcome: 'ok' },
      { name: 'read_image', args: '{"file_path":"blue.png"}', outcome: 'ok' },
    ]);
    expect(calls.map((call) => call.images.map((image) => image.attachment.attachmentId))).toEqual([[red.attachmentId], [blue.attachmentId]]);
    expect(calls[0]?.resultText).toContain('30x20 px');
    expect(calls[0]?.messages).toEqual([{ role: 'user', text: 'Read the swatches', images: 0 }]);
    expect(calls[1]?.messages).toEqual([]);
    expect(trailing).toEqual([{ role: 'user', text: 'Thanks', images: 0 }]);
  });

  it('reads another agent’s file (its conversation) the same way', async () => {
    const png = base64Of(await imageBytes('png', '#2060c0', 40, 30));
    const { calls, trailing } = callSequenceOf(viewerLogOf(readAgentLog(claudeCodeTranscript(png, png))));
    expect(calls.map(({ name, args, outcome }) => ({ name, args, outcome }))).toEqual([
      { name: 'Read', args: '{"file_path":"/home/qa/project/login.png"}', outcome: 'ok' },
    ]);
    expect(calls[0]?.messages).toEqual([{ role: 'user', text: 'look at the login screen', images: 0 }]);
    expect(trailing.map(({ role, text }) => ({ role, text }))).toEqual([{ role: 'user', text: 'and this one I pasted' }]);
  });
});
