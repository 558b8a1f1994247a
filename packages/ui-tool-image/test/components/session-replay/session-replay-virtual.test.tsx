import { act, cleanup, fireEvent, render, screen, within, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionReplay } from '../../../src/components';
import { parseSessionLog } from '../../../src/model';
import { ToolCardProvider } from '../../../src/plugins';
import { CWD, HOME, logText, toolCallEvent, toolResultEvent } from '../../model/builders';
import type { ToolViewOwnerProps } from '../../../src/components';
import { disclosureOf, loadImageStub, RegisterEntry } from '../harness';
import { mountedItems, replayedWhole, replayFeed } from './replay-feed';

// happy-dom lays nothing out: every item keeps the virtualizer's estimate (44 px) and the window
// is 1024 × 768, so a screenful is about 18 items. The real layout is checked in Chromium (stories/replay).

afterEach(() => {
  cleanup();
  window.scrollTo(0, 0);
});

/** Item `index`: even ones an assistant message, odd ones a read call with its result. */
function itemEvents(index: number): unknown[] {
  if (index % 2 === 1) {
    return [
      toolCallEvent(`c${String(index)}`, 'read', JSON.stringify({ file_path: `${CWD}/f${String(index)}.txt` })),
      toolResultEvent(`c${String(index)}`, [{ type: 'text', text: `text of c${String(index)}` }]),
    ];
  }
  return [{ type: 'assistant/message', data: { message: { role: 'assistant', content: [{ type: 'text', text: `say ${String(index)}` }] } } }];
}

/** The log of the conversation's first `count` items: a shorter one is a prefix of a longer one, event for event. */
function conversationLog(count: number) {
  return parseSessionLog(logText(Array.from({ length: count }, (_, index) => itemEvents(index)).flat()));
}

function Providers({ children }: { readonly children: ReactNode }): ReactNode {
  return (
    <ToolCardProvider loadImage={loadImageStub} cwd={CWD} home={HOME}>
      {children}
    </ToolCardProvider>
  );
}

/** Renders the replay of a `count`-item conversation, once it has replayed the whole log. */
async function renderReplay(count: number): Promise<RenderResult> {
  const result = render(<SessionReplay log={conversationLog(count)} />, { wrapper: Providers });
  await replayedWhole();
  return result;
}

/** Scrolls the window as a person would: the virtualizer follows the scroll event. */
function scrollWindowTo(top: number): void {
  act(() => {
    window.scrollTo(0, top);
    window.dispatchEvent(new Event('scroll'));
  });
}

function positions(): number[] {
  return mountedItems().map((item) => Number(item.getAttribute('aria-posinset')));
}

