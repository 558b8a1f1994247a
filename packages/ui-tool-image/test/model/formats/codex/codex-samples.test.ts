import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRecord } from '../../../../src/model/narrow';
import { CodexReader } from '../../../../src/model/formats/codex/codex-reader';
import { looksLikeCodexLine } from '../../../../src/model/formats/codex/codex-detection';
import { IMAGE_NOT_IN_LOG } from '../../../../src/model/formats/openai-responses/response-content';
import { callNodes, shownTexts } from '../conversation-summary';

/** Real rollouts other projects published (shared/foreign-logs/README.md), read where they are: `../shared` beside the repository. */
const REPO_ROOT = join(import.meta.dirname, '../../../../../..');
const SAMPLES_DIR = join(REPO_ROOT, '../shared/foreign-logs/codex');
const PRESENT = existsSync(SAMPLES_DIR);
const SAMPLES = PRESENT ? readdirSync(SAMPLES_DIR).filter((name) => name.endsWith('.jsonl')) : [];
const CODEX_058 = 'codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl';
const SCHEMA_DRIFT = 'agent-sessions__small.jsonl';

/** What a base64 payload (an image, an encrypted blob) looks like in text: no path or word in these samples is a run this long. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{100,}/;

interface Line {
  readonly number: number;
  readonly value: unknown;
}

function linesOf(name: string): Line[] {
  return readFileSync(join(SAMPLES_DIR, name), 'utf8')
    .split('\n')
    .flatMap((text, index) => (text.trim() === '' ? [] : [{ number: index + 1, value: JSON.parse(text) as unknown }]));
}

function replay(lines: readonly Line[]) {
  const reader = new CodexReader();
  for (const { number, value } of lines) reader.readLine(value, number);
  return reader.snapshot();
}

function responseItemsOf(lines: readonly Line[], type: string): Line[] {
  return lines.filter(({ value }) => isRecord(value) && value.type === 'response_item' && isRecord(value.payload) && value.payload.type === type);
}

describe.skipIf(!PRESENT)(PRESENT ? 'real Codex rollouts' : `real Codex rollouts: skipped, ${SAMPLES_DIR} is absent`, () => {
  it.each(SAMPLES)('%s replays; its first line is claimed as Codex; every function and custom tool call is answered', (name) => {
    const lines = linesOf(name);
    expect(looksLikeCodexLine(lines[0]?.value)).toBe(true);
    const { conversation } = replay(lines);
    const callsAt = new Map(conversation.items.flatMap((item) => (item.kind === 'call' ? [[item.line, item.node] as const] : [])));
    for (const { number } of [...responseItemsOf(lines, 'function_call'), ...responseItemsOf(lines, 'custom_tool_call')]) {
      expect({ line: number, status: callsAt.get(number)?.status }).toEqual({ line: number, status: 'settled' });
    }
  });

  it.each(SAMPLES)('%s shows no base64 and no encrypted content as text', (name) => {
    const lines = linesOf(name);
    const { conversation } = replay(lines);
    expect(shownTexts(conversation.items).filter((text) => BASE64_RUN.test(text))).toEqual([]);
    const encrypted = responseItemsOf(lines, 'reasoning').flatMap(({ value }) =>
      isRecord(value) && isRecord(value.payload) && typeof value.payload.encrypted_content === 'string' ? [value.payload.encrypted_content] : [],
    );
    const shown = JSON.stringify(conversation);
    expect(encrypted.filter((blob) => blob.length > 40 && shown.includes(blob))).toEqual([]);
  });

  it('the Codex 0.58 session has no problem, and its 39 function_calls are answered by their 39 outputs', () => {
    const lines = linesOf(CODEX_058);
    const { conversation, problems, facts } = replay(lines);
    expect(problems).toEqual([]);
    expect(responseItemsOf(lines, 'function_call')).toHaveLength(39);
    expect(responseItemsOf(lines, 'function_call_output')).toHaveLength(39);
    const nodes = callNodes(conversation.items);
    expect(nodes).toHaveLength(39);
    expect(nodes.every((node) => node.status === 'settled' && node.origin === 'codex' && node.name !== null)).toBe(true);
    expect(facts).toMatchObject({ version: '0.58.0', model: 'gpt-5.1-codex', provider: 'openai', sessionId: '019a93b9-f380-7600-98ff-940e6b99603c' });
  });

  it('the schema-drift fixture shows its null image URLs as placeholders; its one problem is an output whose call id the trimming erased', () => {
    const { conversation, problems } = replay(linesOf(SCHEMA_DRIFT));
    expect(problems).toEqual([{ line: 28, message: 'result for call [trimmed for fixture], which has no call before it' }]);
    const placeholders = conversation.items.filter(
      (item) => item.kind === 'message' && item.parts.some((part) => part.kind === 'text' && part.text === IMAGE_NOT_IN_LOG),
    );
    expect(placeholders.map((item) => [item.line, item.kind === 'message' && item.role])).toEqual([
      [6, 'user'],
      [23, 'assistant'],
    ]);
  });
});
