import type { Meta, StoryObj } from '@storybook/react-vite';
import { SessionReplay } from '@toolcard/ui-tool-image';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { loadRecordedAttachment } from '../support/attachment-store';
import { gated } from '../support/loaders';
import { recordedLog } from '../support/recorded-logs';
import { repeatLog } from '../support/repeat-log';
import type { ToolcardParameters } from '../support/toolcard-parameters';

/** The recorded 300-call session ten times over, ids rewritten: 3 000 calls. */
const LONG_LOG = repeatLog(recordedLog('sessions/15-long-session'), 10);

function LongSession() {
  return (
    <div className="long-session-story" style={{ maxWidth: '1100px' }}>
      <SessionReplay log={LONG_LOG} />
    </div>
  );
}

const meta = {
  title: 'Replay/Long session',
  component: LongSession,
  // A page 100 000 px tall: its behaviour is what the play functions check, not its pixels.
  tags: ['!screenshot'],
  parameters: { toolcard: { loadImage: loadRecordedAttachment } satisfies ToolcardParameters },
} satisfies Meta<typeof LongSession>;

export default meta;
type Story = StoryObj<typeof meta>;

function feedOf(canvasElement: HTMLElement): HTMLElement {
  return within(canvasElement).getByRole('feed');
}

function articles(canvasElement: HTMLElement): HTMLElement[] {
  return within(feedOf(canvasElement)).getAllByRole('article');
}

/** Two frames: the virtualizer has measured what the last scroll or resize mounted. */
function frames(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        resolve();
      });
    });
  });
}

/** The mounted article under a point at the viewport's middle height. */
function articleAtMiddle(canvasElement: HTMLElement): HTMLElement {
  const middle = window.innerHeight / 2;
  const found = articles(canvasElement).find((article) => {
    const box = article.getBoundingClientRect();
    return box.top <= middle && box.bottom > middle;
  });
  if (found === undefined) throw new Error('no item at the middle of the viewport');
  return found;
}

function inViewport(element: HTMLElement): boolean {
  const { top } = element.getBoundingClientRect();
  return top >= 0 && top < window.innerHeight;
}

/** Where the pointer rests: the replay keeps the item under it in place. */
function restPointerAt(clientY: number): void {
  window.dispatchEvent(new PointerEvent('pointermove', { clientX: 200, clientY }));
}

async function scrollSettled(top: number): Promise<void> {
  window.scrollTo(0, top);
  await frames();
  await frames();
}

