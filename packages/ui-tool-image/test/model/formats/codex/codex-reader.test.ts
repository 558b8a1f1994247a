import { describe, expect, it } from 'vitest';
import { explainImageCard, imageCardModel, toolRowModel, type ToolCallNode } from '../../../../src/model';
import { adaptedImageSource } from '../../../../src/model/adapted-image-source';
import { readCodexDocument } from '../../../../src/model/formats/codex/codex-reader';
import { callNodes, itemSummary, resultTexts, shownTexts } from '../conversation-summary';
import { base64Of, headerFixture, workspaceImage } from '../fixture-images';
import {
  assistantMessage,
  at,
  CWD,
  dataUrl,
  envelope,
  event,
  functionCall,
  functionOutput,
  inputImage,
  inputText,
  readLines,
  responseItem,
  sessionMeta,
  shellOutput,
  STARTED,
  turnContext,
  userMessage,
} from './rollout';

const GIF = workspaceImage('images/spinner.gif');
const LOGIN = workspaceImage('screenshots/login-screen.png');
const SMALL_PNG = headerFixture('rgb-37x23.png');

function snapshotOf(lines: readonly unknown[]) {
  return readLines(lines).snapshot();
}

function onlyCall(lines: readonly unknown[]): ToolCallNode {
  const { conversation, problems } = snapshotOf(lines);
  expect(problems).toEqual([]);
  const [node, ...rest] = callNodes(conversation.items);
  if (node === undefined || rest.length > 0) throw new Error('expected one call');
  return node;
}

/** One turn of a 0.5x session: the prompt and the reply twice (response_item + event_msg copy), a shell run. */
const TURN = [
  sessionMeta(),
  responseItem(userMessage(inputText('<environment_context>\n  <cwd>/home/dev/app</cwd>\n</environment_context>'))),
  responseItem(userMessage(inputText('List the files.')), 1),
  event({ type: 'user_message', message: 'List the files.', images: [] }, 1),
  turnContext('gpt-5.1-codex', 1),
  responseItem({ type: 'reasoning', summary: [{ type: 'summary_text', text: '**Listing**' }], content: null, encrypted_content: 'gAAAAENCRYPTED' }, 2),
  event({ type: 'agent_reasoning', text: '**Listing**' }, 2),
  responseItem(functionCall('call_1', 'shell', { command: ['bash', '-lc', 'ls'], workdir: CWD }), 3),
  responseItem(functionOutput('call_1', shellOutput('README.md\nsrc\n')), 4),
  event({ type: 'exec_command_end', call_id: 'call_1', stdout: 'README.md\nsrc\n', exit_code: 0 }, 4),
  event({ type: 'token_count', info: null }, 4),
  responseItem(assistantMessage('Two entries.'), 5),
  event({ type: 'agent_message', message: 'Two entries.' }, 5),
];

