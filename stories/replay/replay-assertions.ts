import type { ParsedSessionLog } from '@toolcard/ui-tool-image';
import { expect, waitFor, within } from 'storybook/test';
import type { ExpectedReplay } from '../fixtures/scenarios/_scenario';
import { bodyOf, disclosureOf } from '../support/row-queries';

type StepFunction = (label: string, play: () => Promise<void>) => Promise<void> | void;

export function rows(within: HTMLElement): HTMLElement[] {
  return Array.from(within.querySelectorAll<HTMLElement>('.tc-row'));
}

/** Whether `element` lies inside a row that is itself inside another row's body (a subagent's or a dispatched call). */
export function isNested(element: Element): boolean {
  return element.closest('.tc-row')?.parentElement?.closest('.tc-row') != null;
}

/** Tools whose rows hold what the checks look at: image cards, refusals, nested dispatches. */
const TOOLS_TO_OPEN = new Set(['read_image', 'run_code']);

/**
 * Opens every `read_image` row and every `run_code` row (nested ones included) of one item, so
 * every card and refusal in it is on the page. Other rows stay closed.
 */
async function openImageRows(item: HTMLElement): Promise<void> {
  for (;;) {
    const collapsed = rows(item)
      .filter((row) => TOOLS_TO_OPEN.has(row.dataset.tool ?? ''))
      .map(disclosureOf)
      .filter((disclosure) => disclosure.getAttribute('aria-expanded') === 'false');
    if (collapsed.length === 0) return;
    for (const disclosure of collapsed) disclosure.click();
    await waitFor(() => expect(collapsed.every((disclosure) => disclosure.getAttribute('aria-expanded') === 'true')).toBe(true));
  }
}

/** Labels of one item's image cards: those at the top level, or those nested under another call. */
export function cardLabels(item: HTMLElement, nested: boolean): string[] {
  return Array.from(item.querySelectorAll('.tc-card--image'))
    .filter((card) => isNested(card) === nested)
    .map((card) => card.querySelector('.tc-card__label')?.textContent ?? '');
}

/** Scrolls each tile of one item into view and waits for its bytes: every image a log shows must load. */
export async function loadEveryTile(item: HTMLElement): Promise<void> {
  for (const tile of item.querySelectorAll<HTMLElement>('.tc-gallery__tile')) {
    tile.scrollIntoView({ block: 'center' });
    await waitFor(() => expect(tile).toHaveAttribute('data-status', 'ready'), { timeout: 5000 });
  }
}

function failedReadImageRows(item: HTMLElement): HTMLElement[] {
  return rows(item).filter((row) => row.dataset.tool === 'read_image' && (row.dataset.state === 'error' || row.dataset.state === 'refused'));
}

/**
 * Visits every item of the virtualised replay in log order, scrolling each to the top of the
 * viewport (only items near it are in the DOM), then scrolls back to the top.
 */
export async function eachReplayItem(canvasElement: HTMLElement, visit: (item: HTMLElement) => Promise<void>): Promise<void> {
  const feed = within(canvasElement).getByRole('feed');
  const view = canvasElement.ownerDocument.defaultView;
  const total = Number(feed.querySelector('[aria-setsize]')?.getAttribute('aria-setsize') ?? 0);
  for (let position = 1; position <= total; position += 1) {
    const item = await waitFor(() => {
      const found = feed.querySelector<HTMLElement>(`:scope > [aria-posinset="${String(position)}"]`);
      if (found !== null) return found;
      // Not mounted yet: the viewport is above it.
      view?.scrollBy(0, 200);
      throw new Error(`item ${String(position)} of ${String(total)} is not mounted`);
    });
    item.scrollIntoView({ block: 'start' });
    await visit(item);
  }
  view?.scrollTo(0, 0);
}

interface SeenReplay {
  readonly imageCards: string[];
  readonly nestedImageCards: string[];
  readonly refusals: { readonly body: string; readonly reason: string; readonly hasGallery: boolean }[];
  messageImages: number;
}

/**
 * What every replayed log must show, checked in Chromium: the replay and its problems, the image
 * cards and their labels (top level and nested), one load per distinct attachment, refusals as
 * text with no gallery, and no raw attachment reference anywhere on the page.
 */
export async function expectReplayShows(
  canvasElement: HTMLElement,
  { log, expected, loads }: { log: ParsedSessionLog; expected: ExpectedReplay | undefined; loads: ReadonlyMap<string, number> },
  step: StepFunction,
): Promise<void> {
  await step('the replay, with every problem the log has', async () => {
    const replay = within(canvasElement).getByRole('region', { name: 'Session replay' });
    await expect(replay).toBeVisible();
    const problems = Array.from(canvasElement.querySelectorAll('.tc-problems__item'), (item) => item.textContent);
    for (const { line } of log.problems) await expect(problems.some((text) => text.includes(`line ${line}`))).toBe(true);
  });
  const seen: SeenReplay = { imageCards: [], nestedImageCards: [], refusals: [], messageImages: 0 };
  await step('every item visited in log order: image and run_code rows opened, each tile loaded', () =>
    eachReplayItem(canvasElement, async (item) => {
      await openImageRows(item);
      await loadEveryTile(item);
      seen.imageCards.push(...cardLabels(item, false));
      seen.nestedImageCards.push(...cardLabels(item, true));
      for (const row of failedReadImageRows(item)) {
        seen.refusals.push({
          body: bodyOf(row).textContent,
          reason: row.querySelector(':scope > .tc-row__header > .tc-row__reason')?.textContent ?? '',
          hasGallery: row.querySelector('.tc-gallery') !== null,
        });
      }
      seen.messageImages += item.querySelectorAll('.tc-message .tc-gallery .tc-gallery__tile[data-status="ready"]').length;
    }),
  );
  await step('each image loaded once, whatever the number of cards showing it', async () => {
    await expect([...loads.values()].every((count) => count === 1)).toBe(true);
    if (expected !== undefined) await expect(loads.size).toBe(expected.distinctAttachments);
  });
  if (expected === undefined) {
    await step('no expectations recorded for this log: structural checks only', () => Promise.resolve());
  } else {
    await step('image cards and their labels', async () => {
      await expect(seen.imageCards).toEqual(expected.imageCards);
      await expect(seen.nestedImageCards).toEqual(expected.nestedImageCards ?? []);
    });
    await step('refusals shown as text, with no gallery, and readable at a glance in the row header', async () => {
      await expect(seen.refusals).toHaveLength(expected.refusals?.length ?? 0);
      for (const [index, refusal] of seen.refusals.entries()) {
        await expect(refusal.body).toContain(expected.refusals?.[index] ?? '');
        await expect(refusal.reason).toContain(expected.refusals?.[index] ?? '');
        await expect(refusal.hasGallery).toBe(false);
      }
    });
    await step('images inside messages, through the same gallery', async () => {
      await expect(seen.messageImages).toBe(expected.messageImages ?? 0);
    });
    await step('no problem listed for a well-formed log', async () => {
      await expect(canvasElement.querySelector('.tc-problems')).toBeNull();
    });
  }
  await step('no raw attachment JSON on the page', async () => {
    await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain('attachmentId');
  });
}