/** 3 000 calls: the DOM holds a screenful, rows stay put while things around them change size, focus survives. */
export const VirtualisedLongSession: Story = {
  name: 'Virtualised: 3 000 calls',
  play: async ({ canvasElement, step }) => {
    await waitFor(() => expect(articles(canvasElement).length).toBeGreaterThan(5));
    // The first screen's rows finish mounting and measuring before the count the middle is held to.
    await scrollSettled(0);
    const elementsAtTop = canvasElement.getElementsByTagName('*').length;
    await step('a screenful of items in the DOM, and the feed says how many there are', async () => {
      const items = articles(canvasElement);
      await expect(items.length).toBeLessThan(60);
      await expect(Number(items[0]?.getAttribute('aria-setsize'))).toBeGreaterThan(3000);
    });
    await step('scrolled to the middle: the items there, and no more elements than at the top', async () => {
      await scrollSettled(document.documentElement.scrollHeight / 2);
      // The items there mount and get measured over the next frames.
      const middle = await waitFor(() => articleAtMiddle(canvasElement));
      await expect(Number(middle.getAttribute('aria-posinset'))).toBeGreaterThan(1000);
      await expect(canvasElement.getElementsByTagName('*').length).toBeLessThan(elementsAtTop * 1.5);
    });
    await step('scrolled up into rows not measured yet: the item under the pointer moves by the scroll, no more', async () => {
      const target = await waitFor(() => articleAtMiddle(canvasElement));
      restPointerAt(window.innerHeight / 2);
      const before = target.getBoundingClientRect().top;
      const firstBefore = Number(articles(canvasElement)[0]?.getAttribute('aria-posinset'));
      const distance = Math.round(window.innerHeight / 4);
      window.scrollBy(0, -distance);
      await frames();
      await frames();
      // Rows mounted above, at the estimate first, then measured as their observer reports them …
      await expect(Number(articles(canvasElement)[0]?.getAttribute('aria-posinset'))).toBeLessThan(firstBefore);
      await expect(target.isConnected).toBe(true);
      const gaps = articles(canvasElement)
        .slice(1)
        .map((article, at) => Math.round(article.getBoundingClientRect().top - (articles(canvasElement)[at]?.getBoundingClientRect().bottom ?? 0)));
      await expect(gaps.filter((gap) => Math.abs(gap) > 1)).toEqual([]);
      // … and their sizes moved the scroll position, not the item.
      await expect(Math.abs(target.getBoundingClientRect().top - (before + distance))).toBeLessThanOrEqual(1);
      window.scrollBy(0, distance);
      await frames();
      await frames();
    });
    await step('the replay narrows (a window resize): the item under the pointer stays where it was', async () => {
      const target = await waitFor(() => articleAtMiddle(canvasElement));
      // The pointer rests on it.
      window.dispatchEvent(new PointerEvent('pointermove', { clientX: 200, clientY: window.innerHeight / 2 }));
      const before = target.getBoundingClientRect().top;
      const feedTop = (): number => feedOf(canvasElement).getBoundingClientRect().top + window.scrollY;
      const feedTopBefore = feedTop();
      canvasElement.querySelector<HTMLElement>('.long-session-story')?.style.setProperty('max-width', '420px');
      await frames();
      await frames();
      // What is above the list wrapped and grew, so holding still is the replay's doing.
      await expect(feedTop()).not.toBe(feedTopBefore);
      await expect(Math.abs(target.getBoundingClientRect().top - before)).toBeLessThanOrEqual(2);
      canvasElement.querySelector<HTMLElement>('.long-session-story')?.style.setProperty('max-width', '1100px');
      await frames();
    });
    await step('opening the row under the pointer keeps its header where it was', async () => {
      const target = articleAtMiddle(canvasElement);
      const disclosure = target.querySelector<HTMLButtonElement>('.tc-row__disclosure');
      if (disclosure === null) return;
      const before = disclosure.getBoundingClientRect().top;
      await userEvent.click(disclosure);
      await frames();
      await expect(Math.abs(disclosure.getBoundingClientRect().top - before)).toBeLessThanOrEqual(1);
    });
    await step('focus survives the focused row scrolling out of the DOM window and back', async () => {
      const target = articleAtMiddle(canvasElement);
      const disclosure = target.querySelector<HTMLButtonElement>('.tc-row__disclosure') ?? target;
      disclosure.focus();
      const y = window.scrollY;
      await scrollSettled(0);
      await expect(disclosure).toHaveFocus();
      await scrollSettled(y);
      await expect(disclosure).toHaveFocus();
      disclosure.blur();
    });
  },
};

/** The find bar on 3 000 calls: counts, Enter to a match far down the log, highlighted; keys. */
export const FindInLongSession: Story = {
  name: 'Find and keys: 3 000 calls',
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await scrollSettled(0);
    const search = canvas.getByRole('searchbox', { name: 'Find' });
    await step('/ focuses the search; the text counts its matches', async () => {
      await userEvent.click(canvasElement.ownerDocument.body);
      await userEvent.keyboard('/');
      await expect(search).toHaveFocus();
      await userEvent.type(search, 'icon-12.png');
      // Each of the 10 copies reads icon-12.png from several calls.
      await expect(canvas.getByRole('search')).toHaveTextContent(/70 matches/);
    });
    await step('Enter goes to the first match, opens it, shows it in the viewport and highlights the text', async () => {
      await userEvent.keyboard('{Enter}');
      await expect(canvas.getByRole('search')).toHaveTextContent('1 of 70');
      const match = await waitFor(() => {
        const found = canvasElement.querySelector<HTMLElement>('[data-current-match]');
        if (found === null) throw new Error('no current match yet');
        return found;
      });
      await waitFor(() => expect(inViewport(match)).toBe(true));
      await expect(match.querySelector('.tc-row__disclosure')).toHaveAttribute('aria-expanded', 'true');
      await waitFor(() => expect(CSS.highlights.has('tc-find-match')).toBe(true));
    });
    await step('Shift+Enter wraps to the last match, at the end of the log', async () => {
      await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
      await expect(canvas.getByRole('search')).toHaveTextContent('70 of 70');
      await waitFor(() => {
        const match = canvasElement.querySelector<HTMLElement>('[data-current-match]');
        return expect(match !== null && Number(match.getAttribute('aria-posinset')) > 3000 && inViewport(match)).toBe(true);
      });
    });
    await step('j and k move between rows, o opens and closes the focused one', async () => {
      search.blur();
      await userEvent.keyboard('j');
      const focused = document.activeElement as HTMLElement;
      await expect(focused).toHaveAttribute('aria-posinset');
      await userEvent.keyboard('k');
      await expect(Number((document.activeElement as HTMLElement).getAttribute('aria-posinset'))).toBe(Number(focused.getAttribute('aria-posinset')) - 1);
    });
    await step('a state filter: only failed calls, the feed says how many', async () => {
      await userEvent.click(canvas.getByRole('checkbox', { name: /^Failed/ }));
      await waitFor(() => expect(articles(canvasElement).length).toBeGreaterThan(0));
      for (const article of articles(canvasElement)) {
        await expect(article.querySelector('[data-state="error"]')).not.toBeNull();
      }
    });
  },
};

