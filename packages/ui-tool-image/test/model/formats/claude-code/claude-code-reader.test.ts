import { describe, expect, it } from 'vitest';
import { explainImageCard, imageCardModel, toolRowModel, type ConversationItem, type MessagePart } from '../../../../src/model';
import { ClaudeCodeReader } from '../../../../src/model/formats/claude-code/claude-code-reader';
import { looksLikeClaudeCodeLine } from '../../../../src/model/formats/claude-code/claude-code-detection';
import { base64Of, workspaceImage } from '../fixture-images';
import { base64Image, callNodes, feed, outline, replay, SESSION_CWD, SESSION_ID, text, toolUse, TranscriptWriter } from './transcript';

const LOGIN = workspaceImage('screenshots/login-screen.png');
const GIF = workspaceImage('images/spinner.gif');

function onlyCall(lines: readonly unknown[]) {
  const snapshot = replay(lines);
  expect(snapshot.problems).toEqual([]);
  const [node, ...rest] = callNodes(snapshot);
  if (node === undefined || rest.length > 0) throw new Error('expected one call');
  return { node, snapshot };
}

function messages(items: readonly ConversationItem[]) {
  return items.flatMap((item) => (item.kind === 'message' ? [item] : []));
}

function imageIds(parts: readonly MessagePart[]): string[] {
  return parts.flatMap((part) => (part.kind === 'images' ? part.images.map(({ attachment }) => attachment.attachmentId) : []));
}

