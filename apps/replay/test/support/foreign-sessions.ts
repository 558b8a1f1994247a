/**
 * Session files of other agents, written from their documented shapes (shared/FORMATS.md) with
 * images inline as base64, as those agents write them: no real session's data.
 */

type Line = Record<string, unknown>;

function jsonLines(lines: readonly Line[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

const CLAUDE_COMMON = { sessionId: 'replay-spool-1', cwd: '/home/qa/project', version: '2.0.5', userType: 'external', isSidechain: false };

function claudeLine(index: number, type: string, fields: Line): Line {
  return {
    parentUuid: index === 1 ? null : `uuid-${index - 1}`,
    ...CLAUDE_COMMON,
    type,
    uuid: `uuid-${index}`,
    timestamp: new Date(Date.UTC(2025, 9, 1, 12, 0, index)).toISOString(),
    ...fields,
  };
}

function base64Block(data: string, mediaType = 'image/png'): Line {
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data } };
}

/**
 * A Claude Code transcript: a Read of a screenshot (its bytes in the tool_result and again in
 * `toolUseResult.file.base64`), then a pasted image in the user's next message.
 */
export function claudeCodeTranscript(screenshot: string, pasted: string): string {
  return jsonLines([
    claudeLine(1, 'user', { message: { role: 'user', content: 'look at the login screen' } }),
    claudeLine(2, 'assistant', {
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/home/qa/project/login.png' } }],
        stop_reason: null,
        usage: { input_tokens: 3, output_tokens: 9 },
      },
      requestId: 'req_1',
    }),
    claudeLine(3, 'user', {
      message: { role: 'user', content: [{ tool_use_id: 'toolu_1', type: 'tool_result', content: [base64Block(screenshot)] }] },
      toolUseResult: { type: 'image', file: { base64: screenshot, type: 'image/png', originalSize: screenshot.length } },
    }),
    claudeLine(4, 'user', { message: { role: 'user', content: [{ type: 'text', text: 'and this one I pasted' }, base64Block(pasted)] } }),
  ]);
}

/** A Claude Code line with one pasted image whose base64 is `data` (any text). */
export function claudeCodePastedImage(index: number, data: string, mediaType = 'image/png'): string {
  return jsonLines([
    claudeLine(index, 'user', { message: { role: 'user', content: [{ type: 'text', text: `image ${index}` }, base64Block(data, mediaType)] } }),
  ]);
}

function codexLine(seconds: number, type: string, payload: unknown): Line {
  return { timestamp: new Date(Date.UTC(2026, 0, 10, 9, 0, seconds)).toISOString(), type, payload };
}

/** A Codex rollout: the user's message with an image as a data URL, then an image_generation_call's raw base64 result. */
export function codexRollout(dataUrl: string, generated: string): string {
  return jsonLines([
    codexLine(0, 'session_meta', {
      id: 'session-1',
      timestamp: '2026-01-10T09:00:00.000Z',
      cwd: '/home/dev/app',
      originator: 'codex_cli_rs',
      cli_version: '0.80.0',
      instructions: null,
      source: 'cli',
      model_provider: 'openai',
    }),
    codexLine(1, 'turn_context', { cwd: '/home/dev/app', approval_policy: 'never', sandbox_policy: { mode: 'workspace-write' }, model: 'gpt-5.1-codex' }),
    codexLine(2, 'response_item', {
      type: 'message',
      role: 'user',
      content: [
        { type: 'input_text', text: 'make an icon like this' },
        { type: 'input_image', image_url: dataUrl },
      ],
    }),
    codexLine(3, 'response_item', { type: 'image_generation_call', id: 'ig_1', status: 'completed', revised_prompt: 'a small icon', result: generated }),
  ]);
}

/** An Anthropic Messages API array, pretty-printed over many lines as a person saves one. */
export function prettyAnthropicMessages(image: string): string {
  const messages = [
    { role: 'user', content: [{ type: 'text', text: 'what is in this picture?' }, base64Block(image)] },
    { role: 'assistant', content: [{ type: 'text', text: 'A red rectangle.' }] },
  ];
  return `${JSON.stringify(messages, null, 2)}\n`;
}
