import { describe, expect, it } from 'vitest';
import { toolRowModel, type ToolCallNode } from '../../../src/model';
import { CWD, envelopeText, HOME, IMAGE_CONTENT, onlyRoot, RED_PNG_REF, toolCallEvent, toolResultEvent, UNNAMED_RED_PNG_REF } from '../builders';

const OPTIONS = { cwd: CWD, home: HOME };

function call(name: string, args: unknown = { file_path: `${CWD}/src/a.ts` }): ToolCallNode {
  return onlyRoot([toolCallEvent('c', name, typeof args === 'string' ? args : JSON.stringify(args))]);
}

function settled(name: string, content: readonly unknown[], extra: Parameters<typeof toolResultEvent>[2] = {}): ToolCallNode {
  return onlyRoot([toolCallEvent('c', name, JSON.stringify({ file_path: 'red.png' })), toolResultEvent('c', content, extra)]);
}

describe('toolRowModel: variant and title', () => {
  it.each([
    ['read', 'read'],
    ['read_image', 'read'],
    ['write', 'write'],
    ['edit', 'edit'],
    ['shell', 'terminal'],
    ['bash', 'terminal'],
    ['run_code', 'terminal'],
    ['grep', 'search'],
    ['glob', 'search'],
    ['search', 'search'],
    ['web_fetch', 'web'],
    ['web_search', 'web'],
  ] as const)('%s → variant %s with its own title key', (name, variant) => {
    expect(toolRowModel(call(name))).toMatchObject({ variant, titleKey: `tool.title.${name}` });
  });

  it.each([
    ['Read', 'read'],
    ['Write', 'write'],
    ['Edit', 'edit'],
    ['MultiEdit', 'edit'],
    ['NotebookEdit', 'edit'],
    ['Bash', 'terminal'],
    ['Grep', 'search'],
    ['Glob', 'search'],
    ['WebFetch', 'web'],
    ['WebSearch', 'web'],
    ['view_image', 'read'],
    ['exec_command', 'terminal'],
    ['apply_patch', 'edit'],
  ] as const)("another agent's %s → variant %s, with its own name as the title (generic key)", (name, variant) => {
    expect(toolRowModel(call(name))).toMatchObject({ variant, titleKey: 'tool.title.generic' });
  });

  it.each(['mystery', 'constructor', '__proto__', 'toString', 'Constructor', '__PROTO__', 'HasOwnProperty', ''])(
    'unknown tool %j → other, generic title',
    (name) => {
      expect(toolRowModel(call(name))).toMatchObject({ variant: 'other', titleKey: 'tool.title.generic' });
    },
  );

  it('a node without call head is other/generic', () => {
    const node = onlyRoot([toolResultEvent('ghost', [{ type: 'text', text: 'x' }])]);
    expect(toolRowModel(node)).toEqual({ variant: 'other', titleKey: 'tool.title.generic', state: 'done', output: [{ kind: 'text', text: 'x' }] });
  });
});

