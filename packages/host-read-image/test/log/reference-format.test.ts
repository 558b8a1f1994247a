import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { SessionRecorder } from '../../src/log/session-recorder.ts';
import { MemorySink } from '../../src/log/sinks.ts';
import type { ToolResult } from '../../src/seams/tool.ts';
import { FIXED_CLOCK, scriptedIds } from './deterministic-sources.ts';

/** Another project's file, read from beside the repository (never copied into it); the test is skipped without it. */
const REFERENCE_LOGS_SHOWN_AS = '../shared/reference-logs';
const REFERENCE_LOG = fileURLToPath(new URL(`../../../../${REFERENCE_LOGS_SHOWN_AS}/read-image/session.jsonl`, import.meta.url));
const REFERENCE_LOG_FOUND = existsSync(REFERENCE_LOG);
if (!REFERENCE_LOG_FOUND) console.warn(`${REFERENCE_LOGS_SHOWN_AS} not found: reference-log tests skipped`);
const ROUTE = { provider: 'deepseek-official', model: 'deepseek-v4-flash-vision-exp' };
const CALL = { callId: 'read-image-call', name: 'read_image', arguments: '{"file_path":"red.png"}' };

/** The result the reference harness logged for `read_image({file_path:"red.png"})`. */
const REFERENCE_RESULT: ToolResult = {
  content: [
    {
      type: 'text',
      text: '<path>{{cwd}}/red.png</path>\n<type>image</type>\n<content>\nimage/png image, 1x1 px, 69 bytes\n</content>',
    },
    {
      type: 'image',
      attachment: {
        attachmentId: 'sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640',
        mediaType: 'image/png',
        bytes: 69,
        width: 1,
        height: 1,
        name: 'red.png',
      },
    },
  ],
  isError: false,
};

/** Re-records the reference session's events that our recorder writes, with the reference's ids. */
async function recordReferenceSession(): Promise<string[]> {
  const sink = new MemorySink();
  const recorder = await SessionRecorder.open({
    sink,
    cwd: '{{cwd}}',
    clock: FIXED_CLOCK,
    ids: scriptedIds(
      '33333333-3333-4333-8333-333333333333',
      '0a0a0a0a-0000-4000-8000-000000000001',
      '2b71c837-237d-4d92-a857-8b8ad1a3f237',
      '0b5779fc-523e-4275-9a32-8eb5e39f521e',
      '5a45946c-b9f4-4f2c-a7c3-2569e541ec1d',
    ),
  });
  const usage = { inputTokens: 3, outputTokens: 3 };
  await recorder.startTurn(1);
  await recorder.startStep(1, 1);
  await recorder.userMessage({
    role: 'user',
    content: [
      {
        type: 'text',
        text: 'Use read_image to look at red.png in the current directory, then reply with exactly the single word DONE.',
      },
    ],
    source: { kind: 'user' },
  });
  await recorder.requestHeader(ROUTE);
  await recorder.assistantMessage({
    turn: 1,
    step: 1,
    route: ROUTE,
    content: [{ type: 'tool-call', id: CALL.callId, name: CALL.name, arguments: CALL.arguments }],
    usage,
  });
  await recorder.recordStep({ turn: 1, step: 1, calls: [CALL], execute: () => Promise.resolve(REFERENCE_RESULT) });
  await recorder.endStep(1, 1);
  await recorder.startStep(1, 2);
  await recorder.assistantMessage({ turn: 1, step: 2, route: ROUTE, content: [{ type: 'text', text: 'DONE' }], usage });
  await recorder.endStep(1, 2);
  await recorder.endTurn(1);
  return sink.lines;
}

/** A reference line re-serialised without keys our recorder does not write (key order kept). */
function withoutKeys(line: string, drop: (parsed: Record<string, Record<string, unknown>>) => void): string {
  const parsed = JSON.parse(line) as Record<string, Record<string, unknown>>;
  drop(parsed);
  return JSON.stringify(parsed);
}

describe.skipIf(!REFERENCE_LOG_FOUND)('recorded lines match the reference harness log byte for byte', () => {
  it('writes the same header, framing, messages, tool/call and tool/result lines', async () => {
    const reference = (await readFile(REFERENCE_LOG, 'utf8')).split('\n');
    const line = (n: number) => reference[n - 1] ?? '';
    const ours = await recordReferenceSession();

    expect(ours).toEqual([
      withoutKeys(line(1), (header) => delete header.delegationDepth),
      line(3),
      line(5),
      line(6),
      // The reference snapshot adds placeholders for the system prompt and tool list.
      withoutKeys(line(9), (event) => {
        const header = event.data?.header as Record<string, unknown>;
        delete header.system;
        delete header.tools;
      }),
      // Reference assistant messages point at their streamed chunks, which we do not log.
      withoutKeys(line(15), (event) => delete event.sourceEventSeqs),
      line(16),
      // Same line, pointing at our tool/call's seq (5) instead of the reference's (14).
      line(17).replace('"sourceEventSeqs":[14]', '"sourceEventSeqs":[5]'),
      line(18),
      line(19),
      withoutKeys(line(24), (event) => delete event.sourceEventSeqs),
      line(25),
      line(26),
    ]);
  });
});
