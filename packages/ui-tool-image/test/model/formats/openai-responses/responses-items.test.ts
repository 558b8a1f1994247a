import { describe, expect, it } from 'vitest';
import { explainImageCard, imageCardModel, toolRowModel, type ToolCallNode } from '../../../../src/model';
import { adaptedImageSource } from '../../../../src/model/adapted-image-source';
import { looksLikeResponsesItems } from '../../../../src/model/formats/openai-responses/responses-detection';
import { conversationFromResponsesItems, ResponsesItemsReader } from '../../../../src/model/formats/openai-responses/responses-items-reader';
import { callNodes, itemSummary, resultTexts } from '../conversation-summary';
import { base64Of, workspaceImage } from '../fixture-images';

const GIF = workspaceImage('images/spinner.gif');
const LOGIN = workspaceImage('screenshots/login-screen.png');
const LOGIN_URL = `data:image/png;base64,${base64Of(LOGIN)}`;

function read(items: readonly unknown[]) {
  const reader = new ResponsesItemsReader();
  items.forEach((item, index) => {
    reader.readLine(item, index + 1);
  });
  return reader.snapshot();
}

function onlyNode(items: readonly unknown[]): ToolCallNode {
  const snapshot = read(items);
  expect(snapshot.problems).toEqual([]);
  const [node, ...rest] = callNodes(snapshot.conversation.items);
  if (node === undefined || rest.length > 0) throw new Error('expected one call');
  return node;
}

