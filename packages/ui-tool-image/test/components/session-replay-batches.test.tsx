import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionReplay } from '../../src/components';
import { FIRST_BATCH, LATER_BATCH } from '../../src/components/session-replay/mounted-prefix';
import { parseSessionLog } from '../../src/model';
import { ToolCardProvider } from '../../src/plugins';
import { CWD, HOME, logText, toolCallEvent, toolResultEvent } from '../model/builders';
import { loadImageStub } from './harness';
import { mountedItems, replaySection, untilAllItemsMounted } from './replay-progress';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function readCallEvents(id: string): unknown[] {
  return [toolCallEvent(id, 'read', JSON.stringify({ file_path: `${CWD}/${id}.txt` })), toolResultEvent(id, [{ type: 'text', text: id }])];
}

/** Item `index` of the conversation: even ones an assistant message, odd ones a read call with its result. */
function itemEvents(index: number): unknown[] {
  if (index % 2 === 1) return readCallEvents(`c${index}`);
  return [{ type: 'assistant/message', data: { message: { role: 'assistant', content: [{ type: 'text', text: `say c${index}` }] } } }];
}

/** The log of the conversation's first `count` items: a shorter one is a prefix of a longer one, event for event. */
function conversationLog(count: number) {
  return parseSessionLog(logText(Array.from({ length: count }, (_, index) => itemEvents(index)).flat()));
}

/** What the conversation's first `count` items show, in order: a call's id, a message's text. */
function expectedIds(count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index % 2 === 0 ? `say c${index}` : `c${index}`));
}

/** A log that shares no item with the conversation: `count` read calls. */
function otherLog(count: number) {
  return parseSessionLog(logText(Array.from({ length: count }, (_, index) => readCallEvents(`other-${index}`)).flat()));
}

function otherIds(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `other-${index}`);
}

function mountedIds(): (string | null | undefined)[] {
  return mountedItems().map(
    (item) => item.querySelector('[data-call-id]')?.getAttribute('data-call-id') ?? item.querySelector('.tc-message__text')?.textContent,
  );
}

function Providers({ children }: { readonly children: ReactNode }): ReactNode {
  return (
    <ToolCardProvider loadImage={loadImageStub} cwd={CWD} home={HOME}>
      {children}
    </ToolCardProvider>
  );
}

function renderReplay(count: number): RenderResult {
  return render(<SessionReplay log={conversationLog(count)} />, { wrapper: Providers });
}

function expectSameNodes(now: readonly HTMLElement[], before: readonly HTMLElement[]): void {
  expect(now.slice(0, before.length).every((node, index) => node === before[index])).toBe(true);
}

/** Runs the batch timer that is due, and what it renders. */
function runNextBatch(): void {
  act(() => {
    vi.runOnlyPendingTimers();
  });
}

describe('SessionReplay of a long log', () => {
  it('mounts a first batch at once, then the rest in later tasks, aria-busy until the last, in log order', async () => {
    renderReplay(300);
    expect(mountedIds()).toEqual(expectedIds(FIRST_BATCH));
    expect(replaySection().getAttribute('aria-busy')).toBe('true');
    const firstBatch = mountedItems();

    await untilAllItemsMounted();
    expect(mountedIds()).toEqual(expectedIds(300));
    expect(replaySection().hasAttribute('aria-busy')).toBe(false);
    expectSameNodes(mountedItems(), firstBatch);
  });

  it('adds one batch per timer and never unmounts what is mounted', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const total = FIRST_BATCH + 2 * LATER_BATCH + 7;
    renderReplay(total);
    const counts = [mountedItems().length];
    let mounted = mountedItems();
    while (replaySection().hasAttribute('aria-busy')) {
      runNextBatch();
      expectSameNodes(mountedItems(), mounted);
      mounted = mountedItems();
      counts.push(mounted.length);
    }
    expect(counts).toEqual([FIRST_BATCH, FIRST_BATCH + LATER_BATCH, FIRST_BATCH + 2 * LATER_BATCH, total]);
    expect(mountedIds()).toEqual(expectedIds(total));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('renders a log no longer than the first batch whole in its first render: no aria-busy, nothing scheduled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderReplay(FIRST_BATCH);
    expect(mountedIds()).toEqual(expectedIds(FIRST_BATCH));
    expect(replaySection().hasAttribute('aria-busy')).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels the scheduled batch when unmounted mid-way: no timer left, no update after', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const consoleError = vi.spyOn(console, 'error');
    const { unmount } = renderReplay(300);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('mounts every item under StrictMode', async () => {
    render(
      <StrictMode>
        <SessionReplay log={conversationLog(300)} />
      </StrictMode>,
      { wrapper: Providers },
    );
    expect(mountedIds()).toEqual(expectedIds(FIRST_BATCH));
    const firstBatch = mountedItems();
    await untilAllItemsMounted();
    expect(mountedIds()).toEqual(expectedIds(300));
    expectSameNodes(mountedItems(), firstBatch);
  });
});

describe('SessionReplay when its log changes', () => {
  it('keeps every mounted row when the log grows, and mounts only the new ones', async () => {
    const { rerender } = renderReplay(300);
    await untilAllItemsMounted();
    const before = mountedItems();

    rerender(<SessionReplay log={conversationLog(600)} />);
    expect(mountedItems()).toHaveLength(300 + FIRST_BATCH);
    expectSameNodes(mountedItems(), before);
    expect(replaySection().getAttribute('aria-busy')).toBe('true');

    await untilAllItemsMounted();
    expect(mountedIds()).toEqual(expectedIds(600));
    expectSameNodes(mountedItems(), before);
  });

  it('keeps the mounted rows when the log grows before the rest has mounted', async () => {
    const { rerender } = renderReplay(300);
    const firstBatch = mountedItems();

    rerender(<SessionReplay log={conversationLog(600)} />);
    expect(mountedItems()).toHaveLength(2 * FIRST_BATCH);
    expectSameNodes(mountedItems(), firstBatch);

    await untilAllItemsMounted();
    expect(mountedIds()).toEqual(expectedIds(600));
    expectSameNodes(mountedItems(), firstBatch);
  });

  it('clamps to a shorter prefix of the log without remounting, and grows back from there', async () => {
    const { rerender } = renderReplay(300);
    await untilAllItemsMounted();
    const before = mountedItems();

    rerender(<SessionReplay log={conversationLog(100)} />);
    expect(mountedIds()).toEqual(expectedIds(100));
    expectSameNodes(mountedItems(), before.slice(0, 100));
    expect(replaySection().hasAttribute('aria-busy')).toBe(false);

    rerender(<SessionReplay log={conversationLog(300)} />);
    expect(mountedItems()).toHaveLength(100 + FIRST_BATCH);
    expectSameNodes(mountedItems(), before.slice(0, 100));
    await untilAllItemsMounted();
    expect(mountedIds()).toEqual(expectedIds(300));
  });

  it('starts a different log over from the first batch', async () => {
    const { rerender } = renderReplay(300);
    await untilAllItemsMounted();

    rerender(<SessionReplay log={otherLog(300)} />);
    expect(mountedIds()).toEqual(otherIds(FIRST_BATCH));
    expect(replaySection().getAttribute('aria-busy')).toBe('true');
    await untilAllItemsMounted();
    expect(mountedIds()).toEqual(otherIds(300));
  });
});
