import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  callTreeFromMcp,
  explainImageCard,
  imageCardModel,
  MCP_PRESENTATION_META_KEY,
  toolRowModel,
  type McpToolCall,
  type ToolCallNode,
} from '../../../../src/model';
import { adaptedImageSource } from '../../../../src/model/adapted-image-source';
import { base64Of, headerFixture, workspaceImage } from '../fixture-images';

const LOGIN = workspaceImage('screenshots/login-screen.png');
const GIF = workspaceImage('images/spinner.gif');

/** A result as the SDK's own schema accepts it: the adapter reads what a real client receives. */
function mcpResult(result: CallToolResult): CallToolResult {
  return CallToolResultSchema.parse(result);
}

function onlyRoot(calls: readonly McpToolCall[]): ToolCallNode {
  const { roots, problems } = callTreeFromMcp(calls);
  expect(problems).toEqual([]);
  const [root] = roots;
  if (root === undefined || roots.length !== 1) throw new Error('expected one root');
  return root;
}

describe('callTreeFromMcp', () => {
  it('turns an image block into a reference sized from its header, with an id minted from its bytes', () => {
    const node = onlyRoot([
      {
        id: 'c1',
        name: 'read_image',
        arguments: { file_path: 'screenshots/login-screen.png' },
        result: mcpResult({
          content: [
            { type: 'text', text: '<path>/w/screenshots/login-screen.png</path>\n<type>image</type>' },
            { type: 'image', data: base64Of(LOGIN), mimeType: 'image/png' },
          ],
          _meta: { [MCP_PRESENTATION_META_KEY]: { path: '/w/screenshots/login-screen.png' } },
        }),
      },
    ]);
    expect(node).toMatchObject({ callId: 'c1', origin: 'mcp', kind: 'top-level', status: 'settled', name: 'read_image' });
    const explanation = explainImageCard(node, { cwd: '/w' });
    expect(explanation).toMatchObject({ labelFrom: 'meta', card: { label: 'screenshots/login-screen.png' } });
    const card = imageCardModel(node, { cwd: '/w' });
    const ref = card?.images[0]?.attachment;
    expect(ref).toMatchObject({ mediaType: 'image/png', width: 640, height: 400, bytes: LOGIN.length });
    expect(ref?.attachmentId).toMatch(/^inline:sha256:[0-9a-f]{64}$/);
    const source = ref === undefined ? undefined : adaptedImageSource(ref);
    expect(source?.kind === 'inline' ? Buffer.from(source.bytes).equals(Buffer.from(LOGIN)) : false).toBe(true);
    // The bytes travel under a symbol: serialising the reference never writes them out.
    expect(JSON.stringify(ref)).not.toContain(base64Of(LOGIN).slice(0, 40));
  });

  it('mints the same id for the same bytes and different ids for different bytes', () => {
    const call = (id: string, data: Uint8Array): McpToolCall => ({
      id,
      name: 'screenshot',
      arguments: {},
      result: mcpResult({ content: [{ type: 'image', data: base64Of(data), mimeType: 'image/png' }] }),
    });
    const { roots } = callTreeFromMcp([call('a', LOGIN), call('b', LOGIN), call('c', GIF)]);
    const ids = roots.map((node) => imageCardModel(node)?.images[0]?.attachment.attachmentId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('labels a foreign tool from file_path, then path, then its own name; no envelope needed', () => {
    const image = { type: 'image', data: base64Of(GIF), mimeType: 'image/gif' } as const;
    const [byFilePath, byPath, byName] = callTreeFromMcp([
      { id: 'a', name: 'fetch_image', arguments: { file_path: '/w/a.gif' }, result: mcpResult({ content: [image] }) },
      { id: 'b', name: 'fetch_image', arguments: { path: '/w/b.gif' }, result: mcpResult({ content: [image] }) },
      { id: 'c', name: 'take_screenshot', arguments: {}, result: mcpResult({ content: [image] }) },
    ]).roots;
    expect(byFilePath && explainImageCard(byFilePath, { cwd: '/w' })).toMatchObject({ labelFrom: 'argument', card: { label: 'a.gif' } });
    expect(byPath && explainImageCard(byPath, { cwd: '/w' })).toMatchObject({ labelFrom: 'argument', card: { label: 'b.gif' } });
    expect(byName && explainImageCard(byName, { cwd: '/w' })).toMatchObject({ labelFrom: 'tool-name', card: { label: 'take_screenshot', text: '' } });
  });

  it('keeps several images in order, and the header decides the format over a wrong mimeType', () => {
    const node = onlyRoot([
      {
        id: 'many',
        name: 'compare',
        arguments: {},
        result: mcpResult({
          content: [
            { type: 'image', data: base64Of(GIF), mimeType: 'image/png' },
            { type: 'text', text: 'between' },
            { type: 'image', data: base64Of(headerFixture('lossy-37x23.webp')), mimeType: 'image/webp' },
            { type: 'image', data: base64Of(LOGIN), mimeType: 'image/png' },
          ],
        }),
      },
    ]);
    const card = imageCardModel(node);
    expect(card?.images.map(({ attachment }) => [attachment.mediaType, attachment.width, attachment.height])).toEqual([
      ['image/gif', 48, 48],
      ['image/webp', 37, 23],
      ['image/png', 640, 400],
    ]);
    expect(card?.text).toBe('between');
  });

  it('an isError result declines the card and its message is the row reason', () => {
    const node = onlyRoot([
      {
        id: 'e',
        name: 'read_image',
        arguments: { file_path: 'x.svg' },
        result: mcpResult({
          content: [{ type: 'text', text: 'Error: x.svg is not a supported image.' }],
          isError: true,
          _meta: { 'dev.toolcard/error': { name: 'AttachmentError', code: 'INVALID_IMAGE' } },
        }),
      },
    ]);
    expect(explainImageCard(node)).toEqual({ declined: 'error-result' });
    expect(node.result).toMatchObject({ outcome: 'error', error: { name: 'AttachmentError', code: 'INVALID_IMAGE' } });
    expect(toolRowModel(node)).toMatchObject({ state: 'error', reason: 'x.svg is not a supported image.' });
  });

  it('a call without a result is running', () => {
    const node = onlyRoot([{ id: 'r', name: 'read_image', arguments: { file_path: 'a.png' } }]);
    expect(node.status).toBe('running');
    expect(toolRowModel(node).state).toBe('running');
  });

  it('a resource_link to an image is a reference the app resolves by its URI; other links, audio, resources and unknown blocks are placeholders', () => {
    const node = onlyRoot([
      {
        id: 'mixed',
        name: 'gallery',
        arguments: {},
        result: mcpResult({
          content: [
            { type: 'resource_link', uri: 'https://cdn.example/cat.webp', name: 'cat.webp', mimeType: 'image/webp' },
            { type: 'resource_link', uri: 'file:///notes.txt', name: 'notes.txt', mimeType: 'text/plain' },
            { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
            { type: 'resource', resource: { uri: 'file:///readme.md', text: '# hi', mimeType: 'text/markdown' } },
          ],
        }),
      },
    ]);
    const card = imageCardModel(node);
    const link = card?.images[0]?.attachment;
    expect(link).toMatchObject({ attachmentId: 'https://cdn.example/cat.webp', mediaType: 'image/webp', name: 'cat.webp' });
    expect(link && adaptedImageSource(link)).toEqual({ kind: 'link' });
    expect(card?.text).toBe(['[link: file:///notes.txt]', '[audio: audio/wav]', '[resource: file:///readme.md]'].join('\n'));
    const unknown = onlyRoot([{ id: 'u', name: 't', arguments: {}, result: { content: [{ type: 'hologram' }, 7] } }]);
    expect(unknown.result?.content).toEqual([
      { type: 'text', text: '[unsupported content: hologram]' },
      { type: 'text', text: '[unsupported content]' },
    ]);
  });

  it('image data that is not base64 of a known format becomes a placeholder, never a reference', () => {
    const node = onlyRoot([
      {
        id: 'bad',
        name: 'shot',
        arguments: {},
        result: {
          content: [
            { type: 'image', data: '%%% not base64 %%%', mimeType: 'image/png' },
            { type: 'image', data: base64Of(new TextEncoder().encode('<svg/>')), mimeType: 'image/svg+xml' },
          ],
        },
      },
    ]);
    expect(node.result?.content).toEqual([
      { type: 'text', text: '[image that could not be read: image/png]' },
      { type: 'text', text: '[image that could not be read: image/svg+xml]' },
    ]);
    expect(explainImageCard(node)).toEqual({ declined: 'no-image-block' });
  });

  it('reports unusable calls instead of throwing, and keeps the first of a repeated id', () => {
    const { roots, problems } = callTreeFromMcp([
      { id: 'same', name: 'a', arguments: {} },
      { id: 'same', name: 'b', arguments: {} },
      { id: '', name: 'c' },
      // Not what the type allows, but what untyped JSON can hold.
      { id: 'x', name: 'd', result: { content: 'nope' } } as unknown as McpToolCall,
      null as unknown as McpToolCall,
    ]);
    expect(roots.map((node) => node.callId)).toEqual(['same', 'x']);
    expect(problems.map((problem) => problem.eventIndex)).toEqual([1, 2, 3, 4]);
  });

  it('returns the same node for an unchanged call, a new one when its result arrives', () => {
    const call: McpToolCall = { id: 'm', name: 'read_image', arguments: { file_path: 'a.png' } };
    const first = onlyRoot([call]);
    expect(onlyRoot([call])).toBe(first);
    const settled = { ...call, result: mcpResult({ content: [{ type: 'image', data: base64Of(GIF), mimeType: 'image/gif' }] }) };
    expect(onlyRoot([settled])).not.toBe(first);
  });
});
