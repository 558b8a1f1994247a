import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolCallView } from '../../../src/components';
import { buildToolCalls, parseSessionLog, type ToolCallNode } from '../../../src/model';
import { CWD, dispatchEvents, envelopeText, IMAGE_CONTENT, onlyRoot, RED_PNG_REF, toolCallEvent, toolResultEvent } from '../../model/builders';
import { bodyOf, cardLabel, disclosureOf, galleryProbe, getByExactText, loadImageStub, RegisterEntry, renderInProvider, rowOf } from '../harness';
import { itWithReferenceLogs, referenceLog } from '../../support/reference-logs';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The recorded success call of reference-logs/read-image, its result line given the meta the host now persists. */
/** `meta: 'as recorded'` keeps the result line exactly as the reference log has it: no meta at all. */
function recordedReadImageNode({ meta = { path: `${CWD}/red.png` } }: { meta?: unknown } = {}): ToolCallNode {
  const lines = referenceLog('read-image', CWD).split('\n');
  const callLine = lines.find((line) => line.startsWith('{"type":"tool/call"'));
  const resultLine = lines.find((line) => line.startsWith('{"type":"tool/result"'));
  if (callLine === undefined || resultLine === undefined) throw new Error('reference log changed');
  const result = JSON.parse(resultLine) as { data: Record<string, unknown> };
  const data = meta === 'as recorded' ? result.data : { ...result.data, meta };
  const log = parseSessionLog([lines[0], callLine, JSON.stringify({ ...result, data })].join('\n'));
  const [node] = buildToolCalls(log.events).roots;
  if (node === undefined) throw new Error('no node');
  return node;
}

const ENVELOPE = envelopeText();

function readImageNode(result?: Parameters<typeof toolResultEvent>[2] & { content?: readonly unknown[] }): ToolCallNode {
  const call = toolCallEvent('img', 'read_image', JSON.stringify({ file_path: 'red.png' }));
  if (result === undefined) return onlyRoot([call]);
  const { content = IMAGE_CONTENT, ...extra } = result;
  return onlyRoot([call, toolResultEvent('img', content, extra)]);
}

function precedes(a: Node, b: Node): boolean {
  return (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}

describe('read_image with an image card', () => {
  itWithReferenceLogs('renders label, then the tool.call.images slot with the images and loader, then the envelope text, expanded', async () => {
    const probe = galleryProbe();
    const node = recordedReadImageNode();
    renderInProvider(
      <>
        <RegisterEntry registration={probe.registration} />
        <ToolCallView node={node} />
      </>,
    );

    expect(disclosureOf('read-image-call').getAttribute('aria-expanded')).toBe('true');
    const label = cardLabel(document.body, 'red.png');
    const gallery = screen.getByTestId('gallery');
    const text = getByExactText(ENVELOPE);
    expect(precedes(label, gallery) && precedes(gallery, text)).toBe(true);
    expect(probe.received).toHaveBeenLastCalledWith({ images: [{ attachment: RED_PNG_REF }], loadImage: expect.any(Function) as unknown, align: 'start' });
    // The provider's loader: the app's, behind the built-in one for adapters' inline images.
    const handed = probe.received.mock.lastCall?.[0].loadImage;
    const signal = new AbortController().signal;
    await expect(handed?.(RED_PNG_REF, { signal })).resolves.toBe(await loadImageStub(RED_PNG_REF, { signal }));
    expect(document.body.innerHTML).not.toContain('attachmentId');
  });

  itWithReferenceLogs('still reads as a card (label and text) when no gallery fills the slot', () => {
    renderInProvider(<ToolCallView node={recordedReadImageNode()} />);
    expect(cardLabel(document.body, 'red.png')).toBeTruthy();
    expect(getByExactText(ENVELOPE)).toBeTruthy();
    expect(screen.queryByTestId('gallery')).toBeNull();
  });

  itWithReferenceLogs('keeps label and text when the gallery crashes, and reports the crash', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSlotError = vi.fn();
    const crashingGallery = {
      slot: 'tool.call.images',
      component: (): never => {
        throw new Error('gallery down');
      },
    } as const;
    renderInProvider(
      <>
        <RegisterEntry registration={crashingGallery} />
        <ToolCallView node={recordedReadImageNode()} />
      </>,
      { onSlotError },
    );
    expect(cardLabel(document.body, 'red.png')).toBeTruthy();
    expect(getByExactText(ENVELOPE)).toBeTruthy();
    expect(onSlotError).toHaveBeenCalledWith(expect.objectContaining({ slot: 'tool.call.images', error: new Error('gallery down') }));
  });

  itWithReferenceLogs('starts collapsed when expandImageResults is false, and shows the card when opened', () => {
    const probe = galleryProbe();
    renderInProvider(
      <>
        <RegisterEntry registration={probe.registration} />
        <ToolCallView node={recordedReadImageNode()} />
      </>,
      { expandImageResults: false },
    );
    const disclosure = disclosureOf('read-image-call');
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('gallery')).toBeNull();
    fireEvent.click(disclosure);
    expect(screen.getByTestId('gallery')).toBeTruthy();
  });

  it('shows a nested call (no meta) as an image card inside its parent, labelled by its own file_path', () => {
    const probe = galleryProbe();
    const [start, settle] = dispatchEvents(
      'ptc',
      { rootCallId: 'prog', parentCallId: 'prog', subCallId: 'sub' },
      'read_image',
      { file_path: `${CWD}/shots/a.png` },
      IMAGE_CONTENT,
    );
    const node = onlyRoot([toolCallEvent('prog', 'run_code', '{"code":"…"}'), start, settle]);
    renderInProvider(
      <>
        <RegisterEntry registration={probe.registration} />
        <ToolCallView node={node} />
      </>,
    );
    fireEvent.click(disclosureOf('prog'));
    const child = rowOf('sub');
    expect(rowOf('prog').contains(child)).toBe(true);
    expect(child.querySelector('.tc-card__label')?.textContent).toBe('shots/a.png');
    expect(child.contains(screen.getByTestId('gallery'))).toBe(true);
  });
});

