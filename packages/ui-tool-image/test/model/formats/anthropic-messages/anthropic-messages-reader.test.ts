import { describe, expect, it } from 'vitest';
import { explainImageCard, imageCardModel, toolRowModel, type ConversationItem, type ToolCallNode } from '../../../../src/model';
import { adaptedImageSource } from '../../../../src/model/adapted-image-source';
import { looksLikeAnthropicMessages } from '../../../../src/model/formats/anthropic-messages/anthropic-messages-detection';
import { AnthropicMessagesReader, conversationFromAnthropicMessages } from '../../../../src/model/formats/anthropic-messages/anthropic-messages-reader';
import { base64Of, workspaceImage } from '../fixture-images';

const LOGIN = workspaceImage('screenshots/login-screen.png');
const GIF = workspaceImage('images/spinner.gif');

function image(data: Uint8Array, mediaType = 'image/png') {
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: base64Of(data) } };
}

function calls(items: readonly ConversationItem[]): ToolCallNode[] {
  return items.flatMap((item) => (item.kind === 'call' ? [item.node] : []));
}

function outline(items: readonly ConversationItem[]): string[] {
  return items.map((item) =>
    item.kind === 'call' ? `call ${item.node.callId} ${item.node.status}` : `${item.key} ${item.role} ${item.parts.map((part) => part.kind).join('+')}`,
  );
}

/** A tool loop as an app holds it: the user's question with an image, two calls, their results in one message, the answer. */
const TOOL_LOOP: readonly unknown[] = [
  { role: 'user', content: [{ type: 'text', text: 'What is on the login screen?' }, image(LOGIN)] },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'I should look at the file.', signature: 'sig' },
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id: 'toolu_read', name: 'read_file', input: { file_path: '/w/screenshots/login-screen.png' } },
      { type: 'tool_use', id: 'toolu_shot', name: 'screenshot', input: {} },
      { type: 'text', text: 'Both requested.' },
    ],
  },
  {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'toolu_shot', content: [{ type: 'text', text: 'Captured.' }, image(GIF, 'image/gif')] },
      { type: 'tool_result', tool_use_id: 'toolu_read', content: [image(LOGIN)] },
    ],
  },
  { role: 'assistant', content: 'A login form.' },
];

describe('conversationFromAnthropicMessages', () => {
  it('shows text and images in order, split around the calls, each call paired with its result in a later message', () => {
    const { items, problems } = conversationFromAnthropicMessages(TOOL_LOOP);
    expect(problems).toEqual([]);
    expect(outline(items)).toEqual([
      '1:0 user text+images',
      '2:0 assistant text',
      'call toolu_read settled',
      'call toolu_shot settled',
      '2:1 assistant text',
      '4:0 assistant text',
    ]);
    expect(items.map((item) => item.line)).toEqual([1, 2, 2, 2, 2, 4]);
    const [read] = calls(items);
    expect(read).toMatchObject({
      origin: 'anthropic-messages',
      kind: 'top-level',
      name: 'read_file',
      argsRaw: '{"file_path":"/w/screenshots/login-screen.png"}',
    });
  });

  it('a tool_result with images gives the call an image card: labelled from file_path, else the tool name', () => {
    const [read, shot] = calls(conversationFromAnthropicMessages(TOOL_LOOP).items);
    if (read === undefined || shot === undefined) throw new Error('expected two calls');
    expect(explainImageCard(read, { cwd: '/w' })).toMatchObject({ labelFrom: 'argument', card: { label: 'screenshots/login-screen.png' } });
    const card = imageCardModel(shot);
    expect(card).toMatchObject({ label: 'screenshot', text: 'Captured.', images: [{ attachment: { mediaType: 'image/gif', width: 48 } }] });
    const ref = card?.images[0]?.attachment;
    expect(ref && adaptedImageSource(ref)?.kind).toBe('inline');
  });

  it('is_error: true fails the call; a call with no result runs; a result with no call is a problem and a call with no name', () => {
    const { items, problems } = conversationFromAnthropicMessages([
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'a', name: 'bash', input: { command: 'false' } },
          { type: 'tool_use', id: 'b', name: 'bash', input: { command: 'sleep 9' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: 'exit 1', is_error: true },
          { type: 'tool_result', tool_use_id: 'ghost', content: 'from nowhere' },
        ],
      },
    ]);
    const [failed, running, orphan] = calls(items);
    expect(failed?.result).toMatchObject({ isError: true, outcome: 'error', content: [{ type: 'text', text: 'exit 1' }] });
    expect(failed && toolRowModel(failed).state).toBe('error');
    expect(running?.status).toBe('running');
    expect(orphan).toMatchObject({ callId: 'ghost', name: null, status: 'settled' });
    expect(problems).toEqual([{ eventIndex: 1, message: 'result for call ghost, whose tool_use is not in the log' }]);
  });

  it('image sources: base64 without media_type (the header decides), an https image URL through the app loader, a file id and other URLs named', () => {
    const { items } = conversationFromAnthropicMessages([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', data: base64Of(GIF) } },
          { type: 'text', text: '-' },
          { type: 'image', source: { type: 'url', url: 'https://cdn.example/cat.webp?size=2' } },
          { type: 'image', source: { type: 'url', url: 'https://cdn.example/page' } },
          { type: 'image', source: { type: 'url', url: 'javascript:alert(1)//.png' } },
          { type: 'image', source: { type: 'file', file_id: 'file_011' } },
          { type: 'document', title: 'Spec', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
          { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello' } },
        ],
      },
    ]);
    const [message] = items;
    if (message?.kind !== 'message') throw new Error('expected a message');
    expect(message.parts).toEqual([
      { kind: 'images', images: [{ attachment: expect.objectContaining({ mediaType: 'image/gif', width: 48 }) as unknown }] },
      { kind: 'text', text: '-' },
      {
        kind: 'images',
        images: [{ attachment: expect.objectContaining({ attachmentId: 'https://cdn.example/cat.webp?size=2', mediaType: 'image/webp' }) as unknown }],
      },
      { kind: 'text', text: '[link: https://cdn.example/page]' },
      { kind: 'text', text: '[link: javascript:alert(1)//.png]' },
      { kind: 'text', text: '[image file: file_011]' },
      { kind: 'text', text: '[document: Spec]' },
      { kind: 'text', text: '[document: text/plain]' },
    ]);
    // Nothing of the document's bytes is shown.
    expect(JSON.stringify(message.parts)).not.toContain('JVBERi0');
  });

  it('reports what is not a message, and never throws on anything handed over', () => {
    const { items, problems } = conversationFromAnthropicMessages([
      'hello',
      { role: 'system', content: 'You are a bot.' },
      { role: 'user', content: 7 },
      { role: 'user', content: [null, { text: 'no type' }, { type: 'tool_use', name: 'x' }] },
      { role: 'user', content: [{ type: 'text', text: 'fine' }] },
    ]);
    expect(outline(items)).toEqual(['5:0 user text']);
    expect(problems).toEqual([
      { eventIndex: 0, message: 'element is not a message object' },
      { eventIndex: 1, message: 'message role "system" is neither "user" nor "assistant" (not shown)' },
      { eventIndex: 2, message: 'message "content" is neither a string nor a list of blocks' },
      { eventIndex: 3, message: 'content block 1 is not an object' },
      { eventIndex: 3, message: 'content block 2 has no string "type"' },
      { eventIndex: 3, message: 'tool_use without an "id" (ignored)' },
    ]);
    expect(conversationFromAnthropicMessages(null as unknown as unknown[])).toEqual({ items: [], problems: [] });
  });
});