/** The images of the anchoring story, held until its play function lets them arrive. */
const HELD_IMAGES = gated(loadRecordedAttachment);

/** An article's top edge in the viewport. */
function topOf(article: HTMLElement): number {
  return article.getBoundingClientRect().top;
}

/**
 * Rows above the pointer change size while it rests on a row: they close and open (the `o` key or
 * the find bar does that to rows not under the pointer) and their images arrive. The row under the
 * pointer stays where it was, to the pixel; what changed size above it moved the scroll position.
 */
export const AnchoredWhileRowsAboveChange: Story = {
  name: 'Anchored: rows above the pointer change size',
  parameters: { toolcard: { loadImage: HELD_IMAGES.loadImage } satisfies ToolcardParameters },
  play: async ({ canvasElement, step }) => {
    HELD_IMAGES.close();
    await waitFor(() => expect(articles(canvasElement).length).toBeGreaterThan(5));
    // In the middle of the log, a row with images near the viewport's top; the pointer on a row below it.
    await scrollSettled(document.documentElement.scrollHeight / 2);
    const withImages = await waitFor(() => {
      const found = articles(canvasElement).find((article) => article.querySelector('.tc-gallery__tile') !== null && topOf(article) > 0);
      if (found === undefined) throw new Error('no row with images below the viewport top yet');
      return found;
    });
    await scrollSettled(window.scrollY + topOf(withImages) - 40);
    const pointerY = Math.max(window.innerHeight / 2, withImages.getBoundingClientRect().bottom + 10);
    const target = await waitFor(() => {
      const found = articles(canvasElement).find((article) => topOf(article) <= pointerY && article.getBoundingClientRect().bottom > pointerY);
      if (found === undefined) throw new Error('no row under the pointer');
      return found;
    });
    restPointerAt(pointerY);
    const targetTop = topOf(target);

    await step('rows above the pointer open or close, then go back: the row under it stays', async () => {
      const rowsAbove = articles(canvasElement).filter((article) => article.getBoundingClientRect().bottom <= pointerY);
      const disclosures = rowsAbove.flatMap((article) => [...article.querySelectorAll<HTMLButtonElement>(':scope .tc-row__disclosure')].slice(0, 1)).slice(-4);
      const heights = (): number[] => rowsAbove.map((row) => row.getBoundingClientRect().height);
      const heightsBefore = heights();
      // Clicks that do not move the pointer, as the `o` key's toggle is.
      for (const disclosure of disclosures) disclosure.click();
      await frames();
      const changed = heights().reduce((sum, height, at) => sum + Math.abs(height - (heightsBefore[at] ?? 0)), 0);
      // Enough changed above that a replay holding nothing still would move the row by it.
      await expect(changed).toBeGreaterThan(50);
      await expect(Math.abs(topOf(target) - targetTop)).toBeLessThanOrEqual(1);
      for (const disclosure of disclosures) disclosure.click();
      await frames();
      await expect(Math.abs(topOf(target) - targetTop)).toBeLessThanOrEqual(1);
    });

    await step('images arrive in the rows above the pointer: the row under it stays', async () => {
      const tilesAbove = (): HTMLElement[] =>
        [...canvasElement.querySelectorAll<HTMLElement>('.tc-gallery__tile')].filter(
          (tile) => tile.getBoundingClientRect().bottom <= pointerY && tile.getBoundingClientRect().bottom > 0,
        );
      // Thumbnails in view ask for their images (held at the gate) once they stayed near it a moment.
      await waitFor(() => expect(tilesAbove().some((tile) => tile.dataset.status === 'loading')).toBe(true));
      await expect(HELD_IMAGES.held()).toBeGreaterThan(0);
      HELD_IMAGES.open();
      await waitFor(() => expect(tilesAbove().every((tile) => tile.dataset.status === 'ready')).toBe(true));
      await frames();
      await expect(Math.abs(topOf(target) - targetTop)).toBeLessThanOrEqual(1);
    });
  },
};