describe('CodexReader: the {timestamp, type, payload} envelope', () => {
  it('shows the prompt, the call and the reply once; event_msg copies, reasoning and turn contexts are counted', () => {
    const { conversation, problems, otherEvents } = snapshotOf(TURN);
    expect(problems).toEqual([]);
    expect(conversation.items.map(itemSummary)).toEqual(['user: List the files.', 'call call_1 shell ok', 'assistant: Two entries.']);
    expect(conversation.items.map((item) => item.line)).toEqual([3, 8, 12]);
    expect(otherEvents).toEqual([
      { type: 'event_msg/agent_message', count: 1 },
      { type: 'event_msg/agent_reasoning', count: 1 },
      { type: 'event_msg/exec_command_end', count: 1 },
      { type: 'event_msg/token_count', count: 1 },
      { type: 'event_msg/user_message', count: 1 },
      { type: 'response_item/message/harness-context', count: 1 },
      { type: 'response_item/reasoning', count: 1 },
      { type: 'turn_context', count: 1 },
    ]);
  });

  it('decodes the JSON-encoded shell output to its text; the node is origin codex with the raw arguments', () => {
    const [node] = callNodes(snapshotOf(TURN).conversation.items);
    expect(node).toMatchObject({
      origin: 'codex',
      kind: 'top-level',
      name: 'shell',
      argsRaw: JSON.stringify({ command: ['bash', '-lc', 'ls'], workdir: CWD }),
    });
    expect(node?.result).toMatchObject({ outcome: 'ok', content: [{ type: 'text', text: 'README.md\nsrc\n' }] });
  });

  it('never shows encrypted reasoning or its summary', () => {
    const shown = JSON.stringify(snapshotOf(TURN).conversation);
    expect(shown).not.toContain('ENCRYPTED');
    expect(shown).not.toContain('Listing');
  });

  it('reads the facts: cli_version, session id, cwd, model, provider, first and last timestamps', () => {
    expect(snapshotOf(TURN).facts).toEqual({
      version: '0.80.0',
      sessionId: 'session-1',
      cwd: CWD,
      model: 'gpt-5.1-codex',
      provider: 'openai',
      startedAt: Date.parse(STARTED),
      endedAt: Date.parse(at(5)),
    });
  });

  it('keeps the first session_meta (a fork lists its own before its parent’s) and the first model', () => {
    const parent = envelope('session_meta', { id: 'parent', cli_version: '0.1.0', cwd: '/elsewhere', model_provider: 'other' });
    const { facts } = snapshotOf([
      sessionMeta(),
      parent,
      turnContext('first-model'),
      turnContext('second-model'),
      { timestamp: '[trimmed for fixture]', type: 'world_state', payload: {} },
    ]);
    expect(facts).toMatchObject({
      sessionId: 'session-1',
      version: '0.80.0',
      cwd: CWD,
      provider: 'openai',
      model: 'first-model',
      endedAt: Date.parse(STARTED),
    });
  });

  it('a non-zero exit code fails the call, in the JSON encoding and in the plain-text header of newer builds', () => {
    const { conversation } = snapshotOf([
      responseItem(functionCall('a', 'shell', { command: ['false'] })),
      responseItem(functionOutput('a', shellOutput('', 1))),
      responseItem(functionCall('b', 'exec_command', { cmd: 'cat nope' })),
      responseItem(functionOutput('b', 'Process exited with code 1\nOutput:\ncat: nope: No such file or directory')),
      responseItem(functionCall('c', 'exec_command', { cmd: 'true' })),
      responseItem(functionOutput('c', 'Exit code: 0\nWall time: 0.1 seconds\nOutput:\n')),
    ]);
    expect(conversation.items.map(itemSummary)).toEqual(['call a shell error', 'call b exec_command error', 'call c exec_command ok']);
    const [, failed] = callNodes(conversation.items);
    expect(failed && toolRowModel(failed)).toMatchObject({ state: 'error', reason: 'Process exited with code 1' });
  });

  it('answers parallel calls by call_id whatever the order of their outputs; a call with no output keeps running', () => {
    const { conversation, problems } = snapshotOf([
      responseItem(functionCall('p1', 'shell', { command: ['ls', 'a'] })),
      responseItem(functionCall('p2', 'shell', { command: ['ls', 'b'] })),
      responseItem(functionCall('p3', 'shell', { command: ['sleep', '9'] })),
      responseItem(functionOutput('p2', shellOutput('b\n'))),
      responseItem(functionOutput('p1', shellOutput('a\n'))),
    ]);
    expect(problems).toEqual([]);
    expect(conversation.items.map(itemSummary)).toEqual(['call p1 shell ok', 'call p2 shell ok', 'call p3 shell running']);
    expect(callNodes(conversation.items).map(resultTexts)).toEqual([['a\n'], ['b\n'], []]);
  });

  it('answers a custom_tool_call (apply_patch) with its custom_tool_call_output', () => {
    const patch = '*** Begin Patch\n*** Update File: a.ts\n@@\n-old\n+new\n*** End Patch';
    const node = onlyCall([
      responseItem({ type: 'custom_tool_call', status: 'completed', call_id: 'patch', name: 'apply_patch', input: patch }),
      responseItem({
        type: 'custom_tool_call_output',
        call_id: 'patch',
        output: JSON.stringify({ output: 'Success. Updated a.ts\n', metadata: { exit_code: 0 } }),
      }),
    ]);
    expect(node).toMatchObject({ name: 'apply_patch', argsRaw: patch, status: 'settled' });
    expect(resultTexts(node)).toEqual(['Success. Updated a.ts\n']);
  });

  it('reports an output with no call at its line, shown as a settled node with no name', () => {
    const { conversation, problems } = snapshotOf([sessionMeta(), responseItem(functionOutput('gone', 'late output'))]);
    expect(problems).toEqual([{ line: 2, message: 'result for call gone, which has no call before it' }]);
    expect(conversation.problems).toEqual([{ eventIndex: 1, message: 'result for call gone, which has no call before it' }]);
    expect(callNodes(conversation.items)).toMatchObject([{ callId: 'gone', name: null, argsRaw: null, status: 'settled', origin: 'codex' }]);
  });

  it('counts compacted (its replacement_history is not replayed), world_state, inter-agent lines and unknown line types', () => {
    const { conversation, otherEvents, problems } = snapshotOf([
      responseItem(userMessage(inputText('first prompt'), inputImage(dataUrl(GIF, 'image/gif')))),
      envelope('compacted', { message: 'summary', replacement_history: [userMessage(inputText('first prompt'), inputImage(dataUrl(GIF, 'image/gif')))] }),
      envelope('world_state', { full: true, state: {} }),
      envelope('inter_agent_communication', { text: 'hi' }),
      envelope('inter_agent_communication_metadata', { trigger_turn: false }),
      envelope('brand_new_line_type', { anything: 1 }),
      responseItem({ type: 'ghost_snapshot', ghost_commit: { id: 'abc' } }),
      responseItem({ type: 'compaction', encrypted_content: 'gAAAA' }),
    ]);
    expect(problems).toEqual([]);
    expect(conversation.items.map(itemSummary)).toEqual(['user: first prompt | images(image/gif inline)']);
    expect(otherEvents.map(({ type }) => type).sort()).toEqual([
      'brand_new_line_type',
      'compacted',
      'inter_agent_communication',
      'inter_agent_communication_metadata',
      'response_item/compaction',
      'response_item/ghost_snapshot',
      'world_state',
    ]);
  });

  it('reports lines of a broken shape: not an object, a read line type without a payload object', () => {
    const { problems, conversation } = snapshotOf([[1, 2], 'text', envelope('response_item', 'oops'), envelope('session_meta', null), { type: 'message' }]);
    expect(conversation.items).toEqual([]);
    expect(problems).toEqual([
      { line: 1, message: 'line is not a JSON object' },
      { line: 2, message: 'line is not a JSON object' },
      { line: 3, message: 'response_item line without a "payload" object' },
      { line: 4, message: 'session_meta line without a "payload" object' },
      { line: 5, message: 'message without a "role"' },
    ]);
  });
});