describe('AnthropicMessagesReader', () => {
  it('is a format reader: problems by line, thinking and server tool blocks counted, no facts', () => {
    const reader = new AnthropicMessagesReader();
    TOOL_LOOP.forEach((message, index) => {
      reader.readLine(message, index + 1);
    });
    reader.readLine(
      {
        role: 'assistant',
        content: [
          { type: 'redacted_thinking', data: 'x' },
          { type: 'server_tool_use', id: 's', name: 'web_search', input: {} },
        ],
      },
      5,
    );
    reader.readLine(42, 6);
    const snapshot = reader.snapshot();
    expect(reader.format).toBe('anthropic-messages');
    expect(snapshot.problems).toEqual([{ line: 6, message: 'element is not a message object' }]);
    expect(snapshot.otherEvents).toEqual([
      { type: 'redacted_thinking', count: 1 },
      { type: 'server_tool_use', count: 1 },
      { type: 'thinking', count: 1 },
    ]);
    expect(snapshot.facts).toEqual({});
  });

  it('keeps unchanged items as the same objects across snapshots; a call that settles is a new item', () => {
    const reader = new AnthropicMessagesReader();
    reader.readLine(TOOL_LOOP[0], 1);
    reader.readLine(TOOL_LOOP[1], 2);
    const first = reader.snapshot();
    expect(reader.snapshot()).toBe(first);
    reader.readLine(TOOL_LOOP[2], 3);
    const second = reader.snapshot();
    const [question, lead, read, shot, tail] = second.conversation.items;
    expect([question, lead, tail]).toEqual([first.conversation.items[0], first.conversation.items[1], first.conversation.items[4]]);
    expect(question).toBe(first.conversation.items[0]);
    expect(lead).toBe(first.conversation.items[1]);
    expect(tail).toBe(first.conversation.items[4]);
    expect(read).not.toBe(first.conversation.items[2]);
    expect(shot).not.toBe(first.conversation.items[3]);
  });
});

describe('looksLikeAnthropicMessages', () => {
  it.each([
    ['a tool loop', TOOL_LOOP],
    ['a request body', { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: TOOL_LOOP }],
    ['plain text messages', [{ role: 'user', content: 'hi' }]],
  ])('true for %s', (_name, value) => {
    expect(looksLikeAnthropicMessages(value)).toBe(true);
  });

  it.each([
    ['an empty array', []],
    ['a system message', [{ role: 'system', content: 'x' }]],
    ['OpenAI Responses items', [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }]],
    ['a Claude Code line', [{ type: 'user', message: { role: 'user', content: 'hi' }, uuid: 'u', sessionId: 's' }]],
    ['a non-array', 'messages'],
  ])('false for %s', (_name, value) => {
    expect(looksLikeAnthropicMessages(value)).toBe(false);
  });
});