describe('read_image without an image card shows text, never the slot', () => {
  it.each([
    ['running', readImageNode(), 'No result yet'],
    [
      'refused',
      readImageNode({ content: [{ type: 'text', text: 'Error: switch to an image-capable model' }], isError: true }),
      'Error: switch to an image-capable model',
    ],
    [
      'failed',
      readImageNode({ content: [{ type: 'text', text: 'Error: not found' }], isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' } }),
      'Error: not found',
    ],
    ['stopped', readImageNode({ content: [{ type: 'text', text: 'aborted by user' }], error: { name: 'AbortError', code: 'aborted' } }), 'aborted by user'],
  ])('%s', (_state, node, text) => {
    const probe = galleryProbe();
    renderInProvider(
      <>
        <RegisterEntry registration={probe.registration} />
        <ToolCallView node={node} />
      </>,
    );
    // At a glance: a settled failure says why in the collapsed row; a running call has nothing to say yet.
    expect(document.querySelector('.tc-row__reason')?.textContent).toBe(_state === 'running' ? undefined : text.replace(/^Error: /, ''));
    fireEvent.click(disclosureOf('img'));
    expect(within(bodyOf('img')).getByText(text)).toBeTruthy();
    expect(screen.queryByTestId('gallery')).toBeNull();
    expect(probe.received).not.toHaveBeenCalled();
    expect(document.querySelector('.tc-card--image')).toBeNull();
  });

  itWithReferenceLogs('a legacy result without meta (the reference log as recorded) is the image card, labelled from file_path', () => {
    const probe = galleryProbe();
    renderInProvider(
      <>
        <RegisterEntry registration={probe.registration} />
        <ToolCallView node={recordedReadImageNode({ meta: 'as recorded' })} />
      </>,
    );
    expect(disclosureOf('read-image-call').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('gallery')).toBeTruthy();
    expect(document.querySelector('.tc-card__label')?.textContent).toBe('red.png');
    expect(document.body.innerHTML).not.toContain('attachmentId');
    expect(recordedReadImageNode({ meta: 'as recorded' }).result).not.toHaveProperty('meta');
  });

  itWithReferenceLogs('a result whose meta is malformed is the text card: flattened output with a placeholder, collapsed', () => {
    const probe = galleryProbe();
    renderInProvider(
      <>
        <RegisterEntry registration={probe.registration} />
        <ToolCallView node={recordedReadImageNode({ meta: { path: 7 } })} />
      </>,
    );
    const disclosure = disclosureOf('read-image-call');
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(disclosure);
    expect(getByExactText(`${ENVELOPE}\n[image: red.png 1x1]`)).toBeTruthy();
    expect(screen.queryByTestId('gallery')).toBeNull();
    expect(document.body.innerHTML).not.toContain('attachmentId');
  });

  itWithReferenceLogs('words the text card placeholder in zh-CN', () => {
    renderInProvider(<ToolCallView node={recordedReadImageNode({ meta: { path: 7 } })} />, { locale: 'zh-CN' });
    fireEvent.click(disclosureOf('read-image-call'));
    expect(getByExactText(`${ENVELOPE}\n[图像：red.png 1×1]`)).toBeTruthy();
    expect(screen.queryByText(/\[image/)).toBeNull();
  });
});

describe('read', () => {
  it('uses the same row with its text card and an openable path', () => {
    const node = onlyRoot([
      toolCallEvent('r', 'read', JSON.stringify({ file_path: `${CWD}/notes.txt` })),
      toolResultEvent('r', [{ type: 'text', text: 'hello notes' }]),
    ]);
    const onOpenFile = vi.fn<(path: string) => void>();
    renderInProvider(<ToolCallView node={node} />, { onOpenFile });
    fireEvent.click(screen.getByRole('button', { name: 'Open file notes.txt' }));
    expect(onOpenFile).toHaveBeenCalledExactlyOnceWith(`${CWD}/notes.txt`);
    expect(rowOf('r').getAttribute('data-tool')).toBe('read');
    fireEvent.click(disclosureOf('r'));
    expect(screen.getByText('hello notes')).toBeTruthy();
  });
});