describe('ResponsesItemsReader: messages', () => {
  it('shows user and assistant text and images in order; system and developer messages are counted, not shown', () => {
    const { conversation, otherEvents, problems } = read([
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'You are terse.' }] },
      { role: 'system', content: 'Be kind.' },
      { role: 'user', content: 'Hi' },
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is in these?' },
          { type: 'input_image', image_url: LOGIN_URL, detail: 'high' },
          { type: 'input_image', image_url: 'https://cdn.example/cat.webp', detail: 'auto' },
          { type: 'input_image', file_id: 'file-abc' },
          { type: 'input_image', image_url: null },
          { type: 'input_file', filename: 'spec.pdf', file_id: 'file-def' },
        ],
      },
      {
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'output_text', text: 'A login screen.', annotations: [] },
          { type: 'refusal', refusal: 'No more.' },
        ],
      },
    ]);
    expect(problems).toEqual([]);
    expect(conversation.items.map(itemSummary)).toEqual([
      'user: Hi',
      'user: What is in these? | images(image/png inline, image/webp link) | [image file file-abc] | [image not in the log] | [file: spec.pdf]',
      'assistant: A login screen. | No more.',
    ]);
    expect(conversation.items.map((item) => item.line)).toEqual([3, 4, 5]);
    expect(otherEvents).toEqual([
      { type: 'message/developer', count: 1 },
      { type: 'message/system', count: 1 },
    ]);
  });

  it('keys each message by its position, and shows hostile text as text', () => {
    const { conversation } = read([{ role: 'user', content: '<img src=x onerror=alert(1)>' }]);
    expect(conversation.items).toEqual([
      { kind: 'message', key: 'line:1', line: 1, role: 'user', parts: [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });
});

describe('ResponsesItemsReader: calls', () => {
  it('answers function_calls by call_id in any order; a call with no output is running', () => {
    const { conversation, problems } = read([
      { type: 'function_call', call_id: 'a', name: 'lookup', arguments: '{"q":1}' },
      { type: 'function_call', call_id: 'b', name: 'lookup', arguments: '{"q":2}' },
      { type: 'function_call', call_id: 'c', name: 'lookup', arguments: '{"q":3}' },
      { type: 'function_call_output', call_id: 'b', output: 'two' },
      { type: 'function_call_output', call_id: 'a', output: 'one' },
    ]);
    expect(problems).toEqual([]);
    expect(conversation.items.map(itemSummary)).toEqual(['call a lookup ok', 'call b lookup ok', 'call c lookup running']);
    const [a, b, c] = callNodes(conversation.items);
    expect(a).toMatchObject({ origin: 'openai-responses', kind: 'top-level', argsRaw: '{"q":1}', firstEventIndex: 0, children: [] });
    expect([a, b].map((node) => node && resultTexts(node))).toEqual([['one'], ['two']]);
    expect(c && toolRowModel(c).state).toBe('running');
  });

  it('an output array with input_image is an image card, labelled from a path argument, else the tool name', () => {
    const withPath = onlyNode([
      { type: 'function_call', call_id: 's', name: 'screenshot', arguments: JSON.stringify({ path: '/w/shot.gif' }) },
      {
        type: 'function_call_output',
        call_id: 's',
        output: [
          { type: 'input_text', text: 'captured' },
          { type: 'input_image', image_url: `data:image/gif;base64,${base64Of(GIF)}` },
        ],
      },
    ]);
    const explained = explainImageCard(withPath, { cwd: '/w' });
    expect(explained).toMatchObject({
      labelFrom: 'argument',
      card: { label: 'shot.gif', text: 'captured', images: [{ attachment: { mediaType: 'image/gif', width: 48 } }] },
    });
    const attachment = 'card' in explained ? explained.card.images[0]?.attachment : undefined;
    expect(attachment && adaptedImageSource(attachment)?.kind).toBe('inline');

    const named = onlyNode([
      { type: 'function_call', call_id: 't', name: 'take_screenshot', arguments: '{}' },
      { type: 'function_call_output', call_id: 't', output: [{ type: 'input_image', image_url: LOGIN_URL }] },
    ]);
    expect(imageCardModel(named)).toMatchObject({ label: 'take_screenshot', images: [{ attachment: { width: 640 } }] });
  });

  it('answers a custom_tool_call with its custom_tool_call_output; the raw input is the arguments', () => {
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch';
    const node = onlyNode([
      { type: 'custom_tool_call', call_id: 'p', name: 'apply_patch', input: patch },
      { type: 'custom_tool_call_output', call_id: 'p', output: 'Done!' },
    ]);
    expect(node).toMatchObject({ name: 'apply_patch', argsRaw: patch, status: 'settled' });
    expect(resultTexts(node)).toEqual(['Done!']);
  });

  it('shows image_generation_call results (raw base64) as an image on a node named image_generation', () => {
    const node = onlyNode([{ type: 'image_generation_call', id: 'ig_1', status: 'completed', revised_prompt: 'a login screen', result: base64Of(LOGIN) }]);
    expect(node).toMatchObject({ callId: 'ig_1', name: 'image_generation', origin: 'openai-responses', argsRaw: '{"revised_prompt":"a login screen"}' });
    expect(explainImageCard(node)).toMatchObject({
      labelFrom: 'tool-name',
      card: { label: 'image_generation', images: [{ attachment: { mediaType: 'image/png' } }] },
    });

    const { conversation } = read([
      { type: 'image_generation_call', id: 'ig_2', status: 'generating' },
      { type: 'image_generation_call', id: 'ig_3', status: 'failed' },
      { type: 'image_generation_call', id: 'ig_4', status: 'completed', result: 'bm90IGFuIGltYWdl' },
    ]);
    expect(conversation.items.map(itemSummary)).toEqual([
      'call ig_2 image_generation running',
      'call ig_3 image_generation error',
      'call ig_4 image_generation ok',
    ]);
    const [, failed, unreadable] = callNodes(conversation.items);
    expect(failed && resultTexts(failed)).toEqual(['[image_generation failed]']);
    expect(unreadable && resultTexts(unreadable)).toEqual(['[image that could not be read]']);
  });

  it('shows web_search_call as a web row, and answers a local_shell_call with its output', () => {
    const { conversation, problems } = read([
      { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'toolcard' } },
      { type: 'web_search_call', id: 'ws_2', status: 'searching' },
      { type: 'local_shell_call', id: 'lsh_1', call_id: 'sh', status: 'completed', action: { type: 'exec', command: ['ls'] } },
      { type: 'local_shell_call_output', call_id: 'sh', output: 'a.txt' },
    ]);
    expect(problems).toEqual([]);
    expect(conversation.items.map(itemSummary)).toEqual(['call ws_1 web_search ok', 'call ws_2 web_search running', 'call sh local_shell ok']);
    const [search, , shell] = callNodes(conversation.items);
    expect(search && toolRowModel(search)).toMatchObject({ variant: 'web', state: 'done' });
    expect(search?.argsRaw).toBe('{"type":"search","query":"toolcard"}');
    expect(shell?.argsRaw).toBe('{"type":"exec","command":["ls"]}');
  });

  it('reports an output with no call at its position, and shows it as a settled node with no name', () => {
    const { conversation, problems } = read([
      { role: 'user', content: 'go' },
      { type: 'function_call_output', call_id: 'lost', output: 'orphan' },
      { type: 'function_call_output', output: 'no id' },
    ]);
    expect(problems).toEqual([
      { line: 2, message: 'result for call lost, which has no call before it' },
      { line: 3, message: 'function_call_output without a "call_id"' },
    ]);
    expect(conversation.problems.map((problem) => problem.eventIndex)).toEqual([1, 2]);
    expect(conversation.items.slice(1).map((item) => [item.line, item.kind === 'call' && item.node.name, item.kind === 'call' && item.node.status])).toEqual([
      [2, null, 'settled'],
      [3, null, 'settled'],
    ]);
  });

  it('answers calls that reuse an id in order, and reports a reuse while the earlier call is unanswered', () => {
    const { conversation, problems } = read([
      { type: 'function_call', call_id: 'x', name: 'first', arguments: '{}' },
      { type: 'function_call_output', call_id: 'x', output: '1' },
      { type: 'function_call', call_id: 'x', name: 'second', arguments: '{}' },
      { type: 'function_call', call_id: 'x', name: 'third', arguments: '{}' },
      { type: 'function_call_output', call_id: 'x', output: '2' },
    ]);
    expect(problems).toEqual([{ line: 4, message: 'call id x repeats while an earlier call with it is unanswered (outputs answer them in order)' }]);
    expect(conversation.items.map(itemSummary)).toEqual(['call x first ok', 'call x#2 second ok', 'call x#3 third running']);
  });
});

describe('ResponsesItemsReader: what is not shown', () => {
  it('counts reasoning and never shows its summary or its encrypted content', () => {
    const { conversation, otherEvents } = read([
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'SECRET-SUMMARY' }], encrypted_content: 'gAAAASECRET-BLOB' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hello.' }] },
    ]);
    expect(JSON.stringify(conversation)).not.toMatch(/SECRET/);
    expect(otherEvents).toEqual([{ type: 'reasoning', count: 1 }]);
  });

  it('counts unknown items; a non-object, an untyped item and a message without a role are problems at their positions', () => {
    const { conversation, otherEvents, problems } = read([{ type: 'mcp_list_tools', tools: [] }, 42, { id: 'x' }, { type: 'message', content: 'who?' }]);
    expect(conversation.items).toEqual([]);
    expect(otherEvents).toEqual([{ type: 'mcp_list_tools', count: 1 }]);
    expect(problems).toEqual([
      { line: 2, message: 'item is not a JSON object' },
      { line: 3, message: 'item without a "type"' },
      { line: 4, message: 'message without a "role"' },
    ]);
  });
});

