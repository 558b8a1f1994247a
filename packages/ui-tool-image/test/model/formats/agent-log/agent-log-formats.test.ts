import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentLogReader, readAgentLog, type AgentLog, type AgentLogFormat } from '../../../../src/model';
import { allNodes } from '../../builders';
import { readInChunks } from './chunked-reading';
import { base64Of, workspaceImage } from '../fixture-images';
import { base64Image, text, toolUse, TranscriptWriter } from '../claude-code/transcript';
import {
  assistantMessage,
  dataUrl,
  functionCall,
  functionOutput,
  inputImage,
  inputText,
  responseItem,
  sessionMeta,
  turnContext,
  userMessage,
} from '../codex/rollout';

const SCREENSHOT = workspaceImage('images/spinner.gif');
const SCREENSHOT_BASE64 = base64Of(SCREENSHOT);

function jsonl(lines: readonly unknown[]): string {
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

function claudeCodeTranscript(): string {
  const writer = new TranscriptWriter();
  return jsonl([
    { type: 'summary', summary: 'Looking at a screenshot', leafUuid: 'main-0004' },
    writer.user('What does the spinner look like?'),
    writer.assistant('msg_1', toolUse('toolu_1', 'Read', { file_path: '/home/qa/project/images/spinner.gif' })),
    writer.result('toolu_1', [base64Image(SCREENSHOT_BASE64, 'image/gif')]),
    writer.assistant('msg_2', text('A grey ring.')),
  ]);
}

function codexRollout(): string {
  return jsonl([
    sessionMeta(),
    turnContext(),
    responseItem(userMessage(inputText('Describe this'), inputImage(dataUrl(SCREENSHOT, 'image/gif')))),
    responseItem(functionCall('call_1', 'shell', { command: ['ls'] }), 1),
    responseItem(functionOutput('call_1', 'spinner.gif'), 2),
    responseItem(assistantMessage('It spins.'), 3),
  ]);
}

const RESPONSES_ITEMS = [
  { role: 'user', content: [{ type: 'input_text', text: 'Look' }] },
  functionCall('fc_1', 'screenshot', {}),
  functionOutput('fc_1', 'taken'),
  { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] },
];

const ANTHROPIC_MESSAGES = [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Look' },
      { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: SCREENSHOT_BASE64 } },
    ],
  },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_9', name: 'screenshot', input: {} }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'taken' }] },
];

function calls(log: AgentLog) {
  return allNodes(log.conversation.items.flatMap((item) => (item.kind === 'call' ? [item.node] : [])));
}

describe('readAgentLog: every format, recognised from the content', () => {
  const cases: readonly { readonly name: string; readonly text: string; readonly format: AgentLogFormat; readonly callNames: readonly string[] }[] = [
    { name: 'a Claude Code transcript (after a summary line)', text: claudeCodeTranscript(), format: 'claude-code', callNames: ['Read'] },
    { name: 'a Codex rollout', text: codexRollout(), format: 'codex', callNames: ['shell'] },
    {
      name: 'a TypeScript Codex CLI session document',
      text: JSON.stringify({ session: { timestamp: '2025-04-01T10:00:00Z', id: 's', instructions: '' }, items: RESPONSES_ITEMS }, null, 2),
      format: 'codex',
      callNames: ['screenshot'],
    },
    {
      name: 'an OpenAI Responses items array, pretty-printed',
      text: JSON.stringify(RESPONSES_ITEMS, null, 2),
      format: 'openai-responses',
      callNames: ['screenshot'],
    },
    { name: 'an OpenAI Responses items array on one line', text: JSON.stringify(RESPONSES_ITEMS), format: 'openai-responses', callNames: ['screenshot'] },
    {
      name: 'a Responses request and response ({input, output})',
      text: JSON.stringify({ model: 'gpt-5', input: RESPONSES_ITEMS.slice(0, 2), output: RESPONSES_ITEMS.slice(2) }),
      format: 'openai-responses',
      callNames: ['screenshot'],
    },
    { name: 'a JSONL file of Responses items', text: jsonl(RESPONSES_ITEMS.slice(1)), format: 'openai-responses', callNames: ['screenshot'] },
    { name: 'an Anthropic messages array', text: JSON.stringify(ANTHROPIC_MESSAGES, null, 2), format: 'anthropic-messages', callNames: ['screenshot'] },
    {
      name: 'an Anthropic request body ({model, messages})',
      text: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages: ANTHROPIC_MESSAGES }),
      format: 'anthropic-messages',
      callNames: ['screenshot'],
    },
  ];

  it.each(cases)('$name is $format, every call paired, no problem', ({ text: logText, format, callNames }) => {
    const log = readAgentLog(logText);
    expect(log.format).toBe(format);
    expect(log.problems).toEqual([]);
    expect(calls(log).map((node) => [node.name, node.status])).toEqual(callNames.map((name) => [name, 'settled']));
  });

  it('plain {role, content} messages fit both APIs and read as Anthropic Messages', () => {
    const log = readAgentLog(
      JSON.stringify([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ]),
    );
    expect(log.format).toBe('anthropic-messages');
    expect(log.conversation.items.map((item) => (item.kind === 'message' ? item.role : 'call'))).toEqual(['user', 'assistant']);
  });

  it('an image inline in any format is an inline:sha256 reference, and its base64 is nowhere in the conversation', () => {
    for (const logText of [claudeCodeTranscript(), codexRollout(), JSON.stringify(ANTHROPIC_MESSAGES)]) {
      const log = readAgentLog(logText);
      expect(JSON.stringify(log.conversation)).toMatch(/inline:sha256:[0-9a-f]{64}/);
      expect(JSON.stringify(log.conversation).includes(SCREENSHOT_BASE64.slice(0, 64))).toBe(false);
    }
  });

  it.each([
    ['a Claude Code transcript', claudeCodeTranscript()],
    ['a Codex rollout', codexRollout()],
    ['a pretty-printed messages array', JSON.stringify(ANTHROPIC_MESSAGES, null, 2)],
  ])('%s reads the same in any chunking', (_name, logText) => {
    const whole = readAgentLog(logText);
    fc.assert(
      fc.property(fc.array(fc.nat(logText.length), { maxLength: 8 }), (cuts) => {
        const chunked = readInChunks(logText, cuts);
        expect(chunked.format).toBe(whole.format);
        expect(chunked.conversation).toEqual(whole.conversation);
        expect(chunked.problems).toEqual(whole.problems);
      }),
      { numRuns: 40 },
    );
  });

  it('a Claude Code transcript cut mid-line shows what is complete and waits for the rest', () => {
    const logText = claudeCodeTranscript();
    const reader = new AgentLogReader();
    const cut = logText.indexOf('"toolu_1","type":"tool_result"');
    reader.append(logText.slice(0, cut));
    const partial = reader.snapshot();
    expect(partial.format).toBe('claude-code');
    expect(partial.problems).toEqual([]);
    expect(calls(partial).map((node) => node.status)).toEqual(['running']);
    reader.append(logText.slice(cut));
    reader.end();
    expect(calls(reader.snapshot()).map((node) => node.status)).toEqual(['settled']);
  });
});

