import type { ParsedSessionLog } from '@toolcard/ui-tool-image';
import { expect, waitFor, within } from 'storybook/test';
import type { ExpectedReplay } from '../fixtures/scenarios/_scenario';
import { bodyOf, disclosureOf } from '../support/row-queries';

type StepFunction = (label: string, play: () => Promise<void>) => Promise<void> | void;

function rows(canvasElement: HTMLElement): HTMLElement[] {
  return Array.from(canvasElement.querySelectorAll<HTMLElement>('.tc-row'));
}

function isNested(element: Element): boolean {
  return element.closest('.tc-row')?.parentElement?.closest('.tc-row') != null;
}

/** Tools whose rows hold what the checks look at: image cards, refusals, nested dispatches. */
const TOOLS_TO_OPEN = new Set(['read_image', 'run_code']);

/**
 * Opens every `read_image` row and every `run_code` row (nested ones included), so every card and
 * refusal is on the page. Other rows stay closed: a long session's page stays small enough to check.
 */
async function openImageRows(canvasElement: HTMLElement): Promise<void> {
  for (;;) {
    const collapsed = rows(canvasElement)
      .filter((row) => TOOLS_TO_OPEN.has(row.dataset.tool ?? ''))
      .map(disclosureOf)
      .filter((disclosure) => disclosure.getAttribute('aria-expanded') === 'false');
    if (collapsed.length === 0) return;
    for (const disclosure of collapsed) disclosure.click();
    await waitFor(() => expect(collapsed.every((disclosure) => disclosure.getAttribute('aria-expanded') === 'true')).toBe(true));
  }
}

function cardLabels(canvasElement: HTMLElement, nested: boolean): string[] {
  return Array.from(canvasElement.querySelectorAll('.tc-card--image'))
    .filter((card) => isNested(card) === nested)
    .map((card) => card.querySelector('.tc-card__label')?.textContent ?? '');
}

/** Scrolls every tile into view and waits for its bytes: every recorded attachment is in the store. */
async function loadEveryTile(canvasElement: HTMLElement): Promise<void> {
  for (const tile of canvasElement.querySelectorAll<HTMLElement>('.tc-gallery__tile')) {
    tile.scrollIntoView({ block: 'center' });
    await waitFor(() => expect(tile).toHaveAttribute('data-status', 'ready'), { timeout: 5000 });
  }
  canvasElement.ownerDocument.defaultView?.scrollTo(0, 0);
}

function failedReadImageRows(canvasElement: HTMLElement): HTMLElement[] {
  return rows(canvasElement).filter((row) => row.dataset.tool === 'read_image' && row.dataset.state === 'error');
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
  await step('the replay, every item mounted, with every problem the log has', async () => {
    const replay = within(canvasElement).getByRole('region', { name: 'Session replay' });
    await expect(replay).toBeVisible();
    // A long log mounts its rows over a few frames after the first screen.
    await waitFor(() => expect(replay).not.toHaveAttribute('aria-busy'), { timeout: 10_000 });
    const problems = Array.from(canvasElement.querySelectorAll('.tc-problems__item'), (item) => item.textContent);
    for (const { line } of log.problems) await expect(problems.some((text) => text.includes(`line ${line}`))).toBe(true);
  });
  await step('image and run_code rows opened', () => openImageRows(canvasElement));
  await step('each image loaded once, whatever the number of cards showing it', async () => {
    await loadEveryTile(canvasElement);
    await expect([...loads.values()].every((count) => count === 1)).toBe(true);
    if (expected !== undefined) await expect(loads.size).toBe(expected.distinctAttachments);
  });
  if (expected === undefined) {
    await step('no expectations recorded for this log: structural checks only', () => Promise.resolve());
  } else {
    await step('image cards and their labels', async () => {
      await expect(cardLabels(canvasElement, false)).toEqual(expected.imageCards);
      await expect(cardLabels(canvasElement, true)).toEqual(expected.nestedImageCards ?? []);
    });
    await step('refusals shown as text, with no gallery, and readable at a glance in the row header', async () => {
      const refused = failedReadImageRows(canvasElement);
      await expect(refused).toHaveLength(expected.refusals?.length ?? 0);
      for (const [index, row] of refused.entries()) {
        await expect(bodyOf(row)).toHaveTextContent(expected.refusals?.[index] ?? '');
        await expect(row.querySelector(':scope > .tc-row__header > .tc-row__reason')).toHaveTextContent(expected.refusals?.[index] ?? '');
        await expect(row.querySelector('.tc-gallery')).toBeNull();
      }
    });
    await step('images inside messages, through the same gallery', async () => {
      const tiles = canvasElement.querySelectorAll('.tc-message .tc-gallery .tc-gallery__tile[data-status="ready"]');
      await expect(tiles).toHaveLength(expected.messageImages ?? 0);
    });
    await step('no problem listed for a well-formed log', async () => {
      await expect(canvasElement.querySelector('.tc-problems')).toBeNull();
    });
  }
  await step('no raw attachment JSON on the page', async () => {
    await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain('attachmentId');
  });
}