describe('ClaudeCodeReader: calls and their results', () => {
  it('reads the lines of one reply (same message.id) as one message split around its calls, and pairs parallel results out of order', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([
      t.user('Look at the config, and list the files.'),
      t.assistant('msg_1', { type: 'thinking', thinking: 'Two things to do.', signature: 'sig' }),
      t.assistant('msg_1', text('Reading it now.')),
      t.assistant('msg_1', text('Both at once.')),
      t.assistant('msg_1', toolUse('toolu_a', 'Read', { file_path: `${SESSION_CWD}/config.json` })),
      t.assistant('msg_1', toolUse('toolu_b', 'Bash', { command: 'ls' })),
      t.result('toolu_b', 'config.json\nsrc'),
      t.result('toolu_a', '     1→{}'),
      t.assistant('msg_2', text('Done.')),
    ]);
    expect(snapshot.problems).toEqual([]);
    expect(outline(snapshot.conversation.items)).toEqual(['user text', 'assistant text+text', 'call Read settled', 'call Bash settled', 'assistant text']);
    expect(messages(snapshot.conversation.items).map(({ key, line }) => [key, line])).toEqual([
      [expect.any(String) as string, 1],
      ['msg_1:0', 3],
      ['msg_2:0', 9],
    ]);
    const [read, bash] = callNodes(snapshot);
    expect(read).toMatchObject({ callId: 'toolu_a', origin: 'claude-code', kind: 'top-level', firstEventIndex: 4, result: { content: [text('     1→{}')] } });
    expect(bash?.result?.content).toEqual([text('config.json\nsrc')]);
    expect(snapshot.otherEvents).toEqual([{ type: 'thinking', count: 1 }]);
  });

  it('a reply continued after a call is a new segment of the same message', () => {
    const t = new TranscriptWriter();
    const { items } = replay([
      t.assistant('msg_1', text('First.')),
      t.assistant('msg_1', toolUse('toolu_1', 'Glob', { pattern: '*.ts' })),
      t.assistant('msg_1', text('Then.')),
    ]).conversation;
    expect(items.map((item) => (item.kind === 'message' ? item.key : item.node.callId))).toEqual(['msg_1:0', 'toolu_1', 'msg_1:1']);
  });

  it('a call with no result is running (not finished)', () => {
    const t = new TranscriptWriter();
    const { node } = onlyCall([t.assistant('msg_1', toolUse('toolu_1', 'Bash', { command: 'sleep 100' }))]);
    expect(node.status).toBe('running');
    expect(toolRowModel(node).state).toBe('running');
  });

  it('is_error: true fails the call, with the error text as the reason', () => {
    const t = new TranscriptWriter();
    const { node } = onlyCall([
      t.assistant('msg_1', toolUse('toolu_1', 'Edit', { file_path: '/x' })),
      t.result('toolu_1', 'File has not been read yet.', { isError: true, toolUseResult: 'Error: File has not been read yet.' }),
    ]);
    expect(node.result).toMatchObject({ isError: true, outcome: 'error' });
    expect(toolRowModel(node)).toMatchObject({ state: 'error', reason: 'File has not been read yet.' });
  });

  it('the <tool_use_error> tag Claude Code wraps a failure in is not part of the reason; a successful result keeps its text as written', () => {
    const t = new TranscriptWriter();
    const failed = onlyCall([
      t.assistant('msg_1', toolUse('toolu_1', 'Read', { file_path: '/home/qa/project/missing.png' })),
      t.result('toolu_1', '<tool_use_error>File does not exist.</tool_use_error>', { isError: true }),
    ]);
    expect(toolRowModel(failed.node)).toMatchObject({ state: 'error', reason: 'File does not exist.' });
    const t2 = new TranscriptWriter();
    const ok = onlyCall([
      t2.assistant('msg_1', toolUse('toolu_1', 'Bash', { command: 'cat notes.xml' })),
      t2.result('toolu_1', [text('<tool_use_error>quoted</tool_use_error>')]),
    ]);
    expect(ok.node.result?.content).toEqual([{ type: 'text', text: '<tool_use_error>quoted</tool_use_error>' }]);
  });

  it('a result with no call is a problem on its line and a settled call with no name', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([t.user('hi'), t.result('toolu_lost', 'orphaned output')]);
    expect(snapshot.problems).toEqual([{ line: 2, message: 'result for call toolu_lost, whose tool_use is not in the log' }]);
    expect(snapshot.conversation.problems).toEqual([{ eventIndex: 1, message: 'result for call toolu_lost, whose tool_use is not in the log' }]);
    expect(callNodes(snapshot)[0]).toMatchObject({ callId: 'toolu_lost', name: null, argsRaw: null, status: 'settled' });
  });

  it('a result read before its call pairs once the call comes, and is no longer a problem', () => {
    const t = new TranscriptWriter();
    const call = t.assistant('msg_1', toolUse('toolu_1', 'Grep', { pattern: 'x' }));
    const result = t.result('toolu_1', 'src/a.ts');
    const reader = feed([result]);
    expect(reader.snapshot().problems).toHaveLength(1);
    feed([call], reader, 2);
    const snapshot = reader.snapshot();
    expect(snapshot.problems).toEqual([]);
    expect(callNodes(snapshot)).toEqual([expect.objectContaining({ callId: 'toolu_1', name: 'Grep', argsRaw: '{"pattern":"x"}', status: 'settled' })]);
  });

  it('reports a repeated call id, a second result and blocks with no id, and keeps going', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([
      t.assistant('msg_1', toolUse('toolu_1', 'Bash', {})),
      t.assistant('msg_2', toolUse('toolu_1', 'Bash', {})),
      t.result('toolu_1', 'one'),
      t.result('toolu_1', 'two'),
      t.assistant('msg_3', { type: 'tool_use', name: 'Bash', input: {} }),
      t.user([{ type: 'tool_result', content: 'no id' }]),
    ]);
    expect(snapshot.problems).toEqual([
      { line: 2, message: 'repeated call id toolu_1 (ignored)' },
      { line: 4, message: 'second result for call toolu_1 (ignored)' },
      { line: 5, message: 'tool_use without an "id" (ignored)' },
      { line: 6, message: 'tool_result without a "tool_use_id" (ignored)' },
    ]);
    expect(callNodes(snapshot).map((node) => node.result?.content)).toEqual([[text('one')]]);
  });
});

