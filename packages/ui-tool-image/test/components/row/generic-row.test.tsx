import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionReplay, ToolCallView } from '../../../src/components';
import { readAgentLog } from '../../../src/model';
import { IMAGE_CONTENT, onlyRoot, RED_PNG_REF, toolCallEvent, toolResultEvent, UNNAMED_RED_PNG_REF } from '../../model/builders';
import { disclosureOf, getByExactText, renderInProvider, rowOf } from '../harness';
import claudeCodeFailures from '../../../../../stories/fixtures/agents/logs/claude-code-failures.jsonl?raw';

/** The failed `Read` of /home/qa/project/screenshots/signup.png in a session whose cwd is /home/qa/project. */
const READ_CALL_ID = 'toolu_03A1';

afterEach(cleanup);

function openRow(callId: string): void {
  fireEvent.click(disclosureOf(callId));
}

describe('generic row IN/OUT', () => {
  it('shows valid JSON arguments indented and the flattened output', () => {
    const node = onlyRoot([toolCallEvent('g', 'grep', '{"pattern":"TODO","path":"src"}'), toolResultEvent('g', [{ type: 'text', text: 'src/a.ts:3: TODO' }])]);
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

  it.each([
    ['en', 'before\n[image: red.png 1x1]\n[image 640x480]\n[image]\n[unsupported content]'],
    ['zh-CN', 'before\n[图像：red.png 1×1]\n[图像 640×480]\n[图像]\n[不支持的内容]'],
  ] as const)('words every placeholder in the %s locale', (locale, output) => {
    const content = [
      { type: 'text', text: 'before' },
      { type: 'image', attachment: RED_PNG_REF },
      { type: 'image', attachment: { ...UNNAMED_RED_PNG_REF, width: 640, height: 480 } },
      { type: 'image', attachment: { ...RED_PNG_REF, bytes: -1 } },
      { type: 'tool-call', id: 'x' },
    ];
    const node = onlyRoot([toolCallEvent('g', 'screenshot', '{}'), toolResultEvent('g', content)]);
    renderInProvider(<ToolCallView node={node} />, { locale });
    openRow('g');
    expect(getByExactText(output)).toBeTruthy();
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

describe('another agent’s file tool row', () => {
  it('a Claude Code Read with no image card shows its path relative to the session’s cwd, shortened in the middle, whole on hover', () => {
    renderInProvider(<SessionReplay log={readAgentLog(claudeCodeFailures)} />);
    const path = rowOf(READ_CALL_ID).querySelector<HTMLElement>(':scope > .tc-row__header .tc-path');
    expect(path?.getAttribute('title')).toBe('screenshots/signup.png');
    expect(path?.querySelector('.tc-path__directory')?.textContent).toBe('screenshots/');
    expect(path?.querySelector('.tc-path__name')?.textContent).toBe('signup.png');
  });
});
