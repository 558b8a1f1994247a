import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolCallView, ToolRow } from '../../../src/components';
import { disclosureOf, renderInProvider } from '../harness';
import { toolRowModel, type ToolCallNode } from '../../../src/model';
import { CWD, onlyRoot, toolCallEvent, toolResultEvent } from '../../model/builders';

afterEach(cleanup);

const RAW_PATH = `${CWD}/docs/a file.md`;

function readNode(result?: Parameters<typeof toolResultEvent>[2] & { text?: string }): ToolCallNode {
  const call = toolCallEvent('call-7', 'read', JSON.stringify({ file_path: RAW_PATH }));
  if (result === undefined) return onlyRoot([call]);
  const { text = 'contents', ...extra } = result;
  return onlyRoot([call, toolResultEvent('call-7', [{ type: 'text', text }], extra)]);
}

function renderRow(node: ToolCallNode, onOpenFile = vi.fn<(path: string) => void>(), autoExpand?: boolean) {
  const row = toolRowModel(node, { cwd: CWD });
  render(
    <ToolRow node={node} row={row} onOpenFile={onOpenFile} {...(autoExpand === undefined ? {} : { autoExpand })}>
      <p>row body</p>
    </ToolRow>,
  );
  const disclosure = document.querySelector<HTMLElement>('button[aria-expanded]');
  if (disclosure === null) throw new Error('no disclosure');
  return { onOpenFile, disclosure };
}

describe('ToolRow disclosure', () => {
  it('toggles aria-expanded and mounts the body only while open', () => {
    const { disclosure } = renderRow(readNode({}));
    const body = document.getElementById(disclosure.getAttribute('aria-controls') ?? '');
    expect(body).not.toBeNull();
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('row body')).toBeNull();

    fireEvent.click(disclosure);
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    expect(body?.hidden).toBe(false);
    expect(body?.textContent).toBe('row body');

    fireEvent.click(disclosure);
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('row body')).toBeNull();
  });

  it('follows autoExpand until the person toggles the row, then keeps their choice', () => {
    const node = readNode({});
    const row = toolRowModel(node, { cwd: CWD });
    const view = (autoExpand: boolean) => (
      <ToolRow node={node} row={row} autoExpand={autoExpand}>
        <p>row body</p>
      </ToolRow>
    );
    const { rerender } = render(view(false));
    const disclosure = screen.getByRole('button', { expanded: false });
    rerender(view(true));
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('row body')).toBeTruthy();

    fireEvent.click(disclosure);
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    rerender(view(false));
    rerender(view(true));
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('row body')).toBeNull();
  });

  it('starts open when asked to', () => {
    const { disclosure } = renderRow(readNode({}), undefined, true);
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('row body')).toBeTruthy();
  });
});

