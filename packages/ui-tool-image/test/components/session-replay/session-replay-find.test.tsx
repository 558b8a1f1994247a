import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionReplay, type ReplayFilter } from '../../../src/components';
import { parseSessionLog } from '../../../src/model';
import { ToolCardProvider } from '../../../src/plugins';
import { CWD, dispatchEvents, headerLine, HOME, IMAGE_CONTENT, logText, toolCallEvent, toolResultEvent } from '../../model/builders';
import { disclosureOf, loadImageStub } from '../harness';
import { mountedItems } from './replay-feed';

afterEach(() => {
  cleanup();
  window.scrollTo(0, 0);
});

const FILLER = 400;

/**
 * 400 plain reads, then the calls the bar looks for: a failure, a refusal, a stopped call, a running
 * one, an image, and a run_code program whose nested read_image reads login.png.
 */
function findLogEvents(): unknown[] {
  const filler = Array.from({ length: FILLER }, (_, index) => [
    toolCallEvent(`r${String(index)}`, 'read', JSON.stringify({ file_path: `${CWD}/notes${String(index)}.txt` })),
    toolResultEvent(`r${String(index)}`, [{ type: 'text', text: `plain text ${String(index)}` }]),
  ]).flat();
  const [start, settle] = dispatchEvents(
    'ptc',
    { rootCallId: 'prog', parentCallId: 'prog', subCallId: 'sub' },
    'read_image',
    { file_path: `${CWD}/login.png` },
    IMAGE_CONTENT,
  );
  return [
    ...filler,
    toolCallEvent('failed', 'read', JSON.stringify({ file_path: `${CWD}/gone.txt` })),
    toolResultEvent('failed', [{ type: 'text', text: 'Error: gone.txt does not exist' }], { isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' } }),
    toolCallEvent('refused', 'read_image', JSON.stringify({ file_path: 'red.png' })),
    toolResultEvent('refused', [{ type: 'text', text: 'Error: switch to an image-capable model' }], {
      isError: true,
      error: { name: 'ReadImageError', code: 'MODEL_NO_IMAGE_INPUT' },
    }),
    toolCallEvent('stopped', 'bash', '{"command":"sleep 100"}'),
    toolResultEvent('stopped', [{ type: 'text', text: 'interrupted' }], { isError: true, error: { name: 'AbortError', code: 'aborted' } }),
    toolCallEvent('image', 'read_image', JSON.stringify({ file_path: 'red.png' })),
    toolResultEvent('image', IMAGE_CONTENT, { meta: { path: `${CWD}/red.png` } }),
    toolCallEvent('prog', 'run_code', '{"code":"read_image(\'login.png\')"}'),
    start,
    settle,
    toolResultEvent('prog', [{ type: 'text', text: 'program finished' }]),
    toolCallEvent('running', 'grep', '{"pattern":"LOGIN"}'),
  ];
}

const TOTAL = FILLER + 6;

function Providers({ children }: { readonly children: ReactNode }): ReactNode {
  return (
    <ToolCardProvider loadImage={loadImageStub} cwd={CWD} home={HOME}>
      {children}
    </ToolCardProvider>
  );
}

function renderFind(ui: ReactNode = <SessionReplay log={parseSessionLog(logText(findLogEvents()))} />) {
  return render(ui, { wrapper: Providers });
}

function bar(): HTMLElement {
  return screen.getByRole('search', { name: 'Find and filter' });
}

function findInput(): HTMLElement {
  return within(bar()).getByRole('searchbox', { name: 'Find' });
}

function shownCallIds(): string[] {
  return mountedItems().map((item) => item.querySelector('[data-call-id]')?.getAttribute('data-call-id') ?? '');
}

function currentMatch(): HTMLElement | null {
  return document.querySelector('[data-current-match]');
}

function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}): void {
  fireEvent.keyDown(target, { key, ...init });
}