describe('AgentLogReader: a JSON document followed as it is written', () => {
  it('shows nothing until the document parses whole, then its conversation, before end()', () => {
    const logText = JSON.stringify(ANTHROPIC_MESSAGES, null, 2);
    const reader = new AgentLogReader();
    reader.append(logText.slice(0, logText.length - 3));
    expect(reader.snapshot()).toMatchObject({ format: 'unknown', problems: [], conversation: { items: [] } });
    reader.append(logText.slice(-3));
    const complete = reader.snapshot();
    expect(complete.format).toBe('anthropic-messages');
    expect(calls(complete).map((node) => node.status)).toEqual(['settled']);
    expect(reader.snapshot().conversation).toBe(complete.conversation);
    reader.end();
    expect(reader.snapshot().conversation).toEqual(complete.conversation);
  });
});

/** Real files other agents wrote (shared/foreign-logs/README.md), read where they are: `../shared` beside the repository. */
const SAMPLES_DIR = join(import.meta.dirname, '../../../../../../../shared/foreign-logs');
const SAMPLES_PRESENT = existsSync(SAMPLES_DIR);
if (!SAMPLES_PRESENT) console.warn(`Foreign sample sessions skipped: ${SAMPLES_DIR} is absent (it is ../shared/foreign-logs beside the repository).`);
const SAMPLES = SAMPLES_PRESENT
  ? (['claude-code', 'codex'] as const).flatMap((format) =>
      readdirSync(join(SAMPLES_DIR, format))
        .filter((name) => name.endsWith('.jsonl'))
        .map((name) => ({ format, name, path: join(SAMPLES_DIR, format, name) })),
    )
  : [];

/**
 * The real defects among the samples, all in a fixture whose call ids were trimmed away (README:
 * "a trimmed/synthetic schema-drift fixture"): an output whose call id matches nothing, and a call
 * whose output cannot be found by id.
 */
const KNOWN_DEFECTS: Readonly<Record<string, { readonly problems: readonly unknown[]; readonly unpairedAt: readonly number[] }>> = {
  'agent-sessions__small.jsonl': {
    problems: [{ line: 28, message: 'result for call [trimmed for fixture], which has no call before it' }],
    unpairedAt: [28, 43],
  },
};

describe.skipIf(!SAMPLES_PRESENT)('readAgentLog on real sessions (shared/foreign-logs)', () => {
  it.each(SAMPLES)(
    '$format/$name: recognised, no problem but its known defects, every call paired, read the same in 64 KiB chunks',
    ({ format, name, path }) => {
      const logText = readFileSync(path, 'utf8');
      const log = readAgentLog(logText);
      expect(log.format).toBe(format);
      const known = KNOWN_DEFECTS[name] ?? { problems: [], unpairedAt: [] };
      expect(log.problems).toEqual(known.problems);
      const unpaired = log.conversation.items.filter((item) => item.kind === 'call' && (item.node.status !== 'settled' || item.node.name === null));
      expect(unpaired.map((item) => item.line)).toEqual(known.unpairedAt);
      const cuts = Array.from({ length: Math.floor(logText.length / 65_536) }, (_, index) => (index + 1) * 65_536);
      expect(readInChunks(logText, cuts).conversation).toEqual(log.conversation);
    },
  );
});
