import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect, type FunctionComponent, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionReplay, type MessageOwnerProps, type ToolViewOwnerProps } from '../../../src/components';
import { SessionLogReader, type ParsedSessionLog } from '../../../src/model';
import { ToolCardProvider } from '../../../src/plugins';
import { useSlotRegistry } from '../../../src/slots';
import { CWD, headerLine, toolCallEvent, toolResultEvent } from '../../model/builders';
import { loadImageStub, RegisterEntry } from '../harness';

afterEach(cleanup);

function Providers({ children }: { readonly children: ReactNode }): ReactNode {
  return (
    <ToolCardProvider loadImage={loadImageStub} cwd={CWD}>
      {children}
    </ToolCardProvider>
  );
}

const line = (event: unknown): string => `${JSON.stringify(event)}\n`;
const userSays = (text: string) => line({ type: 'user/message', data: { content: [{ type: 'text', text }], source: { kind: 'user' } } });

/** Renders per call id and per message text, counted in the views the replay's slots render. */
function renderCounter() {
  const renders = new Map<string, number>();
  const count = (key: string): void => {
    renders.set(key, (renders.get(key) ?? 0) + 1);
  };
  const ProbeView: FunctionComponent<ToolViewOwnerProps> = ({ node }) => {
    count(node.callId);
    return <p>{`${node.callId} ${node.status}`}</p>;
  };
  const MessageProbe: FunctionComponent<MessageOwnerProps> = ({ parts }) => {
    const text = parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');
    count(text);
    return <p>{text}</p>;
  };
  function RegisterMessageProbe(): null {
    const registry = useSlotRegistry();
    useEffect(() => registry.register('conversation.message', { owner: 'test-message-probe', priority: 1, component: MessageProbe }), [registry]);
    return null;
  }
  const registration = { slot: 'tool.call.toolview', key: 'probe', priority: 1, component: ProbeView } as const;
  const ui = (log: ParsedSessionLog): ReactNode => (
    <>
      <RegisterEntry registration={registration} />
      <RegisterMessageProbe />
      <SessionReplay log={log} />
    </>
  );
  return { renders, ui, rendersOf: (key: string) => renders.get(key) ?? 0 };
}

describe('SessionReplay of a growing log', () => {
  it('renders an appended row without re-rendering the unchanged ones; a call whose result arrives re-renders', () => {
    const reader = new SessionLogReader();
    reader.append(
      `${headerLine()}\n` +
        userSays('first question') +
        line(toolCallEvent('done-early', 'probe', '{}')) +
        line(toolResultEvent('done-early', [{ type: 'text', text: 'ok' }])) +
        line(toolCallEvent('late', 'probe', '{}')),
    );
    const { ui, rendersOf } = renderCounter();
    const { rerender, getByText } = render(ui(reader.snapshot()), { wrapper: Providers });
    getByText('late running');
    const before = { question: rendersOf('first question'), early: rendersOf('done-early'), late: rendersOf('late') };
    expect(before.early).toBeGreaterThan(0);

    reader.append(line(toolResultEvent('late', [{ type: 'text', text: 'ok' }])) + userSays('appended question'));
    rerender(ui(reader.snapshot()));
    getByText('late settled');
    getByText('appended question');
    expect(rendersOf('first question')).toBe(before.question);
    expect(rendersOf('done-early')).toBe(before.early);
    expect(rendersOf('late')).toBeGreaterThan(before.late);
    expect(rendersOf('appended question')).toBeGreaterThan(0);
  });

  it("keeps the find bar's counts and search current as calls settle and rows arrive", () => {
    const reader = new SessionLogReader();
    reader.append(`${headerLine()}\n` + line(toolCallEvent('slow', 'bash', '{"command":"make"}')));
    const { rerender } = render(<SessionReplay log={reader.snapshot()} />, { wrapper: Providers });
    const bar = screen.getByRole('search', { name: 'Find and filter' });
    const stateLabels = (): (string | null | undefined)[] =>
      within(within(bar).getByRole('group', { name: 'State' }))
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent);
    fireEvent.change(within(bar).getByRole('searchbox', { name: 'Find' }), { target: { value: 'linker' } });
    expect(within(bar).getByText('No matches')).toBeTruthy();
    expect(stateLabels()).toContain('Running (1)');

    reader.append(
      line(toolResultEvent('slow', [{ type: 'text', text: 'linker failed' }], { isError: true, error: { name: 'ExitError', code: '2' } })) +
        line(toolCallEvent('next', 'grep', '{"pattern":"linker"}')),
    );
    rerender(<SessionReplay log={reader.snapshot()} />);
    expect(stateLabels()).toEqual(['Failed (1)', 'Refused (0)', 'Stopped (0)', 'Running (1)', 'With images (0)']);
    expect(within(bar).getByText('2 matches')).toBeTruthy();
  });
});