describe('the find bar: counts and filters', () => {
  it('counts each state and each tool, over every item of the log', () => {
    renderFind();
    const states = within(bar()).getByRole('group', { name: 'State' });
    expect(
      within(states)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Failed (1)', 'Refused (1)', 'Stopped (1)', 'Running (1)', 'With images (2)']);
    const tools = within(bar()).getByRole('combobox', { name: 'Tool' });
    expect(
      within(tools)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All tools', `read (${String(FILLER + 1)})`, 'read_image (3)', 'bash (1)', 'grep (1)', 'run_code (1)']);
  });

  it('a state filter shows only those items, and the feed says how many', () => {
    renderFind();
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Failed (1)' }));
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Refused (1)' }));
    expect(shownCallIds()).toEqual(['failed', 'refused']);
    expect(mountedItems().map((item) => item.getAttribute('aria-setsize'))).toEqual(['2', '2']);
    expect(within(bar()).getByText(`Showing 2 of ${String(TOTAL)}`)).toBeTruthy();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Clear' }));
    expect(mountedItems()[0]?.getAttribute('aria-setsize')).toBe(String(TOTAL));
  });

  it('a tool filter finds nested calls too: read_image shows the program that dispatched one', () => {
    renderFind();
    fireEvent.change(within(bar()).getByRole('combobox', { name: 'Tool' }), { target: { value: 'read_image' } });
    expect(shownCallIds()).toEqual(['refused', 'image', 'prog']);
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'With images (2)' }));
    expect(shownCallIds()).toEqual(['image', 'prog']);
  });
});

describe('the find bar: text', () => {
  it('counts matches over paths, arguments and result text, case-insensitively', () => {
    renderFind();
    fireEvent.change(findInput(), { target: { value: 'LOGIN' } });
    // The program's code, its nested call's path, and the running grep's argument.
    expect(within(bar()).getByText('2 matches')).toBeTruthy();
    fireEvent.change(findInput(), { target: { value: 'no such text' } });
    expect(within(bar()).getByText('No matches')).toBeTruthy();
    fireEvent.change(findInput(), { target: { value: 'plain text 39' } });
    expect(within(bar()).getByText('11 matches')).toBeTruthy();
  });

  it('Enter goes to the next match far down the log, opens its row and marks it; Shift+Enter goes back, wrapping', () => {
    renderFind();
    expect(document.querySelector('[data-call-id="prog"]')).toBeNull();
    fireEvent.change(findInput(), { target: { value: 'login.png' } });
    expect(within(bar()).getByText('1 matches')).toBeTruthy();
    press('Enter', findInput());
    expect(within(bar()).getByText('1 of 1')).toBeTruthy();
    const match = currentMatch();
    expect(match?.querySelector('[data-call-id]')?.getAttribute('data-call-id')).toBe('prog');
    expect(disclosureOf('prog').getAttribute('aria-expanded')).toBe('true');
    expect(disclosureOf('sub').getAttribute('aria-expanded')).toBe('true');

    fireEvent.change(findInput(), { target: { value: 'gone' } });
    fireEvent.change(findInput(), { target: { value: 'e' } });
    const total = Number(/(\d+) matches/.exec(bar().textContent)?.[1]);
    press('Enter', findInput(), { shiftKey: true });
    expect(within(bar()).getByText(`${String(total)} of ${String(total)}`)).toBeTruthy();
    press('Enter', findInput());
    expect(within(bar()).getByText(`1 of ${String(total)}`)).toBeTruthy();
  });

  it('finds only within what the filters show', () => {
    renderFind();
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Running (1)' }));
    fireEvent.change(findInput(), { target: { value: 'login' } });
    expect(within(bar()).getByText('1 matches')).toBeTruthy();
    press('Enter', findInput());
    expect(currentMatch()?.querySelector('[data-call-id]')?.getAttribute('data-call-id')).toBe('running');
  });

  it('keeps the filter where the embedder keeps it (controlled), telling it every change', () => {
    const changes: ReplayFilter[] = [];
    function Controlled(): ReactNode {
      const [filter, setFilter] = useState<ReplayFilter>({ tool: 'bash', states: [], text: '' });
      return (
        <SessionReplay
          log={parseSessionLog(logText(findLogEvents()))}
          filter={filter}
          onFilterChange={(next) => {
            changes.push(next);
            setFilter(next);
          }}
        />
      );
    }
    renderFind(<Controlled />);
    expect(shownCallIds()).toEqual(['stopped']);
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Stopped (1)' }));
    expect(changes).toEqual([{ tool: 'bash', states: ['stopped'], text: '' }]);
  });
});