describe('ClaudeCodeReader: images from every place a transcript keeps them', () => {
  it('Read of a PNG: the bytes stored twice (tool_result and toolUseResult.file.base64) show once, labelled from file_path relative to cwd', () => {
    const t = new TranscriptWriter();
    const { node, snapshot } = onlyCall([
      t.assistant('msg_1', toolUse('toolu_1', 'Read', { file_path: `${SESSION_CWD}/screenshots/login-screen.png` })),
      t.result('toolu_1', [base64Image(base64Of(LOGIN), null)], {
        toolUseResult: { type: 'image', file: { base64: base64Of(LOGIN), type: 'image/png', originalSize: LOGIN.length } },
      }),
    ]);
    expect(node).toMatchObject({ name: 'Read', origin: 'claude-code' });
    expect(snapshot.facts.cwd).toBe(SESSION_CWD);
    const explanation = explainImageCard(node, { cwd: snapshot.facts.cwd ?? '' });
    expect(explanation).toMatchObject({ labelFrom: 'argument', card: { label: 'screenshots/login-screen.png' } });
    const card = imageCardModel(node, { cwd: SESSION_CWD });
    // No media_type in the block: the header decides.
    expect(card?.images.map(({ attachment }) => [attachment.mediaType, attachment.width, attachment.height])).toEqual([['image/png', 640, 400]]);
  });

  it('an image only in toolUseResult.file.base64 is shown', () => {
    const t = new TranscriptWriter();
    const { node } = onlyCall([
      t.assistant('msg_1', toolUse('toolu_1', 'Read', { file_path: `${SESSION_CWD}/spinner.gif` })),
      t.result('toolu_1', [text('[image]')], { toolUseResult: { type: 'image', file: { base64: base64Of(GIF), type: 'image/gif' } } }),
    ]);
    expect(imageCardModel(node, { cwd: SESSION_CWD })).toMatchObject({
      label: 'spinner.gif',
      text: '[image]',
      images: [{ attachment: { mediaType: 'image/gif' } }],
    });
  });

  it('an MCP screenshot tool ([text, image]) gets the card labelled with its tool name', () => {
    const t = new TranscriptWriter();
    const content = [text('Took a screenshot of the page.'), base64Image(base64Of(LOGIN))];
    const { node } = onlyCall([
      t.assistant('msg_1', toolUse('toolu_1', 'mcp__playwright__browser_take_screenshot', {})),
      t.result('toolu_1', content, { toolUseResult: content }),
    ]);
    expect(explainImageCard(node)).toMatchObject({ labelFrom: 'tool-name', card: { label: 'mcp__playwright__browser_take_screenshot', images: [{}] } });
  });

  it('pasted images in a prompt, image first (1.0.x–2.0.5) or between text blocks (2.0.55), in place', () => {
    const t = new TranscriptWriter();
    const { items } = replay([
      t.user([base64Image(base64Of(LOGIN)), text('What is wrong here?\n\n[Image #1]')]),
      t.user([text('<ide_selection>a.ts</ide_selection>'), base64Image(base64Of(LOGIN)), base64Image(base64Of(GIF), 'image/gif'), text('And these?')], {
        imagePasteIds: [1, 2],
      }),
    ]).conversation;
    expect(outline(items)).toEqual(['user images+text', 'context text', 'user images+text']);
    const [first, , second] = messages(items);
    expect(imageIds(second?.parts ?? [])).toHaveLength(2);
    // The same bytes pasted twice share one content address: one load.
    expect(imageIds(first?.parts ?? [])[0]).toBe(imageIds(second?.parts ?? [])[0]);
  });

  it('the IDE’s state and reminders Claude Code adds to a prompt are a context message of their own, before the words the user typed', () => {
    const t = new TranscriptWriter();
    const opened = '<ide_opened_file>The user opened the file /repo/a.ts in the IDE.</ide_opened_file>';
    const { items } = replay([
      t.user([text(opened), text('fix the header')]),
      t.user('<system-reminder>\nThe date changed.\n</system-reminder>'),
      t.user([text('<b>bold</b> is what I typed'), text('<ide_selection>x</ide_selection> and this too')]),
    ]).conversation;
    expect(outline(items)).toEqual(['context text', 'user text', 'context text', 'user text+text']);
    expect(messages(items).map((message) => message.parts.map((part) => (part.kind === 'text' ? part.text : part.kind)))).toEqual([
      [opened],
      ['fix the header'],
      ['<system-reminder>\nThe date changed.\n</system-reminder>'],
      ['<b>bold</b> is what I typed', '<ide_selection>x</ide_selection> and this too'],
    ]);
  });

  it('an @-mentioned image file (attachment line) is context for the model, named by its display path', () => {
    const t = new TranscriptWriter();
    const { items } = replay([
      t.line('attachment', {
        attachment: {
          type: 'file',
          filename: `${SESSION_CWD}/assets/spinner.gif`,
          displayPath: 'assets/spinner.gif',
          content: { type: 'image', file: { base64: base64Of(GIF), type: 'image/gif', originalSize: GIF.length } },
        },
      }),
      t.line('attachment', { attachment: { type: 'file', filename: 'README.md', content: { type: 'text', file: { content: '# hi' } } } }),
    ]).conversation;
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'message',
        role: 'context',
        parts: [{ kind: 'images', images: [{ attachment: expect.objectContaining({ name: 'assets/spinner.gif' }) as unknown }] }],
      }),
    ]);
  });

  it('a prompt queued while the agent worked shows with its images; a queued notification is context', () => {
    const t = new TranscriptWriter();
    const { items } = replay([
      t.line('attachment', {
        attachment: { type: 'queued_command', commandMode: 'prompt', prompt: [text('Also this one'), base64Image(base64Of(GIF), 'image/gif')] },
      }),
      t.line('attachment', { attachment: { type: 'queued_command', commandMode: 'task-notification', prompt: '<task-notification>done</task-notification>' } }),
    ]).conversation;
    expect(outline(items)).toEqual(['user text+images', 'context text']);
  });

  it('garbage in image fields becomes placeholder text, never a throw', () => {
    const t = new TranscriptWriter();
    const { items } = replay([
      t.user([
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'not base64 at all!' } },
        { type: 'image', source: { type: 'base64', data: 42 } },
        { type: 'image', source: 'nope' },
        { type: 'image', source: { type: 'url', url: 'javascript:alert(1)' } },
        { type: 'image' },
      ]),
    ]).conversation;
    expect(messages(items)[0]?.parts).toEqual([
      { kind: 'text', text: '[image that could not be read: image/png]' },
      { kind: 'text', text: '[image that could not be read]' },
      { kind: 'text', text: '[image that could not be read]' },
      { kind: 'text', text: '[link: javascript:alert(1)]' },
      { kind: 'text', text: '[image that could not be read]' },
    ]);
  });
});