describe('ResponsesItemsReader: outputs', () => {
  function resultOf(output: unknown) {
    return onlyNode([
      { type: 'function_call', call_id: 'o', name: 'tool', arguments: '{}' },
      { type: 'function_call_output', call_id: 'o', output },
    ]).result;
  }

  it('decodes JSON-encoded content (a stringified MCP result), so its image is an image and never text', () => {
    const base64 = base64Of(LOGIN);
    const result = resultOf(
      JSON.stringify({
        content: [
          { type: 'text', text: 'shot' },
          { type: 'image', data: base64, mimeType: 'image/png' },
        ],
        isError: false,
      }),
    );
    expect(result?.content).toMatchObject([
      { type: 'text', text: 'shot' },
      { type: 'image', attachment: { mediaType: 'image/png', width: 640 } },
    ]);
    expect(JSON.stringify(result?.content)).not.toContain(base64.slice(0, 64));
  });

  it('leaves base64 out of other JSON, shows JSON objects as text, a lone content item as content, and plain text as it is', () => {
    const base64 = base64Of(LOGIN);
    const hidden = resultOf(JSON.stringify({ png: base64, url: LOGIN_URL, ok: true }));
    expect(JSON.stringify(hidden?.content)).not.toContain(base64.slice(0, 64));
    expect(JSON.stringify(hidden?.content)).toContain(`[${base64.length} characters of base64 data]`);
    expect(JSON.stringify(hidden?.content)).toContain(`[${LOGIN_URL.length} characters of base64 data]`);
    expect(resultOf({ answer: 42 })?.content).toEqual([{ type: 'text', text: '{\n  "answer": 42\n}' }]);
    expect(resultOf({ type: 'input_text', text: 'one item' })?.content).toEqual([{ type: 'text', text: 'one item' }]);
    expect(resultOf('{"not": "base64"}')?.content).toEqual([{ type: 'text', text: '{"not": "base64"}' }]);
    expect(resultOf(null)?.content).toEqual([]);
  });

  it('a shell run encoded as JSON shows its output; a non-zero exit code, also in a plain-text header, is a failure', () => {
    const run = (exitCode: number) => JSON.stringify({ output: 'listing\n', metadata: { exit_code: exitCode, duration_seconds: 0.1 } });
    expect(resultOf(run(0))).toMatchObject({ outcome: 'ok', content: [{ type: 'text', text: 'listing\n' }] });
    expect(resultOf(run(2))).toMatchObject({ outcome: 'error', isError: true, content: [{ type: 'text', text: 'listing\n' }] });
    expect(resultOf('Exit code: 1\nWall time: 0.2 seconds\nOutput:\nboom')?.outcome).toBe('error');
    expect(resultOf('Process exited with code 0\nOutput:\nfine')?.outcome).toBe('ok');
    expect(resultOf('Exit code: 1 is what the docs call failure')?.outcome).toBe('ok');
  });
});

