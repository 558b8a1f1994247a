import { expect, it } from 'vitest';
import { buildToolCalls, explainImageCard, imageCardModel, parseSessionLog, toolRowModel, type ToolCallNode } from '../../../../src/model';
import { describeWithReferenceLogs, REFERENCE_LOG_NAMES, referenceLog } from '../../../support/reference-logs';
import { CWD, HOME, RED_PNG_REF } from '../../builders';

function replay(name: Parameters<typeof referenceLog>[0]) {
  const log = parseSessionLog(referenceLog(name, CWD));
  const tree = buildToolCalls(log.events);
  const [node] = tree.roots;
  if (node === undefined) throw new Error(`${name}: no tool call`);
  return { log, tree, node };
}

it.each(REFERENCE_LOG_NAMES)('reference log %s parses and builds with no problems', (name) => {
  const log = parseSessionLog(referenceLog(name, CWD));
  expect(log.problems).toEqual([]);
  expect(log.header?.cwd).toBe(CWD);
  expect(log.otherEvents.length).toBeGreaterThan(0);
  expect(buildToolCalls(log.events).problems).toEqual([]);
});

describeWithReferenceLogs('reference log: read-image (success, recorded before presentationMeta)', () => {
  const { node } = replay('read-image');

  it('yields one settled read_image call without meta', () => {
    expect(node).toMatchObject({ callId: 'read-image-call', kind: 'top-level', name: 'read_image', status: 'settled', children: [] });
    expect(node.result).toMatchObject({ isError: false, outcome: 'ok' });
    expect(node.result).not.toHaveProperty('meta');
  });

  it('gives the image card, labelled from the file_path argument (no meta recorded)', () => {
    expect(explainImageCard(node, { cwd: CWD, home: HOME })).toEqual({
      card: {
        label: 'red.png',
        images: [{ attachment: RED_PNG_REF }],
        text: `<path>${CWD}/red.png</path>\n<type>image</type>\n<content>\nimage/png image, 1x1 px, 69 bytes\n</content>`,
      },
      labelFrom: 'argument',
    });
  });

  it('gives the same card from meta.path when meta is present', () => {
    const withMeta: ToolCallNode = {
      ...node,
      status: 'settled',
      result: { outcome: 'ok', isError: false, content: node.result?.content ?? [], meta: { path: `${CWD}/red.png` } },
    };
    expect(imageCardModel(withMeta, { cwd: CWD })).toEqual({
      label: 'red.png',
      images: [{ attachment: RED_PNG_REF }],
      text: `<path>${CWD}/red.png</path>\n<type>image</type>\n<content>\nimage/png image, 1x1 px, 69 bytes\n</content>`,
    });
  });

  it('shows a done read row with the path and an image part', () => {
    const row = toolRowModel(node, { cwd: CWD, home: HOME });
    expect(row).toMatchObject({ variant: 'read', titleKey: 'tool.title.read_image', state: 'done', summary: 'red.png', filePath: 'red.png' });
    expect(row.output?.at(-1)).toEqual({ kind: 'image', name: 'red.png', width: 1, height: 1 });
  });
});

describeWithReferenceLogs('reference log: read-image-text-route (refused on a text-only model)', () => {
  const { node } = replay('read-image-text-route');

  it('yields a settled error result whose text names the model', () => {
    expect(node).toMatchObject({ callId: 'read-image-refused', name: 'read_image', status: 'settled' });
    expect(node.result).toMatchObject({ isError: true, outcome: 'error' });
    expect(JSON.stringify(node.result?.content)).toContain('deepseek-v4-flash');
  });

  it('declines the image card and shows a refused row (recorded without an error record) with the message', () => {
    expect(explainImageCard(node)).toEqual({ declined: 'error-result' });
    const row = toolRowModel(node, { cwd: CWD });
    expect(row.state).toBe('refused');
    expect(row.reason).toBe('model "deepseek-v4-flash" does not declare image input; switch to an image-capable model to read images');
    expect(row.output).toContainEqual({ kind: 'text', text: expect.stringContaining('model "deepseek-v4-flash" does not declare image input') as string });
  });
});

describeWithReferenceLogs('reference log: read-image-dimension (a 2001×1 PNG, no meta)', () => {
  const { node } = replay('read-image-dimension');

  it('gives an image card for wide.png at its recorded size', () => {
    const card = imageCardModel(node, { cwd: CWD });
    expect(card?.label).toBe('wide.png');
    expect(card?.images.map(({ attachment }) => [attachment.width, attachment.height])).toEqual([[2001, 1]]);
  });
});

describeWithReferenceLogs('reference log: code-mode-read-image (read_image inside run_code)', () => {
  const { node } = replay('code-mode-read-image');

  it('nests bash and read_image under run_code, and the nested read_image has its card, labelled from its argument', () => {
    expect(node.name).toBe('run_code');
    expect(node.children.map((child) => child.name)).toEqual(['bash', 'read_image']);
    const nested = node.children[1];
    expect(nested && explainImageCard(nested, { cwd: CWD })).toMatchObject({ card: { label: 'red.png' }, labelFrom: 'argument' });
  });
});