describe('toolRowModel: path summary and filePath', () => {
  it.each(['read', 'read_image', 'write', 'edit'])('%s shows its file_path relative to cwd and keeps the raw one for opening', (name) => {
    expect(toolRowModel(call(name), OPTIONS)).toMatchObject({ summary: 'src/a.ts', filePath: `${CWD}/src/a.ts` });
  });

  it.each(['Read', 'Edit', 'Write', 'MultiEdit'])('Claude Code %s: its file_path relative to cwd too, not the absolute path', (name) => {
    expect(toolRowModel(call(name), OPTIONS)).toMatchObject({ summary: 'src/a.ts', filePath: `${CWD}/src/a.ts` });
    expect(toolRowModel(call(name, { file_path: '/elsewhere/b.ts' }), OPTIONS)).toMatchObject({ summary: '/elsewhere/b.ts' });
  });

  it('Codex view_image: its path argument, relative to cwd; a file_path or a blank path is not its file', () => {
    expect(toolRowModel(call('view_image', { path: `${CWD}/shots/home.png`, detail: 'original' }), OPTIONS)).toMatchObject({
      variant: 'read',
      summary: 'shots/home.png',
      filePath: `${CWD}/shots/home.png`,
    });
    for (const args of [{ file_path: `${CWD}/a.png` }, { path: ' ' }]) {
      const row = toolRowModel(call('view_image', args), OPTIONS);
      expect(row).not.toHaveProperty('summary');
      expect(row).not.toHaveProperty('filePath');
    }
  });

  it('uses ~ for home', () => {
    expect(toolRowModel(call('read', { file_path: `${HOME}/notes.md` }), OPTIONS)).toMatchObject({ summary: '~/notes.md', filePath: `${HOME}/notes.md` });
  });

  it('a shell shows its command, never a path to open', () => {
    const row = toolRowModel(call('bash', { command: 'ls', file_path: 'x' }), OPTIONS);
    expect(row.summary).toBe('ls');
    expect(row).not.toHaveProperty('filePath');
  });

  it('non-file tools without an essential argument and blank paths get neither key', () => {
    for (const node of [call('web_fetch', { file_path: 'x' }), call('read', { file_path: ' ' }), call('read', '{')]) {
      const row = toolRowModel(node, OPTIONS);
      expect(row).not.toHaveProperty('summary');
      expect(row).not.toHaveProperty('filePath');
    }
  });

  it('a fetch shows its address as its summary, never as a file path', () => {
    const row = toolRowModel(call('web_fetch', { url: 'https://x.example/a', file_path: 'x' }), OPTIONS);
    expect(row).toMatchObject({ variant: 'web', summary: 'https://x.example/a' });
    expect(row).not.toHaveProperty('filePath');
  });
});

describe('toolRowModel: state', () => {
  it('preparing while the arguments are not a JSON object yet, running once they are', () => {
    expect(toolRowModel(call('read_image', '{"file_pa')).state).toBe('preparing');
    expect(toolRowModel(call('read_image', '"red.png"')).state).toBe('preparing');
    expect(toolRowModel(call('read_image')).state).toBe('running');
  });

  it('done, error and stopped from the result outcome', () => {
    expect(toolRowModel(settled('read_image', IMAGE_CONTENT)).state).toBe('done');
    expect(toolRowModel(settled('read_image', [], { isError: true })).state).toBe('error');
    expect(toolRowModel(settled('read_image', [], { isError: true, error: { code: 'FS_NOT_FOUND' } })).state).toBe('error');
    expect(toolRowModel(settled('read_image', [], { isError: true, error: { code: 'interrupted' } })).state).toBe('stopped');
    expect(toolRowModel(settled('read_image', [], { isError: true, error: { code: 'aborted' } })).state).toBe('stopped');
  });
});

describe('toolRowModel: output', () => {
  it('is absent while running', () => {
    expect(toolRowModel(call('read'))).not.toHaveProperty('output');
  });

  it('gives one part per block; image parts hold only the validated name and dimensions, never the attachment', () => {
    const content = [
      ...IMAGE_CONTENT,
      { type: 'image', attachment: { ...UNNAMED_RED_PNG_REF, width: 640, height: 480, extra: 'sha256:leak' } },
      { type: 'image', attachment: { ...RED_PNG_REF, mediaType: 'image/svg+xml' } },
      { type: 'tool-call', id: 'x', attachment: RED_PNG_REF },
    ];
    const { output } = toolRowModel(settled('read_image', content));
    expect(output).toEqual([
      { kind: 'text', text: envelopeText() },
      { kind: 'image', name: 'red.png', width: 1, height: 1 },
      { kind: 'image', width: 640, height: 480 },
      { kind: 'invalid-image' },
      { kind: 'unsupported' },
    ]);
    expect(output?.[2]).not.toHaveProperty('name');
    expect(JSON.stringify(output?.filter((part) => part.kind !== 'text'))).not.toMatch(/attachmentId|sha256|mediaType|bytes|leak/);
  });

  it('keeps text blocks verbatim, including hostile strings', () => {
    const hostile = '<script>alert(1)</script> javascript:void(0) \uD800';
    expect(toolRowModel(settled('read', [{ type: 'text', text: hostile }])).output).toEqual([{ kind: 'text', text: hostile }]);
  });
});

