import { act, cleanup, fireEvent, render, screen, within, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionReplay } from '../../src/components';
import { parseSessionLog } from '../../src/model';
import { ToolCardProvider } from '../../src/plugins';
import { CWD, HOME, logText, toolCallEvent, toolResultEvent } from '../model/builders';
import type { ToolViewOwnerProps } from '../../src/components';
import { disclosureOf, loadImageStub, RegisterEntry } from './harness';
import { mountedItems, replayFeed } from './replay-feed';

// happy-dom lays nothing out: every item keeps the virtualizer's estimate (44 px) and the window
// is 1024 × 768, so a screenful is about 18 items. The real layout is checked in Chromium (stories/replay).

afterEach(() => {
  cleanup();
  window.scrollTo(0, 0);
});

/** Item `index`: even ones an assistant message, odd ones a read call with its result. */
function itemEvents(index: number): unknown[] {
  if (index % 2 === 1) {
    return [toolCallEvent(`c${String(index)}`, 'read', JSON.stringify({ file_path: `${CWD}/f${String(index)}.txt` })), toolResultEvent(`c${String(index)}`, [{ type: 'text', text: `text of c${String(index)}` }])];
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

function renderReplay(count: number): RenderResult {
  return render(<SessionReplay log={conversationLog(count)} />, { wrapper: Providers });
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
  it('mounts a screenful of a 3 000-item log, the same as of a 300-item one', () => {
    renderReplay(300);
    const small = document.querySelectorAll('*').length;
    cleanup();
    renderReplay(3000);
    const large = document.querySelectorAll('*').length;
    expect(mountedItems().length).toBeLessThan(30);
    expect(large).toBe(small);
  });

  it('is a feed that says its size: articles in log order, each with its position', () => {
    renderReplay(3000);
    const feed = screen.getByRole('feed', { name: 'Tool calls and messages' });
    const articles = within(feed).getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-setsize'))).toEqual(articles.map(() => '3000'));
    expect(positions()).toEqual(articles.map((_, index) => index + 1));
    // A screen reader reading on meets the rows by name, in log order.
    const names = within(feed).getAllByRole('button', { name: /^Read Done/ }).slice(0, 3).map((button) => button.closest('[data-call-id]')?.getAttribute('data-call-id'));
    expect(names).toEqual(['c1', 'c3', 'c5']);
  });

  it('mounts the items at the scroll position, and unmounts the ones scrolled away', () => {
    renderReplay(3000);
    scrollWindowTo(44 * 1000);
    const shown = positions();
    expect(shown.length).toBeLessThan(30);
    expect(shown[0]).toBeGreaterThan(990);
    expect(shown).toContain(1001);
    expect(positions()).not.toContain(1);
  });

  it('keeps the focused row mounted while it is scrolled away, focus on it, and in place when back', () => {
    renderReplay(3000);
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

  it('drops a row that loses focus once it is out of view', () => {
    renderReplay(3000);
    disclosureOf('c3').focus();
    scrollWindowTo(44 * 1500);
    act(() => {
      (document.activeElement as HTMLElement).blur();
    });
    expect(positions()).not.toContain(4);
  });

  it('keeps a row opened before it scrolled away open when it comes back', () => {
    renderReplay(3000);
    fireEvent.click(disclosureOf('c1'));
    expect(disclosureOf('c1').getAttribute('aria-expanded')).toBe('true');
    scrollWindowTo(44 * 1500);
    expect(document.querySelector('[data-call-id="c1"]')).toBeNull();
    scrollWindowTo(0);
    expect(disclosureOf('c1').getAttribute('aria-expanded')).toBe('true');
    expect(within(replayFeed()).getByText('text of c1')).toBeTruthy();
  });

  it('renders a mounted row again neither for a keystroke in the find bar nor for a scroll', () => {
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

  it('keeps every mounted item when the log grows (live), and shows the new ones when scrolled to', () => {
    const { rerender } = renderReplay(20);
    const before = mountedItems();
    rerender(<SessionReplay log={conversationLog(3000)} />);
    expect(mountedItems().slice(0, before.length)).toEqual(before);
    expect(before.every((item) => item.isConnected)).toBe(true);
    expect(mountedItems()[0]?.getAttribute('aria-setsize')).toBe('3000');
    scrollWindowTo(44 * 2990);
    expect(positions()).toContain(3000);
  });
});
