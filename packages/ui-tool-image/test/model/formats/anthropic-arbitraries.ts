import fc from 'fast-check';
import { base64Of, workspaceImage } from './fixture-images';

/** Values in the shapes of Anthropic messages and Claude Code lines, with garbage anywhere a field can hold it. */

/** Any UTF-16 code unit, lone surrogates included. */
export const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) });
export const json = fc.jsonValue({ maxDepth: 3 });
const GIF_BASE64 = base64Of(workspaceImage('images/spinner.gif'));

export const callId = fc.oneof({ weight: 5, arbitrary: fc.constantFrom('toolu_a', 'toolu_b', 'toolu_c', 'toolu_task') }, { weight: 1, arbitrary: json });
const toolName = fc.oneof(fc.constantFrom('Read', 'Bash', 'Task', 'Agent', 'mcp__x__screenshot'), json);
const prompt = fc.constantFrom('do it', 'look');

const imageSource = fc.oneof(
  fc.record(
    {
      type: fc.constant('base64'),
      media_type: fc.oneof(fc.constantFrom('image/png', 'image/gif'), json),
      data: fc.oneof(fc.constant(GIF_BASE64), anyText, json),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({
    type: fc.constant('url'),
    url: fc.oneof(fc.constantFrom('https://x.test/a.png', 'javascript:alert(1)', `data:image/gif;base64,${GIF_BASE64}`), anyText),
  }),
  fc.record({ type: fc.constant('file'), file_id: json }),
  json,
);

const contentBlock = fc.oneof(
  anyText.map((text) => ({ type: 'text', text })),
  imageSource.map((source) => ({ type: 'image', source })),
  fc.record({ type: fc.constant('document'), title: json, source: json }, { requiredKeys: ['type'] }),
  json,
);

const toolUse = fc.record(
  { type: fc.constant('tool_use'), id: callId, name: toolName, input: fc.oneof(fc.record({ file_path: anyText, prompt }, { requiredKeys: [] }), json) },
  { requiredKeys: ['type'] },
);

const toolResult = fc.record(
  {
    type: fc.constant('tool_result'),
    tool_use_id: callId,
    content: fc.oneof(anyText, fc.array(contentBlock, { maxLength: 3 }), json),
    is_error: fc.oneof(fc.boolean(), json),
  },
  { requiredKeys: ['type'] },
);

export const block = fc.oneof(
  contentBlock,
  toolUse,
  toolResult,
  fc.constantFrom({ type: 'thinking', thinking: 'hm', signature: 's' }, { type: 'redacted_thinking', data: 'x' }, { type: 'server_tool_use', id: 's' }),
);

export const messageContent = fc.oneof(
  { weight: 1, arbitrary: anyText },
  { weight: 4, arbitrary: fc.array(block, { maxLength: 4 }) },
  { weight: 1, arbitrary: json },
);

/** An element of a Messages API `messages` array. */
export const anthropicMessage = fc.oneof(
  { weight: 5, arbitrary: fc.record({ role: fc.oneof(fc.constantFrom('user', 'assistant'), json), content: messageContent }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: json },
);

/** Usually `arbitrary`, now and then any JSON instead. */
function mostly<Value>(arbitrary: fc.Arbitrary<Value>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 9, arbitrary }, { weight: 1, arbitrary: json });
}

const wellFormedBlock = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('a', 'b').map((text) => ({ type: 'text', text })) },
  { weight: 1, arbitrary: fc.constant({ type: 'image', source: { type: 'base64', data: GIF_BASE64 } }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('tool_use'), id: callId, name: toolName, input: fc.record({ prompt }) }) },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('tool_result'), tool_use_id: callId, content: fc.constantFrom('ok', [{ type: 'text', text: 'ok' }]) }),
  },
  { weight: 1, arbitrary: block },
);

const lineFields = {
  uuid: fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 2, arbitrary: fc.constantFrom('u1', 'u2', 'u3') }, { weight: 1, arbitrary: json }),
  parentUuid: mostly(fc.constantFrom('u1', 'u2', 'u3', null)),
  isSidechain: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 2, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: json }),
  agentId: mostly(fc.constantFrom('ag1', 'ag2')),
  sessionId: mostly(fc.constant('s')),
  cwd: mostly(fc.constant('/w')),
  version: mostly(fc.constant('2.1.0')),
  timestamp: fc.oneof(
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    anyText,
    json,
  ),
  isMeta: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.boolean() }, { weight: 1, arbitrary: json }),
  isCompactSummary: fc.boolean(),
};

const messageLine = fc.record(
  {
    ...lineFields,
    type: fc.constantFrom('user', 'assistant'),
    message: mostly(
      fc.record(
        {
          id: mostly(fc.constantFrom('msg_1', 'msg_2', 'msg_3')),
          model: mostly(fc.constant('claude')),
          content: fc.oneof({ weight: 6, arbitrary: fc.array(wellFormedBlock, { maxLength: 3 }) }, { weight: 1, arbitrary: messageContent }),
        },
        { requiredKeys: ['content'] },
      ),
    ),
    toolUseResult: mostly(
      fc.record(
        { agentId: mostly(fc.constantFrom('ag1', 'ag2')), file: mostly(fc.record({ base64: fc.oneof(fc.constant(GIF_BASE64), anyText) })) },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ['type', 'message', 'uuid', 'isSidechain'] },
);

const attachmentLine = fc.record(
  {
    ...lineFields,
    type: fc.constant('attachment'),
    attachment: mostly(
      fc.record(
        {
          type: mostly(fc.constantFrom('file', 'queued_command', 'hook_success')),
          displayPath: json,
          content: mostly(fc.record({ type: fc.constant('image'), file: mostly(fc.record({ base64: fc.oneof(fc.constant(GIF_BASE64), anyText) })) })),
          prompt: messageContent,
          commandMode: mostly(fc.constantFrom('prompt', 'task-notification')),
        },
        { requiredKeys: ['type'] },
      ),
    ),
  },
  { requiredKeys: ['type', 'attachment'] },
);

const otherLine = fc.record(
  { ...lineFields, type: mostly(fc.constantFrom('system', 'summary', 'progress', 'file-history-snapshot', 'a-new-type')) },
  { requiredKeys: ['type'] },
);

/** A Claude Code transcript line: mostly user and assistant lines in the documented shapes, with garbage anywhere. */
export const claudeCodeLine = fc.oneof(
  { weight: 12, arbitrary: messageLine },
  { weight: 2, arbitrary: attachmentLine },
  { weight: 2, arbitrary: otherLine },
  { weight: 1, arbitrary: json },
);

/** `count` calls, each `[call, result]` as a pair of blocks with distinct ids and content. */
export const pairedCalls = fc.uniqueArray(fc.stringMatching(/^toolu_[a-z0-9]{1,6}$/), { minLength: 1, maxLength: 6 }).map((ids) =>
  ids.map((id, index) => ({
    id,
    call: { type: 'tool_use', id, name: index % 2 === 0 ? 'Read' : 'Bash', input: { n: index } },
    result: { type: 'tool_result', tool_use_id: id, content: [{ type: 'text', text: `out ${id}` }], is_error: index % 3 === 0 },
  })),
);
