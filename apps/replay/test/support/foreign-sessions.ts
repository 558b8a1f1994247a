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

/** The session id and its transcript's name, as Claude Code names it (`<sessionId>.jsonl`). */
export const SUBAGENT_SESSION_ID = '7d1e0c52-0000-4000-8000-00000000a9e7';

interface ClaudeThread {
  readonly sessionId: string;
  readonly version: string;
  /** A subagent's own file: `isSidechain`, its agent's id on every line. */
  readonly agentId?: string;
  readonly uuidPrefix: string;
}

/** Writes one thread's lines chained by `parentUuid`, numbered from `first`. */
function claudeThreadLines(thread: ClaudeThread, first: number, lines: readonly (readonly [type: string, fields: Line])[]): string {
  return jsonLines(
    lines.map(([type, fields], offset) => {
      const index = first + offset;
      return {
        parentUuid: index === 1 ? null : `${thread.uuidPrefix}-${index - 1}`,
        isSidechain: thread.agentId !== undefined,
        ...(thread.agentId === undefined ? {} : { agentId: thread.agentId }),
        sessionId: thread.sessionId,
        cwd: '/home/qa/project',
        version: thread.version,
        userType: 'external',
        type,
        uuid: `${thread.uuidPrefix}-${index}`,
        timestamp: new Date(Date.UTC(2026, 1, 3, 10, 0, index)).toISOString(),
        ...fields,
      };
    }),
  );
}

function assistantBlock(messageId: string, block: Line): Line {
  return {
    message: { id: messageId, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929', content: [block], stop_reason: null, usage: {} },
    requestId: `req_${messageId}`,
  };
}

export const SUBAGENT_PROMPT = 'Take a screenshot of the settings page and describe it.';

/**
 * A Claude Code transcript whose Task call started subagent `agentId` (`version` 2.1.x writes it
 * in `<sessionId>/subagents/`, older ones beside the transcript): the call, and with `finished`
 * its result naming the agent in `toolUseResult`.
 */
export function claudeCodeTaskTranscript({ agentId, version, finished }: { agentId: string; version: string; finished: boolean }): string {
  const main: ClaudeThread = { sessionId: SUBAGENT_SESSION_ID, version, uuidPrefix: 'main' };
  return claudeThreadLines(main, 1, [
    ['user', { message: { role: 'user', content: 'check the settings page' } }],
    [
      'assistant',
      assistantBlock('msg_task', {
        type: 'tool_use',
        id: 'toolu_task',
        name: 'Task',
        input: { description: 'Screenshot settings', prompt: SUBAGENT_PROMPT, subagent_type: 'general-purpose' },
      }),
    ],
    ...(finished
      ? ([
          [
            'user',
            {
              message: {
                role: 'user',
                content: [{ tool_use_id: 'toolu_task', type: 'tool_result', content: [{ type: 'text', text: 'The page shows two toggles.' }] }],
              },
              toolUseResult: { status: 'completed', agentId, prompt: SUBAGENT_PROMPT, content: [{ type: 'text', text: 'The page shows two toggles.' }] },
            },
          ],
        ] as const)
      : []),
  ]);
}

/**
 * Subagent `agentId`'s own file (of session `sessionId`): its prompt and a Read of a screenshot
 * (the bytes in the tool_result), then a Grep; `part` gives the file up to the Read, or the rest.
 */
export function claudeCodeSubagentFile({
  agentId,
  version,
  screenshot,
  sessionId = SUBAGENT_SESSION_ID,
  part = 'all',
}: {
  agentId: string;
  version: string;
  screenshot: string;
  sessionId?: string;
  part?: 'all' | 'start' | 'rest';
}): string {
  const thread: ClaudeThread = { sessionId, version, agentId, uuidPrefix: `agent-${agentId}` };
  const start = claudeThreadLines(thread, 1, [
    ['user', { message: { role: 'user', content: SUBAGENT_PROMPT } }],
    [
      'assistant',
      assistantBlock(`msg_${agentId}_1`, {
        type: 'tool_use',
        id: `toolu_${agentId}_read`,
        name: 'Read',
        input: { file_path: '/home/qa/project/settings.png' },
      }),
    ],
    ['user', { message: { role: 'user', content: [{ tool_use_id: `toolu_${agentId}_read`, type: 'tool_result', content: [base64Block(screenshot)] }] } }],
  ]);
  const rest = claudeThreadLines(thread, 4, [
    ['assistant', assistantBlock(`msg_${agentId}_2`, { type: 'tool_use', id: `toolu_${agentId}_grep`, name: 'Grep', input: { pattern: 'toggle' } })],
    ['user', { message: { role: 'user', content: [{ tool_use_id: `toolu_${agentId}_grep`, type: 'tool_result', content: 'settings.tsx' }] } }],
  ]);
  return part === 'start' ? start : part === 'rest' ? rest : start + rest;
}