describe('toolRowModel: memoisation', () => {
  it('returns the identical object for the same node and equal option values, a new one otherwise', () => {
    const node = call('read');
    const row = toolRowModel(node, { cwd: CWD });
    expect(toolRowModel(node, { cwd: CWD })).toBe(row);
    expect(toolRowModel(node, { cwd: '/srv' })).not.toBe(row);
  });
});

describe('toolRowModel: refused is told apart from failed', () => {
  const subject = 'Error: cannot read "shots/a.png" as an image: ';
  function failed(text: string, error?: unknown): ToolCallNode {
    return settled('read_image', [{ type: 'text', text }], { isError: true, ...(error === undefined ? {} : { error }) });
  }

  it.each([
    ['the tool named its refusal', failed(`${subject}anything`, { name: 'ReadImageError', code: 'MODEL_NO_IMAGE_INPUT' })],
    ['an extension refusal by name', failed(`${subject}x`, { name: 'ReadImageError', code: 'UNSUPPORTED_IMAGE_EXTENSION' })],
    [
      'a text-only route, recorded without an error record',
      failed(`${subject}model "text-only" does not declare image input; switch to an image-capable model`),
    ],
    ['an unknown model, without an error record', failed(`${subject}model "m" of provider "p" is unknown, so its image input cannot be confirmed; switch`)],
    [
      'undeclared modalities, without an error record',
      failed(`${subject}model "m" does not declare its input modalities, so its image input cannot be confirmed; switch`),
    ],
    ['no route, without an error record', failed(`${subject}no model route is known for this call; switch`)],
    ['an .svg, without an error record', failed(`${subject}the extension ".svg" is not an image type this tool reads; use a file ending in .png`)],
  ])('refused: %s', (_case, node) => {
    expect(toolRowModel(node)).toMatchObject({ state: 'refused', reason: expect.not.stringContaining('cannot read') as string });
  });

  it.each([
    ['a missing file', failed(`${subject}the file does not exist; check the path`, { name: 'FsError', code: 'FS_NOT_FOUND' })],
    ['bytes that do not decode', failed(`${subject}the bytes do not decode as a supported image`, { name: 'AttachmentError', code: 'INVALID_IMAGE' })],
    ['a missing file without an error record', failed(`${subject}the file does not exist; check the path`)],
    ["a refusal's words under another error name", failed(`${subject}model "m" does not declare image input; x`, { name: 'FsError', code: 'FS_READ_FAILED' })],
    ["a refusal's words without the read_image subject", failed('Error: model "m" does not declare image input; x')],
    ["a refusal's words later in the reason", failed(`${subject}the file could not be read (model "m" does not declare image input;)`)],
    ['another tool failing', settled('bash', [{ type: 'text', text: 'exit 1' }], { isError: true })],
  ])('failed, not refused: %s', (_case, node) => {
    expect(toolRowModel(node).state).toBe('error');
  });

  it('a stop stays stopped; a stop coded "denied" (a person said no) is refused', () => {
    expect(toolRowModel(settled('read_image', [{ type: 'text', text: 'aborted' }], { error: { name: 'AbortError', code: 'aborted' } })).state).toBe('stopped');
    expect(toolRowModel(settled('read_image', [{ type: 'text', text: 'Denied.' }], { error: { code: 'denied' } }))).toMatchObject({
      state: 'refused',
      reason: 'Denied.',
    });
  });

  it('success is done whatever its text says', () => {
    expect(toolRowModel(settled('read_image', [{ type: 'text', text: `${subject}model "m" does not declare image input; x` }])).state).toBe('done');
  });
});