describe('conversationFromResponsesItems', () => {
  const user = { role: 'user', content: 'list files' };
  const call = { type: 'function_call', call_id: 'ls', name: 'shell', arguments: '{"command":["ls"]}' };
  const output = { type: 'function_call_output', call_id: 'ls', output: 'a.txt' };
  const reply = { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'One file.' }] };

  it('reads an array that grows by its new items only: unchanged items are the same objects, a settled call is a new item', () => {
    const before = conversationFromResponsesItems([user, call]);
    const after = conversationFromResponsesItems([user, call, output, reply]);
    expect(after.items.map(itemSummary)).toEqual(['user: list files', 'call ls shell ok', 'assistant: One file.']);
    expect(after.items[0]).toBe(before.items[0]);
    expect(after.items[1]).not.toBe(before.items[1]);
    expect(before.items.map(itemSummary)).toEqual(['user: list files', 'call ls shell running']);
    expect(conversationFromResponsesItems([user, call, output, reply])).toBe(after);
  });

  it('reads an array that does not extend the last one from the start', () => {
    conversationFromResponsesItems([user, call]);
    const other = conversationFromResponsesItems([user, reply]);
    expect(other.items.map(itemSummary)).toEqual(['user: list files', 'assistant: One file.']);
    expect(conversationFromResponsesItems([]).items).toEqual([]);
  });
});

describe('looksLikeResponsesItems', () => {
  it.each([
    ['a function call', [{ type: 'function_call', call_id: 'a', name: 'f', arguments: '{}' }]],
    ['a message with input_text', [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }]],
    ['an assistant message with output_text', [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hi' }] }]],
  ])('claims %s', (_name, value) => {
    expect(looksLikeResponsesItems(value)).toBe(true);
  });

  it.each([
    ['string messages alone (Anthropic Messages just as well)', [{ role: 'user', content: 'hi' }]],
    ['Anthropic content blocks', [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]],
    ['AI SDK UIMessages', [{ id: 'm', role: 'user', parts: [{ type: 'text', text: 'hi' }] }]],
    ['an array holding a non-object', [{ type: 'function_call' }, 1]],
    ['an empty array', []],
    ['an object', { type: 'function_call' }],
    ['null', null],
  ])('does not claim %s', (_name, value) => {
    expect(looksLikeResponsesItems(value)).toBe(false);
  });
});
