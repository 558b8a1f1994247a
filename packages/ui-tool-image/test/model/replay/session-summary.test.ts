import { describe, expect, it } from 'vitest';
import { parseSessionLog, readAgentLog } from '../../../src/model';
import { conversationCounts, sessionFactsOf } from '../../../src/model/replay/session-summary';
import { ReplayBuilder } from '../../../src/model/replay/replay-builder';
import screenshot from '../../../../../stories/fixtures/sessions/01-screenshot-png.jsonl?raw';
import refusal from '../../../../../stories/fixtures/sessions/09-text-only-refusal.jsonl?raw';
import nestedRunCode from '../../../../../stories/fixtures/sessions/08-nested-run-code.jsonl?raw';
import claudeReadPng from '../../../../../stories/fixtures/agents/logs/claude-code-read-png.jsonl?raw';
import claudeFailures from '../../../../../stories/fixtures/agents/logs/claude-code-failures.jsonl?raw';
import codexShell from '../../../../../stories/fixtures/agents/logs/codex-shell.jsonl?raw';
import codexFailure from '../../../../../stories/fixtures/agents/logs/codex-failure.jsonl?raw';
import anthropicMessages from '../../../../../stories/fixtures/agents/logs/anthropic-messages.json?raw';
import responsesItems from '../../../../../stories/fixtures/agents/logs/openai-responses.json?raw';

const at = (iso: string): number => Date.parse(iso);

function replayedItems(text: string) {
  return new ReplayBuilder().replayOf(parseSessionLog(text)).items;
}

describe('sessionFactsOf: what each format records about its session', () => {
  it('our own log: the header (version, id, cwd, createdAt) and the first assistant message’s provider and model; no end (events carry no time)', () => {
    const parsed = parseSessionLog(screenshot);
    const facts = sessionFactsOf(parsed);
    expect(facts).toEqual({
      format: 'toolcard',
      version: '0',
      sessionId: 'fixture-01-screenshot-png',
      cwd: '/home/qa/project',
      startedAt: 1783951000000,
      model: 'replay-vision',
      provider: 'replay',
    });
    // Read through readAgentLog, the same facts.
    expect(sessionFactsOf(readAgentLog(screenshot))).toEqual(facts);
  });

  it('our own log with no assistant message yet (a prefix): the header alone', () => {
    const parsed = parseSessionLog(screenshot);
    const facts = sessionFactsOf({ ...parsed, events: parsed.events.filter((event) => event.type === 'user/message') });
    expect(facts).not.toHaveProperty('model');
    expect(facts).toMatchObject({ format: 'toolcard', cwd: '/home/qa/project' });
  });

  it('Claude Code: version, session id, cwd, the assistant model, first and last line timestamps', () => {
    expect(sessionFactsOf(readAgentLog(claudeReadPng))).toEqual({
      format: 'claude-code',
      version: '2.0.5',
      sessionId: 'c1a0de00-0000-4000-8000-000000000001',
      cwd: '/home/qa/project',
      model: 'claude-sonnet-4-5-20250929',
      startedAt: at('2025-10-01T12:00:01.000Z'),
      endedAt: at('2025-10-01T12:00:05.000Z'),
    });
  });

  it('Codex: cli_version, provider, model from turn_context, cwd, first and last timestamps', () => {
    expect(sessionFactsOf(readAgentLog(codexShell))).toEqual({
      format: 'codex',
      version: '0.58.0',
      sessionId: 'c0de0000-0000-4000-8000-000000000001',
      cwd: '/home/qa/project',
      provider: 'openai',
      model: 'gpt-5-codex',
      startedAt: at('2025-11-20T09:00:00.000Z'),
      endedAt: at('2025-11-20T09:00:09.000Z'),
    });
  });

  it('Anthropic Messages: a bare array says nothing; a request body says its model', () => {
    expect(sessionFactsOf(readAgentLog(anthropicMessages))).toEqual({ format: 'anthropic-messages' });
    const body = JSON.stringify({ model: 'claude-opus-4-1', max_tokens: 1024, messages: JSON.parse(anthropicMessages) as unknown });
    expect(sessionFactsOf(readAgentLog(body))).toEqual({ format: 'anthropic-messages', model: 'claude-opus-4-1', provider: 'anthropic' });
  });

  it('OpenAI Responses: a bare array says nothing; a response object says its model and created_at', () => {
    expect(sessionFactsOf(readAgentLog(responsesItems))).toEqual({ format: 'openai-responses' });
    const response = JSON.stringify({
      id: 'resp_1',
      object: 'response',
      created_at: 1_764_000_000,
      model: 'gpt-5',
      output: JSON.parse(responsesItems) as unknown,
    });
    expect(sessionFactsOf(readAgentLog(response))).toEqual({ format: 'openai-responses', model: 'gpt-5', provider: 'openai', startedAt: 1_764_000_000_000 });
  });

  it('a file of no known format: its format alone', () => {
    expect(sessionFactsOf(readAgentLog('hello\n'))).toEqual({ format: 'unknown' });
  });
});

