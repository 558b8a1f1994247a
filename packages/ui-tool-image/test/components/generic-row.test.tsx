import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolCallView } from '../../src/components';
import { IMAGE_CONTENT, onlyRoot, toolCallEvent, toolResultEvent } from '../model/builders';
import { disclosureOf, getByExactText, renderInProvider } from './harness';

afterEach(cleanup);

function openRow(callId: string): void {
  fireEvent.click(disclosureOf(callId));
}

describe('generic row IN/OUT', () => {
  it('shows valid JSON arguments indented and the flattened output', () => {
    const node = onlyRoot([
      toolCallEvent('g', 'grep', '{"pattern":"TODO","path":"src"}'),
      toolResultEvent('g', [{ type: 'text', text: 'src/a.ts:3: TODO' }]),
    ]);
    renderInProvider(<ToolCallView node={node} />);
    expect(screen.queryByText('IN')).toBeNull();
    openRow('g');
    expect(screen.getByText('IN')).toBeTruthy();
    expect(screen.getByText('OUT')).toBeTruthy();
    expect(getByExactText('{\n  "pattern": "TODO",\n  "path": "src"\n}')).toBeTruthy();
    expect(getByExactText('src/a.ts:3: TODO')).toBeTruthy();
  });

  it('shows invalid JSON arguments exactly as recorded', () => {
    const node = onlyRoot([toolCallEvent('g', 'shell', '{"command": "ls -la'), toolResultEvent('g', [{ type: 'text', text: 'ok' }])]);
    renderInProvider(<ToolCallView node={node} />);
    openRow('g');
    expect(getByExactText('{"command": "ls -la')).toBeTruthy();
  });

  it('replaces image blocks by the placeholder, never the raw attachment', () => {
    const node = onlyRoot([toolCallEvent('g', 'screenshot', '{}'), toolResultEvent('g', IMAGE_CONTENT)]);
    renderInProvider(<ToolCallView node={node} />);
    openRow('g');
    expect(document.querySelector('.tc-io')?.textContent).toContain('[image: red.png 1x1]');
    expect(document.body.innerHTML).not.toContain('attachmentId');
  });

  it('says so when there is no result yet or no recorded arguments', () => {
    const running = onlyRoot([toolCallEvent('g', 'bash', '{"command":"sleep 9"}')]);
    renderInProvider(<ToolCallView node={running} />);
    openRow('g');
    expect(screen.getByText('No result yet')).toBeTruthy();
    cleanup();
    const headless = onlyRoot([toolResultEvent('h', [{ type: 'text', text: 'orphan output' }])]);
    renderInProvider(<ToolCallView node={headless} />);
    openRow('h');
    expect(screen.getByText('No arguments recorded')).toBeTruthy();
    expect(screen.getByText('orphan output')).toBeTruthy();
  });
});