describe('SessionReplay, virtualised', () => {
  it('mounts a screenful of a 3 000-item log, the same as of a 300-item one', async () => {
    await renderReplay(300);
    const small = document.querySelectorAll('*').length;
    cleanup();
    await renderReplay(3000);
    const large = document.querySelectorAll('*').length;
    expect(mountedItems().length).toBeLessThan(30);
    expect(large).toBe(small);
  });

  it('is a feed that says its size: articles in log order, each with its position', async () => {
    await renderReplay(3000);
    const feed = screen.getByRole('feed', { name: 'Tool calls and messages' });
    const articles = within(feed).getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-setsize'))).toEqual(articles.map(() => '3000'));
    expect(positions()).toEqual(articles.map((_, index) => index + 1));
    // A screen reader reading on meets the rows by name, in log order.
    const names = within(feed)
      .getAllByRole('button', { name: /^Read Done/ })
      .slice(0, 3)
      .map((button) => button.closest('[data-call-id]')?.getAttribute('data-call-id'));
    expect(names).toEqual(['c1', 'c3', 'c5']);
  });

  it('mounts the items at the scroll position, and unmounts the ones scrolled away', async () => {
    await renderReplay(3000);
    scrollWindowTo(44 * 1000);
    const shown = positions();
    expect(shown.length).toBeLessThan(30);
    expect(shown[0]).toBeGreaterThan(990);
    expect(shown).toContain(1001);
    expect(positions()).not.toContain(1);
  });

  it('keeps the focused row mounted while it is scrolled away, focus on it, and in place when back', async () => {
    await renderReplay(3000);
    const button = disclosureOf('c3');
    button.focus();
    scrollWindowTo(44 * 1500);
    expect(document.activeElement).toBe(button);
    expect(button.isConnected).toBe(true);
    // The focused item, then the items at the viewport: DOM order is still log order.
    expect(positions()[0]).toBe(4);
    expect(positions()[1]).toBeGreaterThan(1400);
    scrollWindowTo(0);
    expect(disclosureOf('c3')).toBe(button);
  });

  it('drops a row that loses focus once it is out of view', async () => {
    await renderReplay(3000);
    disclosureOf('c3').focus();
    scrollWindowTo(44 * 1500);
    act(() => {
      (document.activeElement as HTMLElement).blur();
    });
    expect(positions()).not.toContain(4);
  });

  it('keeps a row opened before it scrolled away open when it comes back', async () => {
    await renderReplay(3000);
    fireEvent.click(disclosureOf('c1'));
    expect(disclosureOf('c1').getAttribute('aria-expanded')).toBe('true');
    scrollWindowTo(44 * 1500);
    expect(document.querySelector('[data-call-id="c1"]')).toBeNull();
    scrollWindowTo(0);
    expect(disclosureOf('c1').getAttribute('aria-expanded')).toBe('true');
    expect(within(replayFeed()).getByText('text of c1')).toBeTruthy();
  });

  it('renders a mounted row again neither for a keystroke in the find bar nor for a scroll', async () => {
    const renders = new Map<string, number>();
    const counting = {
      slot: 'tool.call.toolview',
      key: 'read',
      priority: 1,
      component: ({ node }: ToolViewOwnerProps): ReactNode => {
        renders.set(node.callId, (renders.get(node.callId) ?? 0) + 1);
        return <p data-call-id={node.callId}>{node.callId}</p>;
      },
    } as const;
    render(
      <>
        <RegisterEntry registration={counting} />
        <SessionReplay log={conversationLog(3000)} />
      </>,
      { wrapper: Providers },
    );
    await replayedWhole();
    const before = new Map(renders);
    expect(before.size).toBeGreaterThan(5);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find' }), { target: { value: 'f1' } });
    expect(screen.getByRole('search').textContent).toMatch(/\d+ matches/);
    // Three items down: the list moves every row, mounts a few and drops a few.
    scrollWindowTo(44 * 3);
    const stillMounted = [...before.keys()].filter((callId) => document.querySelector(`[data-call-id="${callId}"]`) !== null);
    expect(stillMounted.length).toBeGreaterThan(5);
    for (const callId of stillMounted) expect(renders.get(callId)).toBe(before.get(callId));
  });

  it('keeps every mounted item when the log grows (live), and shows the new ones when scrolled to', async () => {
    const { rerender } = await renderReplay(20);
    const before = mountedItems();
    rerender(<SessionReplay log={conversationLog(3000)} />);
    await replayedWhole();
    expect(mountedItems().slice(0, before.length)).toEqual(before);
    expect(before.every((item) => item.isConnected)).toBe(true);
    expect(mountedItems()[0]?.getAttribute('aria-setsize')).toBe('3000');
    scrollWindowTo(44 * 2990);
    expect(positions()).toContain(3000);
  });
});

describe('SessionReplay given a long log at once', () => {
  const regionBusy = (): string | null => screen.getByRole('region', { name: 'Session replay' }).getAttribute('aria-busy');
  const setSize = (): number => Number(mountedItems()[0]?.getAttribute('aria-setsize'));

  it('shows its first rows at the first render and the rest in later tasks, busy meanwhile', async () => {
    render(<SessionReplay log={conversationLog(3000)} />, { wrapper: Providers });
    expect(regionBusy()).toBe('true');
    expect(setSize()).toBeGreaterThan(0);
    expect(setSize()).toBeLessThan(3000);
    expect(positions()[0]).toBe(1);
    await replayedWhole();
    expect(setSize()).toBe(3000);
  });

  it('finishes under StrictMode too (effects run twice, renders are repeated)', async () => {
    render(
      <StrictMode>
        <Providers>
          <SessionReplay log={conversationLog(3000)} />
        </Providers>
      </StrictMode>,
    );
    expect(regionBusy()).toBe('true');
    await replayedWhole();
    expect(setSize()).toBe(3000);
  });

  it('renders on a server the same first rows the browser hydrates', async () => {
    const ui = (
      <Providers>
        <SessionReplay log={conversationLog(3000)} />
      </Providers>
    );
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(ui);
    expect(container.querySelector('.tc-replay')?.getAttribute('aria-busy')).toBe('true');
    const recoverable: unknown[] = [];
    const root = await act(() => hydrateRoot(container, ui, { onRecoverableError: (error) => recoverable.push(error) }));
    await replayedWhole();
    expect(recoverable).toEqual([]);
    expect(setSize()).toBe(3000);
    act(() => {
      root.unmount();
    });
    container.remove();
  });
});