describe('CodexReader: how long a call took', () => {
  const callTimes = (reader: ReturnType<typeof readLines>) =>
    reader.snapshot().conversation.items.flatMap((item) => (item.kind === 'call' ? [{ startedAt: item.startedAt, endedAt: item.endedAt }] : []));
  const started = Date.parse(at(1));

  it('is what its exec_command_end measured, whether that comes before or after the output, not when the output was written', () => {
    const before = readLines([
      responseItem(functionCall('call_a', 'shell', { command: ['ls'] }), 1),
      event({ type: 'exec_command_end', call_id: 'call_a', exit_code: 0, duration: { secs: 2, nanos: 500_000_000 } }, 4),
      responseItem(functionOutput('call_a', 'done'), 4),
    ]);
    const after = readLines([
      responseItem(functionCall('call_b', 'shell', { command: ['ls'] }), 1),
      responseItem(functionOutput('call_b', 'done'), 4),
      event({ type: 'mcp_tool_call_end', call_id: 'call_b', duration: { secs: 0, nanos: 4_000_000 } }, 4),
    ]);
    expect(callTimes(before)).toEqual([{ startedAt: started, endedAt: started + 2500 }]);
    expect(callTimes(after)).toEqual([{ startedAt: started, endedAt: started + 4 }]);
  });

  it('is a 0.5x shell output’s duration_seconds; without a measure, when the output was written', () => {
    const measured = readLines([
      responseItem(functionCall('call_a', 'shell', { command: ['ls'] }), 1),
      responseItem(functionOutput('call_a', shellOutput('x')), 3),
    ]);
    expect(callTimes(measured)).toEqual([{ startedAt: started, endedAt: started + 100 }]);
    const unmeasured = readLines([
      responseItem(functionCall('call_a', 'shell', { command: ['ls'] }), 1),
      event({ type: 'exec_command_end', call_id: 'call_a', duration: 'soon' }, 2),
      event({ type: 'exec_command_end', call_id: 'other', duration: { secs: 9, nanos: 0 } }, 2),
      responseItem(functionOutput('call_a', 'plain text'), 3),
    ]);
    expect(callTimes(unmeasured)).toEqual([{ startedAt: started, endedAt: Date.parse(at(3)) }]);
  });
});

