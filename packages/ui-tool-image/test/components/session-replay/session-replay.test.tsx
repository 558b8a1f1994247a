import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionReplay, type ToolViewOwnerProps } from '../../../src/components';
import { parseSessionLog } from '../../../src/model';
import { CWD, dispatchEvents, headerLine, HOME, IMAGE_CONTENT, logText, toolCallEvent, toolResultEvent } from '../../model/builders';
import { ToolCardProvider } from '../../../src/plugins';
import { bodyOf, cardLabel, disclosureOf, getByExactText, loadImageStub, RegisterEntry, renderInProvider, rowOf } from '../harness';
import { describeWithReferenceLogs, itWithReferenceLogs, referenceLog } from '../../support/reference-logs';
import { mountedItems } from './replay-feed';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function precedes(a: Node, b: Node): boolean {
  return (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}

function userMessage(text: string, kind = 'user'): Record<string, unknown> {
  return { type: 'user/message', data: { content: [{ type: 'text', text }], source: { kind }, role: 'user' } };
}

function assistantMessage(text: string): Record<string, unknown> {
  return { type: 'assistant/message', data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text }] } } };
}

describeWithReferenceLogs('SessionReplay of the reference logs', () => {
  it('read-image (recorded before meta): messages in order and the result as an image card without raw attachment JSON', () => {
    renderInProvider(<SessionReplay log={parseSessionLog(referenceLog('read-image', CWD))} />);
    const prompt = screen.getByText('Use read_image to look at red.png in the current directory, then reply with exactly the single word DONE.');
    const row = rowOf('read-image-call');
    const reply = screen.getByText('DONE');
    expect(precedes(prompt, row) && precedes(row, reply)).toBe(true);
    expect(screen.queryByText(/Current runtime context/)).toBeNull();
    expect(row.getAttribute('data-state')).toBe('done');
    expect(row.querySelector('.tc-row__summary')?.textContent).toContain('red.png');
    expect(document.body.innerHTML).not.toContain('"attachmentId"');

    expect(disclosureOf('read-image-call').getAttribute('aria-expanded')).toBe('true');
    expect(getByExactText(`<path>${CWD}/red.png</path>\n<type>image</type>\n<content>\nimage/png image, 1x1 px, 69 bytes\n</content>`)).toBeTruthy();
    expect(document.querySelector('.tc-card--image .tc-card__label')?.textContent).toBe('red.png');
    expect(document.body.innerHTML).not.toContain('attachmentId');
    expect(screen.queryByText('Problems in this log')).toBeNull();
  });

  it('read-image-text-route: the refusal text and the reply', () => {
    renderInProvider(<SessionReplay log={parseSessionLog(referenceLog('read-image-text-route', CWD))} />);
    expect(rowOf('read-image-refused').getAttribute('data-state')).toBe('refused');
    expect(screen.getByText('UNAVAILABLE')).toBeTruthy();
    const refusal =
      'Error: cannot read "red.png" as an image: model "deepseek-v4-flash" does not declare image input; switch to an image-capable model to read images';
    // Readable at a glance, before the row is opened: the reason, without the common subject.
    expect(rowOf('read-image-refused').querySelector('.tc-row__reason')?.textContent).toBe(refusal.slice(refusal.indexOf('model ')));
    fireEvent.click(disclosureOf('read-image-refused'));
    expect(within(bodyOf('read-image-refused')).getByText(refusal)).toBeTruthy();
  });

  it("inline-image-prompt: the pasted image shows in place, between the prompt's two text blocks, through the gallery", () => {
    renderInProvider(<SessionReplay log={parseSessionLog(referenceLog('inline-image-prompt', CWD))} />);
    const message = document.querySelector('.tc-message--user');
    const children = [...(message?.children ?? [])].map((child) => child.className);
    expect(children).toEqual(['tc-message__role', 'tc-message__text', 'tc-message__images', 'tc-message__text']);
    const gallery = within(message as HTMLElement).getByRole('group', { name: 'Images' });
    expect(gallery.querySelectorAll('.tc-gallery__tile')).toHaveLength(1);
    expect(document.body.innerHTML).not.toContain('attachmentId');
    expect(document.body.innerHTML).not.toMatch(/base64|data:image/);
  });

  it('code-mode-read-image: the nested card is visible without a click, and the deferred context message shows the same image', () => {
    renderInProvider(<SessionReplay log={parseSessionLog(referenceLog('code-mode-read-image', CWD))} />);
    const nested = rowOf('code-image-call:code:2');
    expect(rowOf('code-image-call').contains(nested)).toBe(true);
    expect(disclosureOf('code-image-call').getAttribute('aria-expanded')).toBe('false');
    expect(nested.querySelector('.tc-card__label')?.textContent).toBe('red.png');
    const context = document.querySelector('.tc-message--context');
    expect(within(context as HTMLElement).getByText('Context for the model')).toBeTruthy();
    expect(context?.querySelectorAll('.tc-gallery__tile')).toHaveLength(1);
    // The runtime-context snapshot is plumbing, not conversation.
    expect(screen.queryByText(/Current runtime context/)).toBeNull();
  });

  it.each(['read-image', 'read-image-dimension', 'read-image-text-route', 'inline-image-prompt', 'code-mode-read-image'])(
    '%s: no problem listed, one quiet line for the events it does not show',
    (name) => {
      const log = parseSessionLog(referenceLog(name, CWD));
      renderInProvider(<SessionReplay log={log} />);
      expect(screen.queryByText('Problems in this log')).toBeNull();
      const skipped = log.otherEvents.reduce((sum, { count }) => sum + count, 0);
      expect(document.querySelector('.tc-other-events summary')?.textContent).toBe(`Other events not shown: ${skipped} (types: ${log.otherEvents.length})`);
    },
  );
});