describe('ClaudeCodeReader: what is not a message', () => {
  it('counts meta lines, thinking, snapshots, summaries, queue bookkeeping, progress, titles, system lines and unknown types; none is a problem', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([
      { type: 'summary', summary: 'Refactoring the timeline', leafUuid: 'u-9' },
      { type: 'file-history-snapshot', messageId: 'm-1', snapshot: { trackedFileBackups: {} }, isSnapshotUpdate: false },
      t.user('Caveat: the messages below were generated by the user while running local commands.', { isMeta: true }),
      t.user('[Image: source: /home/qa/.claude/image-cache/s/1.png]', { isMeta: true }),
      t.line('queue-operation', { operation: 'enqueue', content: 'also this' }),
      t.line('queue-operation', { operation: 'remove', content: null }),
      t.line('progress', { data: { type: 'hook_progress' } }),
      t.line('custom-title', { customTitle: 'Timeline' }),
      t.line('last-prompt', { lastPrompt: 'go' }),
      t.line('system', { content: 'Running PostToolUse hook…', level: 'info', subtype: 'stop_hook_summary' }),
      t.line('attachment', { attachment: { type: 'hook_success', content: 'ok' } }),
      t.line('a-type-from-the-future', { whatever: true }),
      t.assistant('msg_1', { type: 'redacted_thinking', data: 'opaque' }),
      t.assistant('msg_1', { type: 'thinking', thinking: 'hmm', signature: 's' }),
    ]);
    expect(snapshot.problems).toEqual([]);
    expect(snapshot.conversation.items).toEqual([]);
    expect(Object.fromEntries(snapshot.otherEvents.map(({ type, count }) => [type, count]))).toEqual({
      summary: 1,
      'file-history-snapshot': 1,
      meta: 2,
      'queue-operation': 2,
      progress: 1,
      'custom-title': 1,
      'last-prompt': 1,
      system: 1,
      attachment: 1,
      'a-type-from-the-future': 1,
      redacted_thinking: 1,
      thinking: 1,
    });
    expect(snapshot.otherEvents[0]).toEqual({ type: 'meta', count: 2 });
  });

  it('a user line holding only tool_result blocks is not a user message', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([t.assistant('msg_1', toolUse('toolu_1', 'Bash', {})), t.result('toolu_1', 'ok')]);
    expect(outline(snapshot.conversation.items)).toEqual(['call Bash settled']);
  });

  it('a repeated line (same uuid) is read once', () => {
    const t = new TranscriptWriter();
    const line = t.user('only once');
    const snapshot = replay([line, line]);
    expect(outline(snapshot.conversation.items)).toEqual(['user text']);
    expect(snapshot.otherEvents).toEqual([{ type: 'duplicate line', count: 1 }]);
  });

  it('reports lines that are not Claude Code records', () => {
    const t = new TranscriptWriter();
    const snapshot = replay([[1, 2], 'text', { no: 'type' }, t.line('user', {}), t.line('assistant', { message: 'hello' }), t.user(42)]);
    expect(snapshot.problems).toEqual([
      { line: 1, message: 'line is not a JSON object' },
      { line: 2, message: 'line is not a JSON object' },
      { line: 3, message: 'line has no string "type"' },
      { line: 4, message: 'user line has no "message" object' },
      { line: 5, message: 'assistant line has no "message" object' },
      { line: 6, message: 'message "content" is neither a string nor a list of blocks' },
    ]);
  });
});