describe('CodexReader: harness text in the user role', () => {
  it('counts the harness’s own context (environment, AGENTS.md, user instructions) instead of showing it as a prompt', () => {
    const { conversation, otherEvents } = snapshotOf([
      responseItem(userMessage(inputText('# AGENTS.md instructions for /home/dev/app\n\n<INSTRUCTIONS>\nBe brief.\n</INSTRUCTIONS>'))),
      responseItem(userMessage(inputText('<user_instructions>\nAlways test.\n</user_instructions>'))),
      responseItem(userMessage(inputText('  <environment_context>\n</environment_context>'))),
      responseItem(userMessage(inputText('Why does <environment_context> appear in my logs?'))),
    ]);
    expect(conversation.items.map(itemSummary)).toEqual(['user: Why does <environment_context> appear in my logs?']);
    expect(otherEvents).toEqual([{ type: 'response_item/message/harness-context', count: 3 }]);
  });

  it('shows harness context that carries an image, as context, so no image is lost', () => {
    const { conversation } = snapshotOf([
      responseItem(userMessage(inputText('<environment_context>screen</environment_context>'), inputImage(dataUrl(GIF, 'image/gif')))),
    ]);
    expect(conversation.items.map(itemSummary)).toEqual(['context: <environment_context>screen</environment_context> | images(image/gif inline)']);
  });
});