describe('conversationCounts: calls at every depth, images, failures', () => {
  it('counts one call and its image in a recorded read_image session', () => {
    expect(conversationCounts(replayedItems(screenshot))).toEqual({ calls: 1, images: 1, failures: 0, imageCalls: 1 });
  });

  it('counts nested calls under run_code, and each image once (the context message forwarding a nested image is the same image)', () => {
    expect(conversationCounts(replayedItems(nestedRunCode))).toEqual({ calls: 3, images: 2, failures: 0, imageCalls: 2 });
  });

  it('counts a refused call as a failure', () => {
    expect(conversationCounts(replayedItems(refusal))).toMatchObject({ calls: 1, images: 0, failures: 1 });
  });

  it('counts other formats’ calls, images and failures', () => {
    expect(conversationCounts(readAgentLog(claudeReadPng).conversation.items)).toEqual({ calls: 1, images: 1, failures: 0, imageCalls: 1 });
    // One call failed (File does not exist), the other has no result: running, not failed.
    expect(conversationCounts(readAgentLog(claudeFailures).conversation.items)).toEqual({ calls: 2, images: 0, failures: 1, imageCalls: 0 });
    expect(conversationCounts(readAgentLog(codexFailure).conversation.items)).toMatchObject({ calls: 1, failures: 1 });
    expect(conversationCounts([])).toEqual({ calls: 0, images: 0, failures: 0, imageCalls: 0 });
  });
});

describe('item times: where a format records them', () => {
  it('Claude Code: a call starts at its tool_use line and ends at its tool_result line; messages have their line’s time', () => {
    const { items } = readAgentLog(claudeReadPng).conversation;
    const call = items.find((item) => item.kind === 'call');
    expect(call).toMatchObject({ startedAt: at('2025-10-01T12:00:03.000Z'), endedAt: at('2025-10-01T12:00:04.000Z') });
    expect(items[0]).toMatchObject({ kind: 'message', startedAt: at('2025-10-01T12:00:01.000Z') });
    expect(items[0]).not.toHaveProperty('endedAt');
  });

  it('Codex: a call starts at its function_call line and ends when its measured run time (duration_seconds 0.2) says, not at its output line', () => {
    const call = readAgentLog(codexShell).conversation.items.find((item) => item.kind === 'call');
    expect(call).toMatchObject({ startedAt: at('2025-11-20T09:00:05.000Z'), endedAt: at('2025-11-20T09:00:05.200Z') });
  });

  it('our own log and plain item arrays record no times', () => {
    for (const item of [...replayedItems(screenshot), ...readAgentLog(responsesItems).conversation.items]) {
      expect(item).not.toHaveProperty('startedAt');
      expect(item).not.toHaveProperty('endedAt');
    }
  });
});