describe('SessionReplay structure', () => {
  it("shows paths relative to the log's own cwd when the provider names none", () => {
    const log = parseSessionLog(logText([toolCallEvent('r', 'read', JSON.stringify({ file_path: `${CWD}/src/a.ts` }))]));
    render(
      <ToolCardProvider loadImage={loadImageStub}>
        <SessionReplay log={log} />
      </ToolCardProvider>,
    );
    expect(rowOf('r').querySelector('.tc-row__summary')?.textContent).toBe('src/a.ts');
  });

  it('renders a nested dispatch inside its parent row, and the deferred context message as a note', () => {
    const [start, settle] = dispatchEvents(
      'ptc',
      { rootCallId: 'prog', parentCallId: 'prog', subCallId: 'sub' },
      'read_image',
      { file_path: `${CWD}/a.png` },
      IMAGE_CONTENT,
    );
    const log = parseSessionLog(
      logText([
        toolCallEvent('prog', 'run_code', '{"code":"read_image(\'a.png\')"}'),
        start,
        settle,
        toolResultEvent('prog', [{ type: 'text', text: 'program finished' }]),
        userMessage('deferred image context', 'ptc-mode'),
        assistantMessage('looked at it'),
      ]),
    );
    renderInProvider(<SessionReplay log={log} />);
    // Sub-rows are always shown: the parent's toggle hides only its own IN/OUT.
    const child = rowOf('sub');
    expect(disclosureOf('prog').getAttribute('aria-expanded')).toBe('false');
    expect(rowOf('prog').contains(child)).toBe(true);
    expect(rowOf('prog').querySelector('.tc-row__body')?.contains(child)).toBe(false);
    expect(child.getAttribute('data-tool')).toBe('read_image');
    expect(child.querySelector('.tc-card__label')?.textContent).toBe('a.png');
    fireEvent.click(disclosureOf('prog'));
    expect(rowOf('prog').querySelector('.tc-row__body')?.textContent).toContain('program finished');
    fireEvent.click(disclosureOf('prog'));
    expect(rowOf('sub')).toBe(child);
    expect(document.querySelectorAll('.tc-replay__item > .tc-row')).toHaveLength(1);
    const note = screen.getByText('deferred image context').closest('.tc-message');
    expect(note?.classList.contains('tc-message--context')).toBe(true);
    expect(within(note as HTMLElement).getByText('Context for the model')).toBeTruthy();
    expect(precedes(rowOf('prog'), note as HTMLElement) && precedes(note as HTMLElement, screen.getByText('looked at it'))).toBe(true);
  });

  it('places each top-level call where the log first creates it, between the messages around it', () => {
    const [orphanStart, orphanSettle] = dispatchEvents('ptc', { rootCallId: 'lost', parentCallId: 'lost', subCallId: 'lost:1' }, 'read', {}, []);
    const log = parseSessionLog(
      logText([
        userMessage('first'),
        toolResultEvent('headless', [{ type: 'text', text: 'orphan' }]),
        assistantMessage('after headless'),
        orphanStart,
        assistantMessage('after orphan start'),
        toolCallEvent('late', 'bash', '{"command":"ls"}'),
        assistantMessage('after late call'),
        orphanSettle,
        toolResultEvent('late', [{ type: 'text', text: 'listing' }]),
        assistantMessage('last'),
      ]),
    );
    renderInProvider(<SessionReplay log={log} />);
    const order = mountedItems().map(
      (item) => item.querySelector('.tc-row')?.getAttribute('data-call-id') ?? item.querySelector('.tc-message__text')?.textContent,
    );
    expect(order).toEqual(['first', 'headless', 'after headless', 'lost:1', 'after orphan start', 'late', 'after late call', 'last']);
  });

  it('shows the other event types as one quiet line that opens to a table, most frequent first', () => {
    const others = [
      { type: 'step/start', data: {} },
      { type: 'assistant/chunk', data: {} },
      { type: 'assistant/chunk', data: {} },
      { type: 'x/y', data: {} },
    ];
    renderInProvider(<SessionReplay log={parseSessionLog(logText([userMessage('hi'), ...others]))} />);
    const details = document.querySelector<HTMLDetailsElement>('details.tc-other-events');
    if (details === null) throw new Error('no other-events line');
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Other events not shown: 4 (types: 3)');
    const table = within(details).getByRole('table', { name: 'Events not shown, by type' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Event type', 'Events'],
      ['assistant/chunk', '2'],
      ['step/start', '1'],
      ['x/y', '1'],
    ]);
    expect(screen.queryByText('Problems in this log')).toBeNull();
  });

  it('has no other-events line when the log has only what it shows', () => {
    renderInProvider(<SessionReplay log={parseSessionLog(logText([userMessage('hi')]))} />);
    expect(document.querySelector('.tc-other-events')).toBeNull();
  });

  it('lists the problems of a malformed log by line, and still renders what it could read', () => {
    const text = [
      headerLine(),
      JSON.stringify(userMessage('hello')),
      '{not json',
      JSON.stringify({ type: 'mystery/event', data: {} }),
      JSON.stringify(toolResultEvent('lost', [{ type: 'text', text: 'orphan' }])),
      '{"type":"tool/call","data":{"callId":"cut',
    ].join('\n');
    renderInProvider(<SessionReplay log={parseSessionLog(text)} />);
    const problems = screen.getByRole('region', { name: 'Problems in this log' });
    const items = within(problems)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Line 3 malformed JSON',
      'Line 5 result for call lost, whose call head is not in the log',
      'Line 6 truncated last line (log still being written?)',
    ]);
    expect(screen.getByText('hello')).toBeTruthy();
    expect(rowOf('lost')).toBeTruthy();
  });

  it('contains a crashing toolview to its row: the generic row shows, other rows render, onSlotError is told', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSlotError = vi.fn();
    const crashing = {
      slot: 'tool.call.toolview',
      key: 'read_image',
      priority: 1,
      component: ({ node }: ToolViewOwnerProps): never => {
        throw new Error(`cannot render ${node.callId}`);
      },
    } as const;
    const log = parseSessionLog(
      logText([
        toolCallEvent('img', 'read_image', '{"file_path":"red.png"}'),
        toolResultEvent('img', IMAGE_CONTENT, { meta: { path: `${CWD}/red.png` } }),
        toolCallEvent('r', 'read', '{"file_path":"notes.txt"}'),
        toolResultEvent('r', [{ type: 'text', text: 'notes' }]),
      ]),
    );
    renderInProvider(
      <>
        <RegisterEntry registration={crashing} />
        <SessionReplay log={log} />
      </>,
      { onSlotError },
    );
    const fallback = rowOf('img');
    expect(fallback.getAttribute('data-tool')).toBe('read_image');
    fireEvent.click(disclosureOf('img'));
    expect(within(fallback).getByText('IN')).toBeTruthy();
    expect(rowOf('r').getAttribute('data-state')).toBe('done');
    expect(onSlotError).toHaveBeenCalledWith({
      slot: 'tool.call.toolview',
      entryKey: 'read_image',
      owner: 'test-toolview',
      error: new Error('cannot render img'),
    });
  });
});