describe('CodexReader: images', () => {
  it('shows a user-attached image (data URL) in place, without the <image name=[Image #N]> wrapper text', () => {
    const { conversation } = snapshotOf([
      responseItem(
        userMessage(
          inputText('<image name=[Image #1]>'),
          inputImage(dataUrl(LOGIN, 'image/png')),
          inputText('</image>'),
          inputText('<image name=[Image #2]>'),
          inputImage(dataUrl(SMALL_PNG, 'image/png')),
          inputText('</image>'),
          inputText('What is wrong with [Image #1] and [Image #2]?'),
        ),
      ),
    ]);
    expect(conversation.items.map(itemSummary)).toEqual(['user: images(image/png inline, image/png inline) | What is wrong with [Image #1] and [Image #2]?']);
    const [message] = conversation.items;
    const images = message?.kind === 'message' && message.parts[0]?.kind === 'images' ? message.parts[0].images : [];
    expect(images.map(({ attachment }) => [attachment.attachmentId.slice(0, 14), attachment.width, attachment.height])).toEqual([
      ['inline:sha256:', 640, 400],
      ['inline:sha256:', 37, 23],
    ]);
  });

  it('shows images older builds appended after the prompt, and a file Codex could not read as its text', () => {
    const { conversation } = snapshotOf([
      responseItem(userMessage(inputText('Compare these'), inputImage(dataUrl(GIF, 'image/gif')))),
      responseItem(userMessage(inputText('Codex could not read the local image at `/tmp/x.png`: No such file'), inputText('And this?'))),
    ]);
    expect(conversation.items.map(itemSummary)).toEqual([
      'user: Compare these | images(image/gif inline)',
      'user: Codex could not read the local image at `/tmp/x.png`: No such file | And this?',
    ]);
  });

  it('shows null image URLs as placeholders, https: and file: images as links for the app’s loader, and never throws on odd URLs', () => {
    const { conversation, problems } = snapshotOf([
      responseItem(
        userMessage(
          inputImage(null),
          inputImage('https://cdn.example/shot.png'),
          inputImage('file:///Users/dev/Desktop/shot.jpeg'),
          inputImage('https://cdn.example/render?id=7'),
          inputImage('data:image/png;base64,bm90IGFuIGltYWdl'),
          inputImage('data:image/png;base64'),
          inputImage({ weird: true }),
          inputText('see'),
        ),
      ),
      responseItem({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Seen.' }, inputImage(null)] }),
    ]);
    expect(problems).toEqual([]);
    expect(conversation.items.map(itemSummary)).toEqual([
      'user: [image not in the log] | images(image/png link, image/jpeg link) | [image at https://cdn.example/render?id=7] | [image that could not be read: image/png] | [image that could not be read] | [image not in the log] | see',
      'assistant: Seen. | [image not in the log]',
    ]);
    const [message] = conversation.items;
    const links = message?.kind === 'message' && message.parts[1]?.kind === 'images' ? message.parts[1].images : [];
    expect(links.map(({ attachment }) => [attachment.attachmentId, adaptedImageSource(attachment)?.kind])).toEqual([
      ['https://cdn.example/shot.png', 'link'],
      ['file:///Users/dev/Desktop/shot.jpeg', 'link'],
    ]);
  });

  it('view_image (2026): the output array’s input_image is the card, labelled from the path argument', () => {
    const node = onlyCall([
      responseItem(functionCall('v1', 'view_image', { path: `${CWD}/shots/login.png` })),
      event({ type: 'view_image_tool_call', call_id: 'v1', path: `${CWD}/shots/login.png` }),
      responseItem(functionOutput('v1', [{ type: 'input_image', image_url: dataUrl(LOGIN, 'image/png'), detail: 'original' }])),
    ]);
    expect(explainImageCard(node, { cwd: CWD })).toMatchObject({
      labelFrom: 'argument',
      card: { label: 'shots/login.png', images: [{ attachment: { mediaType: 'image/png', width: 640, height: 400 } }] },
    });
  });

  it('view_image (2025): the picture in the separate user message after "attached local image path" belongs to the call’s card', () => {
    const reader = readLines([
      responseItem(functionCall('v1', 'view_image', { path: `${CWD}/a.gif` })),
      responseItem(functionCall('v2', 'view_image', { path: `${CWD}/b.png` })),
      responseItem(functionOutput('v1', 'attached local image path')),
      responseItem(functionOutput('v2', 'attached local image path')),
    ]);
    const before = reader.snapshot();
    readLines(
      [responseItem(userMessage(inputImage(dataUrl(GIF, 'image/gif')))), responseItem(userMessage(inputImage(dataUrl(LOGIN, 'image/png'))))],
      reader,
      5,
    );
    const { conversation, problems } = reader.snapshot();
    expect(problems).toEqual([]);
    expect(conversation.items.map(itemSummary)).toEqual(['call v1 view_image ok', 'call v2 view_image ok']);
    const [first, second] = callNodes(conversation.items);
    expect(first && imageCardModel(first, { cwd: CWD })).toMatchObject({
      label: 'a.gif',
      text: 'attached local image path',
      images: [{ attachment: { mediaType: 'image/gif' } }],
    });
    expect(second && imageCardModel(second, { cwd: CWD })).toMatchObject({ label: 'b.png', images: [{ attachment: { mediaType: 'image/png' } }] });
    expect(conversation.items[0]).not.toBe(before.conversation.items[0]);
  });

  it('view_image (2025): a lone image after the model answered again is the user’s own', () => {
    const { conversation } = snapshotOf([
      responseItem(functionCall('v1', 'view_image', { path: 'a.gif' })),
      responseItem(functionOutput('v1', 'attached local image path')),
      responseItem(assistantMessage('I could not see it.')),
      responseItem(userMessage(inputImage(dataUrl(GIF, 'image/gif')))),
    ]);
    expect(conversation.items.map(itemSummary)).toEqual(['call v1 view_image ok', 'assistant: I could not see it.', 'user: images(image/gif inline)']);
  });

  it('shows an MCP output mixing text and images, in the output array and stringified by older builds', () => {
    const screenshot = [inputText('Page loaded'), { type: 'input_image', image_url: dataUrl(LOGIN, 'image/png') }, inputText('2 errors in console')];
    const stringified = JSON.stringify({
      content: [
        { type: 'text', text: 'Page loaded' },
        { type: 'image', data: base64Of(GIF), mimeType: 'image/gif' },
      ],
    });
    const { conversation } = snapshotOf([
      responseItem(functionCall('m1', 'playwright__browser_take_screenshot', {})),
      responseItem(functionOutput('m1', screenshot)),
      responseItem(functionCall('m2', 'playwright__browser_take_screenshot', {})),
      responseItem(functionOutput('m2', stringified)),
    ]);
    const [array, text] = callNodes(conversation.items);
    expect(array && imageCardModel(array)).toMatchObject({
      label: 'playwright__browser_take_screenshot',
      text: 'Page loaded\n2 errors in console',
      images: [{ attachment: { width: 640 } }],
    });
    expect(text && imageCardModel(text)).toMatchObject({ text: 'Page loaded', images: [{ attachment: { mediaType: 'image/gif' } }] });
    expect(shownTexts(conversation.items).join('\n')).not.toContain(base64Of(GIF).slice(0, 40));
  });

  it('shows an image_generation_call’s raw base64 result as the image of a node named image_generation', () => {
    const { conversation, otherEvents } = snapshotOf([
      responseItem({ type: 'image_generation_call', id: 'ig_1', status: 'completed', revised_prompt: 'a small icon', result: base64Of(SMALL_PNG) }),
      event({
        type: 'image_generation_end',
        call_id: 'ig_1',
        status: 'completed',
        revised_prompt: 'a small icon',
        result: base64Of(SMALL_PNG),
        saved_path: '/tmp/ig_1.png',
      }),
    ]);
    const [node] = callNodes(conversation.items);
    expect(node).toMatchObject({ callId: 'ig_1', name: 'image_generation', origin: 'codex', status: 'settled' });
    expect(node && imageCardModel(node)).toMatchObject({ label: 'image_generation', images: [{ attachment: { width: 37, height: 23 } }] });
    expect(otherEvents).toEqual([{ type: 'event_msg/image_generation_end', count: 1 }]);
  });
});

describe('CodexReader: the bare 2025 era and the TypeScript CLI document', () => {
  it('reads the {id, timestamp, instructions, git} header as facts, then bare ResponseItems; state markers are counted', () => {
    const { conversation, facts, otherEvents, problems } = snapshotOf([
      { id: 'bare-session', timestamp: STARTED, instructions: 'You are Codex.', git: { commit_hash: 'abc' } },
      { record_type: 'state' },
      userMessage(inputText('<user_instructions>\nbe nice\n</user_instructions>')),
      userMessage(inputText('Fix the build.')),
      { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAA' },
      { type: 'local_shell_call', call_id: 'sh1', status: 'completed', action: { type: 'exec', command: ['make'] } },
      functionOutput('sh1', shellOutput('ok\n')),
      { record_type: 'state' },
      assistantMessage('Fixed.'),
    ]);
    expect(problems).toEqual([]);
    expect(facts).toEqual({ sessionId: 'bare-session', startedAt: Date.parse(STARTED), endedAt: Date.parse(STARTED) });
    expect(conversation.items.map(itemSummary)).toEqual(['user: Fix the build.', 'call sh1 local_shell ok', 'assistant: Fixed.']);
    expect(JSON.stringify(conversation)).not.toContain('You are Codex.');
    expect(otherEvents).toEqual([
      { type: 'record_type/state', count: 2 },
      { type: 'response_item/message/harness-context', count: 1 },
      { type: 'response_item/reasoning', count: 1 },
    ]);
  });

  it('reads a {session, items} document, each item at its position', () => {
    const snapshot = readCodexDocument({
      session: { timestamp: STARTED, id: 'ts-cli', instructions: '' },
      items: [
        userMessage(inputText('Add a test')),
        functionCall('c1', 'shell', { command: ['npm', 'test'] }),
        functionOutput('c1', shellOutput('1 failing\n', 1)),
        assistantMessage('It fails.'),
        functionOutput('c9', 'stray'),
      ],
    });
    expect(snapshot.facts).toEqual({ sessionId: 'ts-cli', startedAt: Date.parse(STARTED), endedAt: Date.parse(STARTED) });
    expect(snapshot.conversation.items.map(itemSummary)).toEqual(['user: Add a test', 'call c1 shell error', 'assistant: It fails.', 'call c9 null ok']);
    expect(snapshot.conversation.items.map((item) => item.line)).toEqual([1, 2, 4, 5]);
    expect(snapshot.problems).toEqual([{ line: 5, message: 'result for call c9, which has no call before it' }]);
  });

  it('reports a value that is not such a document', () => {
    expect(readCodexDocument({ items: [] }).problems).toEqual([{ line: 1, message: 'not a Codex session document ({session, items})' }]);
  });
});

describe('CodexReader: snapshots of a growing rollout', () => {
  it('gives the previous snapshot back when nothing was read, and keeps unchanged items the same objects', () => {
    const reader = readLines(TURN.slice(0, 8));
    const first = reader.snapshot();
    expect(reader.snapshot()).toBe(first);

    readLines([event({ type: 'token_count', info: null }, 3)], reader, 9);
    const counted = reader.snapshot();
    expect(counted.conversation).toBe(first.conversation);
    expect(counted.otherEvents).not.toBe(first.otherEvents);

    readLines(TURN.slice(8), reader, 10);
    const settled = reader.snapshot();
    expect(settled.conversation.items[0]).toBe(first.conversation.items[0]);
    expect(settled.conversation.items[1]).not.toBe(first.conversation.items[1]);
    expect(settled.conversation.items.map(itemSummary)).toEqual(['user: List the files.', 'call call_1 shell ok', 'assistant: Two entries.']);
    expect(first.conversation.items.map(itemSummary)).toEqual(['user: List the files.', 'call call_1 shell running']);
  });
});