describe('the replay keys', () => {
  it('/ focuses the search; j and k move between rows in order; o opens and closes the row', () => {
    renderFind();
    press('/');
    expect(document.activeElement).toBe(findInput());
    // Typed into the search, j is a letter, not a command.
    press('j', findInput());
    expect(document.activeElement).toBe(findInput());

    act(() => {
      findInput().blur();
    });
    press('j');
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('1');
    press('j', document.activeElement ?? document.body);
    press('j', document.activeElement ?? document.body);
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('3');
    press('k', document.activeElement ?? document.body);
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('2');
    press('o', document.activeElement ?? document.body);
    expect(disclosureOf('r1').getAttribute('aria-expanded')).toBe('true');
    press('o', document.activeElement ?? document.body);
    expect(disclosureOf('r1').getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves keys alone outside the replay and with a modifier', () => {
    render(
      <>
        <button type="button">elsewhere</button>
        <Providers>
          <SessionReplay log={parseSessionLog(logText(findLogEvents()))} />
        </Providers>
      </>,
    );
    press('/', screen.getByRole('button', { name: 'elsewhere' }));
    expect(document.activeElement).not.toBe(findInput());
    press('/', document.body, { ctrlKey: true });
    expect(document.activeElement).not.toBe(findInput());
  });
});

describe('the problems list', () => {
  it('each entry goes to its row, far down the log, and focuses it', () => {
    const events = findLogEvents();
    const text = [
      headerLine(),
      ...events.slice(0, 600).map((event) => JSON.stringify(event)),
      '{not json',
      ...events.slice(600).map((event) => JSON.stringify(event)),
    ].join('\n');
    renderFind(<SessionReplay log={parseSessionLog(text)} />);
    const problems = screen.getByRole('region', { name: 'Problems in this log' });
    // Line 602 is the malformed one: after the header and 600 events, i.e. after r299's result.
    fireEvent.click(within(problems).getByRole('button', { name: 'Line 602 malformed JSON' }));
    expect(document.activeElement?.querySelector('[data-call-id]')?.getAttribute('data-call-id')).toBe('r299');
  });

  it('clears the filters first when the row is filtered out', () => {
    const text = `${logText(findLogEvents())}{not json\n`;
    renderFind(<SessionReplay log={parseSessionLog(text)} />);
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Failed (1)' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Problems in this log' })).getByRole('button', { name: /malformed JSON/ }));
    expect(document.activeElement?.querySelector('[data-call-id]')?.getAttribute('data-call-id')).toBe('running');
    expect(within(bar()).getByRole<HTMLInputElement>('checkbox', { name: 'Failed (1)' }).checked).toBe(false);
  });
});

describe('the find bar in zh-CN', () => {
  it('labels the bar, its states and its counts in Chinese', () => {
    render(
      <ToolCardProvider loadImage={loadImageStub} locale="zh-CN">
        <SessionReplay log={parseSessionLog(logText(findLogEvents()))} />
      </ToolCardProvider>,
    );
    const search = screen.getByRole('search', { name: '查找和筛选' });
    expect(within(search).getByRole('searchbox', { name: '查找' })).toBeTruthy();
    expect(within(search).getByRole('checkbox', { name: '失败（1）' })).toBeTruthy();
    fireEvent.change(within(search).getByRole('searchbox', { name: '查找' }), { target: { value: 'login' } });
    expect(within(search).getByText('2 个匹配')).toBeTruthy();
  });
});