describe('ToolRow summary', () => {
  it('shows the display path on a button beside the disclosure that opens the raw path', () => {
    const { onOpenFile, disclosure } = renderRow(readNode({}));
    const summary = screen.getByRole('button', { name: 'Open file docs/a file.md' });
    expect(disclosure.contains(summary)).toBe(false);
    fireEvent.click(summary);
    expect(onOpenFile).toHaveBeenCalledExactlyOnceWith(RAW_PATH);
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
  });

  it.each(['Enter', ' '])('opens the file on %j and does not toggle the row', (key) => {
    const { onOpenFile, disclosure } = renderRow(readNode({}));
    const summary = screen.getByRole('button', { name: /^Open file/ });
    const notPrevented = fireEvent.keyDown(summary, { key });
    expect(notPrevented).toBe(false);
    expect(onOpenFile).toHaveBeenCalledExactlyOnceWith(RAW_PATH);
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('row body')).toBeNull();
  });

  it('ignores other keys', () => {
    const { onOpenFile } = renderRow(readNode({}));
    fireEvent.keyDown(screen.getByRole('button', { name: /^Open file/ }), { key: 'a' });
    expect(onOpenFile).not.toHaveBeenCalled();
  });

  it('is shortened in the middle: the directory and the file name apart, the whole path on hover', () => {
    renderRow(readNode({}));
    const path = document.querySelector('.tc-row__summary .tc-path');
    expect(path?.getAttribute('title')).toBe('docs/a file.md');
    expect(path?.querySelector('.tc-path__directory')?.textContent).toBe('docs/');
    expect(path?.querySelector('.tc-path__name')?.textContent).toBe('a file.md');
  });

  it('is openable while the call runs', () => {
    renderRow(readNode());
    expect(screen.getByRole('button', { name: 'Open file docs/a file.md' })).toBeTruthy();
  });

  it.each([
    ['failed', { isError: true, text: 'Error: no such file' }],
    ['stopped', { error: { name: 'AbortError', code: 'aborted' }, text: 'aborted' }],
  ])('is plain text, not a button, for a %s call', (_state, result) => {
    renderRow(readNode(result));
    expect(document.querySelector('span.tc-row__summary')?.textContent).toBe('docs/a file.md');
    expect(screen.queryByRole('button', { name: /Open file/ })).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});

describe('ToolRow at a glance: why a failed or stopped call ended', () => {
  const longReason = `Error: cannot read "shots/a.png" as an image: ${'the file is far too large to read; '.repeat(8)}downscale it first`;

  it.each([
    ['failed', { isError: true, text: `\n  ${longReason}  \nsecond line of detail` }, 'Failed', longReason.slice(longReason.indexOf('the file'))],
    ['stopped', { error: { name: 'AbortError', code: 'interrupted' }, text: 'Interrupted by the user\nmore' }, 'Stopped', 'Interrupted by the user'],
  ] as const)('a %s row leads with the reason of its first line while collapsed, and says it in its name', (_state, result, stateLabel, shown) => {
    const { disclosure } = renderRow(readNode(result));
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    const reason = document.querySelector('.tc-row__header .tc-row__reason');
    expect(reason?.textContent).toBe(shown);
    expect(screen.getByRole('button', { name: `Read ${stateLabel} ${shown}` })).toBe(disclosure);
    expect(reason?.textContent).not.toContain('second line');
    expect(reason?.textContent).not.toContain('cannot read');
  });

  it('opened, the row shows the whole message in its body', () => {
    renderInProvider(<ToolCallView node={readNode({ isError: true, text: `${longReason}\nsecond line of detail` })} />);
    fireEvent.click(disclosureOf('call-7'));
    expect(document.querySelector('.tc-row__body')?.textContent).toContain(`${longReason}\nsecond line of detail`);
  });

  it.each([
    ['running', undefined],
    ['done', { text: 'all good' }],
  ] as const)('a %s row has no reason line', (_state, result) => {
    renderRow(readNode(result));
    expect(document.querySelector('.tc-row__reason')).toBeNull();
  });
});

describe('ToolRow attributes and state', () => {
  it('carries data-tool, data-state and data-call-id on the row root', () => {
    renderRow(readNode({}));
    const root = document.querySelector('.tc-row');
    expect(root?.getAttribute('data-tool')).toBe('read');
    expect(root?.getAttribute('data-state')).toBe('done');
    expect(root?.getAttribute('data-call-id')).toBe('call-7');
  });

  it.each([
    [undefined, 'Running', 'true'],
    [{}, 'Done', null],
    [{ isError: true }, 'Failed', null],
    [{ error: { code: 'interrupted' } }, 'Stopped', null],
  ] as const)('announces the state (%j → %s) in the disclosure name, busy only while running', (result, state, busy) => {
    const { disclosure } = renderRow(readNode(result));
    expect(screen.getByText(state).className).toBe('tc-row__state-label');
    expect(disclosure.textContent).toBe(`Read ${state}`);
    // A failed or stopped call's name goes on with why it ended (the reason line, see below).
    expect(screen.getByRole('button', { name: new RegExp(`^Read ${state}( |$)`) })).toBe(disclosure);
    expect(document.querySelector('.tc-row')?.getAttribute('aria-busy')).toBe(busy);
  });

  it('announces a call whose arguments are still streaming as preparing', () => {
    renderRow(onlyRoot([toolCallEvent('p', 'read', '{"file_pa')]));
    expect(screen.getByText('Preparing')).toBeTruthy();
    expect(document.querySelector('.tc-row')?.getAttribute('aria-busy')).toBe('true');
  });

  it('titles an unknown tool by its recorded name, and a nameless call generically', () => {
    const named = onlyRoot([toolCallEvent('u', 'mystery_tool', '{}')]);
    render(<ToolRow node={named} row={toolRowModel(named)} />);
    expect(screen.getByRole('button', { name: /^mystery_tool/ })).toBeTruthy();
    cleanup();
    const nameless = onlyRoot([toolResultEvent('ghost', [{ type: 'text', text: 'x' }])]);
    render(<ToolRow node={nameless} row={toolRowModel(nameless)} />);
    expect(screen.getByRole('button', { name: 'Tool Done' })).toBeTruthy();
    expect(document.querySelector('.tc-row')?.hasAttribute('data-tool')).toBe(false);
  });
});

describe('ToolRow awaiting approval', () => {
  const awaiting: ToolCallNode = { ...readNode(), approval: { id: 'approval-1' } } as ToolCallNode;

  it('says it waits, and offers Approve and Reject that answer with the approval id', () => {
    const onApprove = vi.fn();
    const onReject = vi.fn();
    renderInProvider(<ToolCallView node={awaiting} />, { onApprove, onReject });
    expect(screen.getByText('Awaiting approval').className).toBe('tc-row__state-label');
    expect(document.querySelector('.tc-row')?.getAttribute('data-state')).toBe('awaiting-approval');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledExactlyOnceWith('approval-1', awaiting);
    expect(onReject).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onReject).toHaveBeenCalledExactlyOnceWith('approval-1', awaiting);
    expect(onApprove).toHaveBeenCalledOnce();
  });

  it('offers only the answers the app handles, and none without handlers', () => {
    renderInProvider(<ToolCallView node={awaiting} />, { onReject: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
    cleanup();
    renderInProvider(<ToolCallView node={awaiting} />);
    expect(screen.getByText('Awaiting approval')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });

  it('a running call has no answers to give, even with handlers', () => {
    renderInProvider(<ToolCallView node={readNode()} />, { onApprove: vi.fn(), onReject: vi.fn() });
    expect(screen.getByText('Running')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });
});

describe('ToolRow badges: every state its own word', () => {
  it.each([
    [readNode({ isError: true, text: 'Error: cannot read "a.png" as an image: model "m" does not declare image input; switch' }), 'refused', 'Refused'],
    [readNode({ isError: true, text: 'Error: cannot read "a.png" as an image: the file does not exist' }), 'error', 'Failed'],
  ] as const)('%#: data-state %s, badge %s', (node, state, word) => {
    renderInProvider(<ToolCallView node={node} />);
    expect(document.querySelector('.tc-row')?.getAttribute('data-state')).toBe(state);
    expect(document.querySelector('.tc-row__state-label')?.textContent).toBe(word);
  });
});