describe('SessionReplay of a log still being written', () => {
  const LIVE_EVENTS = [
    userMessage('look at red.png'),
    toolCallEvent('img', 'read_image', JSON.stringify({ file_path: 'red.png' })),
    toolResultEvent('img', IMAGE_CONTENT, { meta: { path: `${CWD}/red.png` } }),
    assistantMessage('it is red'),
  ];

  /** The replay of the first `count` events, as a live view re-renders it while the log grows. */
  function replayOfPrefix(count: number, options: { expandImageResults?: boolean } = {}): ReactNode {
    return (
      <ToolCardProvider loadImage={loadImageStub} cwd={CWD} home={HOME} {...options}>
        <SessionReplay log={parseSessionLog(logText(LIVE_EVENTS.slice(0, count)))} />
      </ToolCardProvider>
    );
  }

  it('expands a running read_image row when it settles as an image card', () => {
    const { rerender } = render(replayOfPrefix(2));
    const disclosure = disclosureOf('img');
    expect(rowOf('img').getAttribute('data-state')).toBe('running');
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');

    rerender(replayOfPrefix(4));
    expect(disclosureOf('img')).toBe(disclosure);
    expect(rowOf('img').getAttribute('data-state')).toBe('done');
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    expect(cardLabel(rowOf('img'), 'red.png')).toBeTruthy();
  });

  it('keeps a row the person toggled while it ran as they left it', () => {
    const { rerender } = render(replayOfPrefix(2));
    const disclosure = disclosureOf('img');
    fireEvent.click(disclosure);
    fireEvent.click(disclosure);
    rerender(replayOfPrefix(4));
    expect(rowOf('img').getAttribute('data-state')).toBe('done');
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('.tc-card--image')).toBeNull();
  });

  it('leaves the settled image card collapsed when expandImageResults is false', () => {
    const { rerender } = render(replayOfPrefix(2, { expandImageResults: false }));
    rerender(replayOfPrefix(4, { expandImageResults: false }));
    expect(rowOf('img').getAttribute('data-state')).toBe('done');
    expect(disclosureOf('img').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('SessionReplay in zh-CN', () => {
  itWithReferenceLogs('shows Chinese labels', () => {
    const log = parseSessionLog(referenceLog('read-image', CWD) + '{broken\n{"type":"turn/end"');
    renderInProvider(<SessionReplay log={log} />, { locale: 'zh-CN' });
    expect(screen.getByRole('region', { name: '会话回放' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '读取图像 已完成' })).toBeTruthy();
    expect(screen.getByText('用户')).toBeTruthy();
    expect(screen.getByText('助手')).toBeTruthy();
    const problems = screen.getByRole('region', { name: '日志中的问题' });
    expect(within(problems).getAllByText(/^第 \d+ 行$/)).toHaveLength(2);
  });

  it('labels the generic body and its states in Chinese', () => {
    renderInProvider(<SessionReplay log={parseSessionLog(logText([toolCallEvent('g', 'grep', '{"pattern":"x"}')]))} />, { locale: 'zh-CN' });
    fireEvent.click(screen.getByRole('button', { name: '文本搜索 运行中' }));
    expect(screen.getByText('输入')).toBeTruthy();
    expect(screen.getByText('输出')).toBeTruthy();
    expect(screen.getByText('尚无结果')).toBeTruthy();
  });
});
