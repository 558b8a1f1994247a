import { validateUIMessages, type DynamicToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { callTreeFromUIMessages, conversationFromUIMessages, explainImageCard, imageCardModel, toolRowModel, type ToolCallNode } from '../../../../src/model';
import { adaptedImageSource } from '../../../../src/model/adapted-image-source';
import { base64Of, workspaceImage } from '../fixture-images';

const GIF = workspaceImage('images/spinner.gif');
const LOGIN = workspaceImage('screenshots/login-screen.png');

/** Messages as the SDK itself validates them: the adapter reads what `useChat` holds. */
async function validated(messages: UIMessage[]): Promise<UIMessage[]> {
  return validateUIMessages({ messages });
}

function assistant(parts: UIMessage['parts'], id = 'm1'): UIMessage {
  return { id, role: 'assistant', parts };
}

async function onlyNode(parts: UIMessage['parts']): Promise<ToolCallNode> {
  const { roots, problems } = callTreeFromUIMessages(await validated([assistant(parts)]));
  expect(problems).toEqual([]);
  const [root] = roots;
  if (root === undefined || roots.length !== 1) throw new Error('expected one root');
  return root;
}

/** What this host's `read_image` returns, as a tool's output. */
const HOST_OUTPUT = {
  content: [
    { type: 'text', text: '<path>/w/a.png</path>\n<type>image</type>\n<content>\nimage/png image, 1x1 px, 69 bytes\n</content>' },
    { type: 'image', attachment: { attachmentId: 'sha256:abc', mediaType: 'image/png', bytes: 69, width: 1, height: 1, name: 'a.png' } },
  ],
  isError: false,
  meta: { path: '/w/a.png' },
};

describe('callTreeFromUIMessages: every tool-part state', () => {
  it('input-streaming without a JSON object yet is preparing, with the raw input so far', async () => {
    const streaming: Extract<DynamicToolUIPart, { state: 'input-streaming' }> = {
      type: 'dynamic-tool',
      toolName: 'read_image',
      toolCallId: 't1',
      state: 'input-streaming',
      input: { file_path: 'a' },
      rawInput: '{"file_path":"a',
    };
    const node = await onlyNode([streaming]);
    expect(node).toMatchObject({ origin: 'ai-sdk', name: 'read_image', status: 'running', argsRaw: '{"file_path":"a' });
    expect(toolRowModel(node).state).toBe('preparing');
  });

  it.each(['input-available', 'approval-responded'] as const)('%s is running', async (state) => {
    const approval = state === 'approval-responded' ? { id: 'ap', approved: true } : undefined;
    const part = { type: 'tool-read_image', toolCallId: 't2', state, input: { file_path: 'a.png' }, ...(approval === undefined ? {} : { approval }) };
    const node = await onlyNode([part as UIMessage['parts'][number]]);
    expect(node.status).toBe('running');
    expect(node).not.toHaveProperty('approval');
    expect(toolRowModel(node)).toMatchObject({ state: 'running', summary: 'a.png' });
  });

  it('approval-requested awaits approval, with the id to answer', async () => {
    const part = { type: 'tool-read_image', toolCallId: 't2', state: 'approval-requested', input: { file_path: 'a.png' }, approval: { id: 'ap-1' } };
    const node = await onlyNode([part as UIMessage['parts'][number]]);
    expect(node).toMatchObject({ status: 'running', approval: { id: 'ap-1' } });
    expect(toolRowModel(node)).toMatchObject({ state: 'awaiting-approval', summary: 'a.png' });
  });

  // Not through the SDK's validation, which rejects these: a stored message array may hold them anyway.
  it.each([{}, { id: '' }, { id: 7 }, null])('approval-requested without a usable approval id (%j) is running', (approval) => {
    const part = { type: 'tool-read_image', toolCallId: 't2', state: 'approval-requested', input: { file_path: 'a.png' }, approval };
    const [node] = callTreeFromUIMessages([{ id: 'm', role: 'assistant', parts: [part] }]).roots;
    if (node === undefined) throw new Error('no node');
    expect(node).not.toHaveProperty('approval');
    expect(toolRowModel(node).state).toBe('running');
  });

  it('output-available with this host result shape is the same image card as from a log', async () => {
    const node = await onlyNode([{ type: 'tool-read_image', toolCallId: 't3', state: 'output-available', input: { file_path: 'a.png' }, output: HOST_OUTPUT }]);
    expect(explainImageCard(node, { cwd: '/w' })).toMatchObject({
      labelFrom: 'meta',
      card: { label: 'a.png', images: [{ attachment: { attachmentId: 'sha256:abc' } }] },
    });
  });

  it('a preliminary output still runs', async () => {
    const node = await onlyNode([
      { type: 'tool-read_image', toolCallId: 't4', state: 'output-available', input: { file_path: 'a.png' }, output: HOST_OUTPUT, preliminary: true },
    ]);
    expect(node.status).toBe('running');
  });

  it('output-error fails with the error text as the reason', async () => {
    const node = await onlyNode([
      { type: 'tool-read_image', toolCallId: 't5', state: 'output-error', input: { file_path: 'a.svg' }, errorText: 'Error: a.svg is not an image\nmore' },
    ]);
    expect(toolRowModel(node)).toMatchObject({ state: 'error', reason: 'a.svg is not an image' });
    expect(explainImageCard(node)).toEqual({ declined: 'error-result' });
  });

  it('output-denied is refused (a person said no), with the reason', async () => {
    const node = await onlyNode([
      {
        type: 'tool-read_image',
        toolCallId: 't6',
        state: 'output-denied',
        input: { file_path: 'a.png' },
        approval: { id: 'ap', approved: false, reason: 'not this file' },
      },
    ]);
    expect(toolRowModel(node)).toMatchObject({ state: 'refused', reason: 'Denied: not this file' });
  });

  it('a dynamic-tool part is named by its toolName', async () => {
    const node = await onlyNode([
      { type: 'dynamic-tool', toolName: 'read_image', toolCallId: 't7', state: 'output-available', input: { file_path: 'a.png' }, output: HOST_OUTPUT },
    ]);
    expect(node.name).toBe('read_image');
    expect(imageCardModel(node)).not.toBeNull();
  });
});

describe('callTreeFromUIMessages: image outputs in the SDK tool-output shapes', () => {
  it('content parts with media data become inline images, labelled from the path argument', async () => {
    const output = {
      type: 'content',
      value: [
        { type: 'text', text: 'two images' },
        { type: 'image-data', data: base64Of(GIF), mediaType: 'image/gif' },
        { type: 'file', data: { type: 'data', data: base64Of(LOGIN) }, mediaType: 'image/png', filename: 'login.png' },
        { type: 'file-data', data: base64Of(GIF), mediaType: 'image/gif' },
      ],
    };
    const node = await onlyNode([{ type: 'tool-screenshot', toolCallId: 's1', state: 'output-available', input: { path: '/w/shots' }, output }]);
    const card = imageCardModel(node, { cwd: '/w' });
    expect(card).toMatchObject({ label: 'shots', text: 'two images' });
    expect(card?.images.map(({ attachment }) => [attachment.mediaType, attachment.width, attachment.name])).toEqual([
      ['image/gif', 48, undefined],
      ['image/png', 640, 'login.png'],
      ['image/gif', 48, undefined],
    ]);
    const first = card?.images[0]?.attachment;
    expect(first && adaptedImageSource(first)?.kind).toBe('inline');
    expect(card?.images[0]?.attachment.attachmentId).toBe(card?.images[2]?.attachment.attachmentId);
  });

  it('an MCP result as output (the SDK MCP client) is read as MCP', async () => {
    const output = { content: [{ type: 'image', data: base64Of(GIF), mimeType: 'image/gif' }], isError: false };
    const node = await onlyNode([{ type: 'dynamic-tool', toolName: 'take_screenshot', toolCallId: 'm1', state: 'output-available', input: {}, output }]);
    expect(imageCardModel(node)).toMatchObject({ label: 'take_screenshot', images: [{ attachment: { mediaType: 'image/gif' } }] });
  });

  it('text, json and error outputs are text; base64 hidden in JSON is never shown', async () => {
    const hidden = base64Of(LOGIN);
    const nodes = callTreeFromUIMessages(
      await validated([
        assistant([
          { type: 'tool-a', toolCallId: 'a', state: 'output-available', input: {}, output: 'plain' },
          { type: 'tool-b', toolCallId: 'b', state: 'output-available', input: {}, output: { type: 'json', value: { png: hidden, ok: true } } },
          { type: 'tool-c', toolCallId: 'c', state: 'output-available', input: {}, output: { type: 'error-text', value: 'boom' } },
          { type: 'tool-d', toolCallId: 'd', state: 'output-available', input: {}, output: { image: hidden } },
        ]),
      ]),
    ).roots;
    const [plain, json, errorText, raw] = nodes.map((node) => node.result);
    expect(plain?.content).toEqual([{ type: 'text', text: 'plain' }]);
    expect(errorText).toMatchObject({ outcome: 'error', content: [{ type: 'text', text: 'boom' }] });
    for (const result of [json, raw]) {
      const shown = JSON.stringify(result?.content);
      expect(shown).not.toContain(hidden.slice(0, 64));
      expect(shown).toContain(`[${hidden.length} characters of base64 data]`);
    }
  });
});

describe('conversationFromUIMessages', () => {
  it('shows user and assistant text and image files in order, split around tool calls; system, reasoning and step parts are not shown', async () => {
    const dataUrl = `data:image/png;base64,${base64Of(LOGIN)}`;
    const messages = await validated([
      { id: 's', role: 'system', parts: [{ type: 'text', text: 'You are a bot.' }] },
      {
        id: 'u',
        role: 'user',
        parts: [
          { type: 'text', text: 'What is in these?' },
          { type: 'file', mediaType: 'image/png', url: dataUrl, filename: 'login.png' },
          { type: 'file', mediaType: 'image/webp', url: 'https://cdn.example/cat.webp' },
          { type: 'file', mediaType: 'application/pdf', url: 'https://cdn.example/doc.pdf', filename: 'doc.pdf' },
        ],
      },
      assistant(
        [
          { type: 'step-start' },
          { type: 'reasoning', text: 'thinking', state: 'done' },
          { type: 'text', text: 'Let me look.' },
          { type: 'tool-read_image', toolCallId: 'r1', state: 'input-available', input: { file_path: 'a.png' } },
          { type: 'text', text: 'Done.' },
        ],
        'a',
      ),
    ]);
    const { items, problems } = conversationFromUIMessages(messages);
    expect(problems).toEqual([]);
    expect(
      items.map((item) => (item.kind === 'call' ? `call ${item.node.callId}` : `${item.key} ${item.role} ${item.parts.map((part) => part.kind).join('+')}`)),
    ).toEqual(['u:0 user text+images+text', 'a:0 assistant text', 'call r1', 'a:1 assistant text']);
    const user = items[0];
    const images = user?.kind === 'message' && user.parts[1]?.kind === 'images' ? user.parts[1].images : [];
    expect(images.map(({ attachment }) => [attachment.attachmentId.slice(0, 14), attachment.name ?? null, adaptedImageSource(attachment)?.kind])).toEqual([
      ['inline:sha256:', 'login.png', 'inline'],
      ['https://cdn.ex', null, 'link'],
    ]);
    expect(user?.kind === 'message' ? user.parts[2] : undefined).toEqual({ kind: 'text', text: '[file: doc.pdf]' });
  });

  it('reports a repeated call id and an unknown state, and keeps going', () => {
    const messages = [
      { id: 'a', role: 'assistant', parts: [{ type: 'tool-x', toolCallId: 'same', state: 'input-available', input: {} }] },
      {
        id: 'b',
        role: 'assistant',
        parts: [
          { type: 'tool-x', toolCallId: 'same', state: 'input-available', input: {} },
          { type: 'tool-y', toolCallId: 'odd', state: 'levitating' },
          { type: 'tool-z' },
          'junk',
        ],
      },
    ];
    const { roots, problems } = callTreeFromUIMessages(messages);
    expect(roots.map((node) => [node.callId, node.status])).toEqual([
      ['same', 'running'],
      ['odd', 'running'],
    ]);
    expect(problems.map((problem) => problem.eventIndex)).toEqual([1, 2, 3]);
  });
});
