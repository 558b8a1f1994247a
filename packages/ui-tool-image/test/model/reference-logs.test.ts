import { describe, expect, it } from 'vitest';
import { buildToolCalls, explainImageCard, imageCardModel, parseSessionLog, toolRowModel, type ToolCallNode } from '../../src/model';
import { referenceLog } from '../support/reference-logs';
import { CWD, HOME, RED_PNG_REF } from './builders';

function replay(name: Parameters<typeof referenceLog>[0]) {
  const log = parseSessionLog(referenceLog(name, CWD));
  const tree = buildToolCalls(log.events);
  const [node] = tree.roots;
  if (node === undefined) throw new Error(`${name}: no tool call`);
  return { log, tree, node };
}

it.each(['read-image', 'read-image-text-route'] as const)('reference log %s parses and builds with no problems', (name) => {
  const { log, tree } = replay(name);
  expect(log.problems).toEqual([]);
  expect(log.header?.cwd).toBe(CWD);
  expect(log.events).toHaveLength(25);
  expect(tree.problems).toEqual([]);
  expect(tree.roots).toHaveLength(1);
});

describe('reference log: read-image (success, recorded before presentationMeta)', () => {
  const { node } = replay('read-image');

  it('yields one settled read_image call without meta', () => {
    expect(node).toMatchObject({ callId: 'read-image-call', kind: 'top-level', name: 'read_image', status: 'settled', children: [] });
    expect(node.result).toMatchObject({ isError: false, outcome: 'ok' });
    expect(node.result).not.toHaveProperty('meta');
  });

  it('declines the image card as missing meta, so it replays as the text card', () => {
    expect(explainImageCard(node, { cwd: CWD, home: HOME })).toEqual({ declined: 'missing-meta' });
    expect(imageCardModel(node, { cwd: CWD, home: HOME })).toBeNull();
  });

  it('gives the image card once meta.path is present', () => {
    const withMeta: ToolCallNode = { ...node, result: { outcome: 'ok', isError: false, content: node.result?.content ?? [], meta: { path: `${CWD}/red.png` } } };
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

describe('reference log: read-image-text-route (refused on a text-only model)', () => {
  const { node } = replay('read-image-text-route');

  it('yields a settled error result whose text names the model', () => {
    expect(node).toMatchObject({ callId: 'read-image-refused', name: 'read_image', status: 'settled' });
    expect(node.result).toMatchObject({ isError: true, outcome: 'error' });
    expect(JSON.stringify(node.result?.content)).toContain('deepseek-v4-flash');
  });

  it('declines the image card and shows an error row with the message', () => {
    expect(explainImageCard(node)).toEqual({ declined: 'error-result' });
    const row = toolRowModel(node, { cwd: CWD });
    expect(row.state).toBe('error');
    expect(row.output).toContainEqual({ kind: 'text', text: expect.stringContaining('model "deepseek-v4-flash" does not declare image input') as string });
  });
});
