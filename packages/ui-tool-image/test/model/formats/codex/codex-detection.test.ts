import { describe, expect, it } from 'vitest';
import { looksLikeCodexDocument, looksLikeCodexLine } from '../../../../src/model/formats/codex/codex-detection';
import { envelope, responseItem, sessionMeta, STARTED, userMessage } from './rollout';

describe('looksLikeCodexLine', () => {
  it.each([
    ['a session_meta line', sessionMeta()],
    ['a response_item line (a file whose session_meta was cut off)', responseItem(userMessage())],
    ['a compacted line', envelope('compacted', { message: '' })],
    ['the bare 2025 header', { id: 's', timestamp: STARTED, instructions: null, git: null }],
  ])('claims %s', (_name, value) => {
    expect(looksLikeCodexLine(value)).toBe(true);
  });

  it.each([
    ['our own session header', { type: 'session', version: 1, id: 's', createdAt: 0, cwd: '/' }],
    ['our own event', { type: 'tool/call', data: {} }],
    ['a Claude Code line', { type: 'user', uuid: 'u', sessionId: 's', message: { role: 'user', content: 'hi' } }],
    ['an envelope of a type Codex does not write', envelope('session', {})],
    ['an envelope without a payload object', envelope('response_item', 'text')],
    ['a bare ResponseItem (not a first line)', userMessage()],
    ['a header without instructions', { id: 's', timestamp: STARTED }],
    ['an array', [sessionMeta()]],
    ['null', null],
  ])('does not claim %s', (_name, value) => {
    expect(looksLikeCodexLine(value)).toBe(false);
  });
});

describe('looksLikeCodexDocument', () => {
  it('claims the TypeScript CLI document {session: {timestamp, id, instructions}, items}', () => {
    expect(looksLikeCodexDocument({ session: { timestamp: STARTED, id: 's', instructions: '' }, items: [] })).toBe(true);
  });

  it.each([
    ['no items', { session: { timestamp: STARTED, id: 's', instructions: '' } }],
    ['a session without an id', { session: { timestamp: STARTED, instructions: '' }, items: [] }],
    ['a Responses items array', [{ type: 'function_call' }]],
    ['a string', 'rollout'],
  ])('does not claim %s', (_name, value) => {
    expect(looksLikeCodexDocument(value)).toBe(false);
  });
});
