import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationMessage, ToolCallView, withInlineImages, type LoadImage } from '../../../src/components';
import { callTreeFromMcp, conversationFromUIMessages, type McpToolCall, type ToolCallNode } from '../../../src/model';
import { inlineImageRef } from '../../../src/model/formats/content/adapted-image';
import { ToolCardProvider } from '../../../src/plugins';
import { trackObjectUrls } from '../image-loading/support';
import { cardLabel, rowOf } from '../harness';
import { base64Of, headerFixture } from '../../model/formats/fixture-images';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A 1 MB PNG: a real IHDR (37×23) followed by a megabyte of bytes no base64 slice of which may reach the page. */
function megabytePng(): Uint8Array {
  const head = headerFixture('rgb-37x23.png');
  const bytes = new Uint8Array(1024 * 1024);
  bytes.set(head.subarray(0, 33));
  for (let index = 33; index < bytes.length; index += 1) bytes[index] = (index * 7919) % 251;
  return bytes;
}

function appLoader() {
  return vi.fn<LoadImage>(() => Promise.resolve(new Blob(['app bytes'], { type: 'image/png' })));
}

function renderCalls(roots: readonly ToolCallNode[], loadImage: LoadImage) {
  return render(
    <ToolCardProvider loadImage={loadImage}>
      {roots.map((node) => (
        <ToolCallView key={node.callId} node={node} />
      ))}
    </ToolCardProvider>,
  );
}

describe('adapted results render as image cards', () => {
  it('an MCP image of 1 MB shows in the gallery from the built-in loader; no base64 reaches the DOM; the app loader is not asked', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const urls = trackObjectUrls();
    const bytes = megabytePng();
    const base64 = base64Of(bytes);
    const call: McpToolCall = {
      id: 'big',
      name: 'take_screenshot',
      arguments: { path: 'shots/big.png' },
      result: {
        content: [
          { type: 'text', text: 'A large one.' },
          { type: 'image', data: base64, mimeType: 'image/png' },
        ],
      },
    };
    const loadImage = appLoader();
    renderCalls(callTreeFromMcp([call]).roots, loadImage);
    const row = rowOf('big');
    await waitFor(() => {
      // An MCP image block has no name of its own: it is called by the card's path.
      expect(within(row).getByRole('img', { name: 'shots/big.png' }).getAttribute('src')).toMatch(/^blob:/);
    });
    expect(cardLabel(row, 'shots/big.png')).toBeTruthy();
    expect(row.querySelector('.tc-card--image')).not.toBeNull();
    expect(loadImage).not.toHaveBeenCalled();
    expect(urls.create).toHaveBeenCalledTimes(1);
    const html = document.documentElement.outerHTML;
    for (let at = 0; at + 64 <= base64.length; at += 64 * 997) expect(html).not.toContain(base64.slice(at, at + 64));
    expect(html).not.toContain('base64');
  });

  it('a result of images alone draws no empty text box under the gallery; a result with text shows it', () => {
    const image = { type: 'image', data: base64Of(megabytePng()), mimeType: 'image/png' };
    const { roots } = callTreeFromMcp([
      { id: 'bare', name: 'take_screenshot', arguments: {}, result: { content: [image] } },
      { id: 'told', name: 'take_screenshot', arguments: {}, result: { content: [{ type: 'text', text: 'Taken.' }, image] } },
    ]);
    renderCalls(roots, appLoader());
    expect(rowOf('bare').querySelector('.tc-card--image')).not.toBeNull();
    expect(rowOf('bare').querySelector('.tc-card--image .tc-text')).toBeNull();
    expect(rowOf('told').querySelector('.tc-card--image .tc-text')?.textContent).toBe('Taken.');
  });

  it('a foreign tool without images, and a log call of an unknown tool with images, keep the generic row', () => {
    const { roots } = callTreeFromMcp([
      { id: 'plain', name: 'take_screenshot', arguments: {}, result: { content: [{ type: 'text', text: 'no image today' }] } },
    ]);
    renderCalls(roots, appLoader());
    expect(rowOf('plain').querySelector('.tc-card--image')).toBeNull();
    expect(within(rowOf('plain')).getByText('take_screenshot')).toBeTruthy();
  });

  it('a resource_link image goes to the app loader with its URI as the id, and the lightbox shows no invented size', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    trackObjectUrls();
    const loadImage = appLoader();
    const { roots } = callTreeFromMcp([
      {
        id: 'link',
        name: 'gallery',
        arguments: {},
        result: { content: [{ type: 'resource_link', uri: 'https://cdn.example/cat.webp', name: 'cat.webp', mimeType: 'image/webp' }] },
      },
    ]);
    renderCalls(roots, loadImage);
    await waitFor(() => {
      expect(loadImage).toHaveBeenCalledTimes(1);
    });
    expect(loadImage.mock.calls[0]?.[0].attachmentId).toBe('https://cdn.example/cat.webp');
    within(rowOf('link'))
      .getByRole('button', { name: /cat\.webp/ })
      .click();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'cat.webp' })).toBeTruthy();
    expect(dialog.querySelector('.tc-lightbox__details')).toBeNull();
  });

  it('an AI SDK user message shows its image file through the message view and gallery', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    trackObjectUrls();
    const { items } = conversationFromUIMessages([
      {
        id: 'u',
        role: 'user',
        parts: [
          { type: 'text', text: 'Look' },
          { type: 'file', mediaType: 'image/gif', url: `data:image/gif;base64,${base64Of(headerFixture('rgb-37x23.gif'))}`, filename: 'dot.gif' },
        ],
      },
    ]);
    const [message] = items;
    if (message?.kind !== 'message') throw new Error('expected a message');
    const loadImage = appLoader();
    render(
      <ToolCardProvider loadImage={loadImage}>
        <ConversationMessage role={message.role} parts={message.parts} />
      </ToolCardProvider>,
    );
    await waitFor(() => {
      expect(screen.getByRole('img', { name: 'dot.gif' }).getAttribute('src')).toMatch(/^blob:/);
    });
    expect(screen.getByText('Look')).toBeTruthy();
    expect(loadImage).not.toHaveBeenCalled();
  });
});

describe('withInlineImages', () => {
  it('serves an inline reference from its own bytes and passes every other reference to the app loader', async () => {
    const gif = headerFixture('rgb-37x23.gif');
    const inline = inlineImageRef(base64Of(gif));
    if (inline === null) throw new Error('fixture did not decode');
    const loadImage = appLoader();
    const composed = withInlineImages(loadImage);
    const signal = new AbortController().signal;
    const blob = await composed(inline, { signal });
    if (typeof blob === 'string') throw new Error('expected a Blob');
    expect(blob.type).toBe('image/gif');
    expect(Buffer.from(await blob.arrayBuffer()).equals(Buffer.from(gif))).toBe(true);
    expect(loadImage).not.toHaveBeenCalled();
    // A reference with the same id but without the adapter's symbol (as any log line would be) gets no bytes.
    await composed({ attachmentId: inline.attachmentId, mediaType: 'image/gif', bytes: 1, width: 1, height: 1 }, { signal });
    expect(loadImage).toHaveBeenCalledTimes(1);
  });
});