describe('ClaudeCodeReader: facts', () => {
  it('takes version, session id, cwd and model from the lines, and the time span from their timestamps in any order', () => {
    const t = new TranscriptWriter();
    const lines = [t.user('a'), t.assistant('msg_1', text('b')), t.line('system', { content: 'c', level: 'info' })];
    const early = { ...t.user('d'), timestamp: '2025-10-01T11:00:00.000Z' };
    const synthetic = t.assistant('msg_2', text('API Error'), {});
    const syntheticLine = { ...synthetic, message: { ...(synthetic.message as object), model: '<synthetic>' } };
    const snapshot = replay([syntheticLine, ...lines, early, { type: 'summary', summary: 's', leafUuid: 'x', timestamp: 'not a date' }]);
    expect(snapshot.facts).toEqual({
      version: '2.0.5',
      sessionId: SESSION_ID,
      cwd: SESSION_CWD,
      model: 'claude-sonnet-4-5-20250929',
      startedAt: Date.parse('2025-10-01T11:00:00.000Z'),
      endedAt: Date.parse('2025-10-01T12:00:05.000Z'),
    });
  });
});

describe('ClaudeCodeReader: hostile content stays text', () => {
  it('markup, a javascript: link and a 3 MB text block are text parts, unchanged', () => {
    const t = new TranscriptWriter();
    const huge = 'A'.repeat(3_000_000);
    const markup = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const { items } = replay([t.user(markup), t.assistant('msg_1', text('[click](javascript:alert(3))')), t.user([text(huge)])]).conversation;
    expect(messages(items).map((message) => message.parts)).toEqual([
      [{ kind: 'text', text: markup }],
      [{ kind: 'text', text: '[click](javascript:alert(3))' }],
      [{ kind: 'text', text: huge }],
    ]);
  });
});

describe('looksLikeClaudeCodeLine', () => {
  const t = new TranscriptWriter();
  it.each([
    ['a user line', t.user('hi')],
    ['an assistant line', t.assistant('msg_1', text('hi'))],
    ['a summary', { type: 'summary', summary: 's', leafUuid: 'u' }],
    ['a file-history snapshot', { type: 'file-history-snapshot', messageId: 'm', snapshot: {} }],
    ['a queue operation', { type: 'queue-operation', operation: 'enqueue', sessionId: SESSION_ID }],
  ])('true for %s', (_name, line) => {
    expect(looksLikeClaudeCodeLine(line)).toBe(true);
  });

  it.each([
    ['our own session header', { type: 'session', version: 1, id: 's', createdAt: 1, cwd: '/' }],
    ['our own event', { type: 'user/message', data: {} }],
    ['a Codex line', { timestamp: '2025-01-01T00:00:00Z', type: 'response_item', payload: {} }],
    ['an Anthropic message', { role: 'user', content: 'hi' }],
    ['a bare user type', { type: 'user', message: { role: 'user', content: 'hi' } }],
    ['not an object', 'user'],
  ])('false for %s', (_name, line) => {
    expect(looksLikeClaudeCodeLine(line)).toBe(false);
  });
});

describe('ClaudeCodeReader: format', () => {
  it('says claude-code', () => {
    expect(new ClaudeCodeReader().format).toBe('claude-code');
  });
});
