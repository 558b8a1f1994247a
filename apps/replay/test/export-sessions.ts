import path from 'node:path';

import sharp from 'sharp';

import { appendReview, reviewFilePath } from '../src/reviews/review-file.ts';
import { recordingHarness, ROUTE } from './support/recording-harness.ts';

/**
 * What a hostile log puts in every text field an export shows: markup, the end of the script element
 * its JSON sits in, a comment opening, a `javascript:` URL and the two line separators JSON allows
 * and a script did not (U+2028, U+2029). Any of them run would set `window.__pwned`.
 */
export const HOSTILE = '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"><!-- javascript:window.__pwned=1 \u2028\u2029 会话 -->';
/** The same in a file name (no `/`). */
export const HOSTILE_FILE = '<img src=x onerror=window.__pwned=1> javascript:alert(1) \u2028 <!-- 会话.png';

/**
 * A session recorded by the real host recorder where every text field is hostile: the user's
 * message, a tool's name, its arguments and result text, an image's file name, and a verdict's note
 * and reviewer. Its one image is real (sharp), read by the real `read_image` tool into the real store.
 */
export async function hostileSession(dir: string): Promise<{ readonly logPath: string; readonly storeDir: string }> {
  const { workspace, storeDir, logPath, tool, recorder, close } = await recordingHarness(dir, { logName: 'hostile.jsonl' });
  await sharp({ create: { width: 24, height: 16, channels: 3, background: '#d00000' } })
    .png()
    .toFile(path.join(workspace, HOSTILE_FILE));
  await recorder.startTurn(1);
  await recorder.userMessage({ role: 'user', content: [{ type: 'text', text: HOSTILE }], source: { kind: 'user' } });
  const calls = [
    { callId: 'hostile-call', name: HOSTILE, arguments: JSON.stringify({ [HOSTILE]: HOSTILE }) },
    { callId: 'image-call', name: tool.name, arguments: JSON.stringify({ file_path: HOSTILE_FILE }) },
  ];
  await recorder.startStep(1, 1);
  await recorder.assistantMessage({
    turn: 1,
    step: 1,
    route: ROUTE,
    content: calls.map((call) => ({ type: 'tool-call' as const, id: call.callId, name: call.name, arguments: call.arguments })),
  });
  await recorder.recordStep({
    turn: 1,
    step: 1,
    calls,
    execute: (call) =>
      call.callId === 'image-call'
        ? tool.execute({ file_path: HOSTILE_FILE }, { callId: call.callId, cwd: workspace, route: ROUTE })
        : Promise.resolve({ content: [{ type: 'text', text: HOSTILE }], isError: false }),
  });
  await recorder.endStep(1, 1);
  close();
  for (const target of ['call:hostile-call', 'call:image-call/image:0']) {
    await appendReview(reviewFilePath(logPath), { at: '2026-01-10T09:00:00.000Z', reviewer: HOSTILE, target, verdict: 'fail', note: HOSTILE });
  }
  return { logPath, storeDir };
}
