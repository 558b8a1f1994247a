import type { AgentLog } from '@toolcard/ui-tool-image';
import { expect, waitFor, within } from 'storybook/test';
import type { ExpectedAgentReplay } from '../fixtures/agents/_agent-log';
import { bodyOf, disclosureOf } from '../support/row-queries';
import { cardLabels, eachReplayItem, isNested, loadEveryTile, rows } from '../replay/replay-assertions';

type StepFunction = (label: string, play: () => Promise<void>) => Promise<void> | void;

interface SeenReplay {
  readonly imageCards: string[];
  readonly nestedImageCards: string[];
  readonly failures: { readonly reason: string; readonly hasGallery: boolean }[];
  readonly unfinished: { readonly tool: string; readonly name: string; readonly body: string }[];
  readonly texts: string[];
  readonly summaries: string[];
  readonly leakedImageData: string[];
  userImages: number;
}

/**
 * Long runs of base64 in the file: the images it carries inline (a data URL's payload included).
 * The smallest workspace image (a 64-byte WebP) is 88 characters; no text in the files has such a run.
 */
function inlineImageData(fileText: string): string[] {
  return Array.from(fileText.matchAll(/[A-Za-z0-9+/]{80,}/g), ([run]) => run.slice(0, 64));
}

/** Opens a row that is not finished and reads it: its accessible name says its state, its body what it has. */
async function unfinishedRow(row: HTMLElement): Promise<SeenReplay['unfinished'][number]> {
  const disclosure = disclosureOf(row);
  if (disclosure.getAttribute('aria-expanded') === 'false') disclosure.click();
  await waitFor(() => expect(disclosure).toHaveAttribute('aria-expanded', 'true'));
  return { tool: row.dataset.tool ?? '', name: disclosure.textContent, body: bodyOf(row).textContent };
}

/**
 * What another agent's session must show, checked in Chromium: read as its format with no problem,
 * the image cards and their labels (top level and nested), failed calls with their reason and no
 * gallery, calls that never got a result as not finished, images pasted into prompts, the texts a
 * person looks for, and none of the file's base64 on the page.
 */
export async function expectAgentReplayShows(
  canvasElement: HTMLElement,
  { log, expected, fileText }: { log: AgentLog; expected: ExpectedAgentReplay; fileText: string },
  step: StepFunction,
): Promise<void> {
  await step(`read as ${expected.format}, with no problem`, async () => {
    await expect(log.format).toBe(expected.format);
    await expect(log.problems).toEqual([]);
    await expect(within(canvasElement).getByRole('region', { name: 'Session replay' })).toBeVisible();
    await expect(canvasElement.querySelector('.tc-problems')).toBeNull();
  });
  const imageData = inlineImageData(fileText);
  const seen: SeenReplay = { imageCards: [], nestedImageCards: [], failures: [], unfinished: [], texts: [], summaries: [], leakedImageData: [], userImages: 0 };
  await step('every item visited in log order, each tile loaded', () =>
    eachReplayItem(canvasElement, async (item) => {
      await loadEveryTile(item);
      seen.imageCards.push(...cardLabels(item, false));
      seen.nestedImageCards.push(...cardLabels(item, true));
      for (const row of rows(item).filter((candidate) => candidate.dataset.state === 'error')) {
        seen.failures.push({
          reason: row.querySelector(':scope > .tc-row__header > .tc-row__reason')?.textContent ?? '',
          hasGallery: row.querySelector('.tc-gallery') !== null,
        });
      }
      for (const row of rows(item).filter((candidate) => candidate.dataset.state === 'running')) seen.unfinished.push(await unfinishedRow(row));
      seen.userImages += item.querySelectorAll('.tc-message--user .tc-gallery__tile[data-status="ready"]').length;
      seen.texts.push(item.textContent);
      for (const row of rows(item).filter((candidate) => !isNested(candidate))) {
        seen.summaries.push(row.querySelector(':scope > .tc-row__header .tc-row__summary')?.textContent ?? '');
      }
      seen.leakedImageData.push(...imageData.filter((data) => item.innerHTML.includes(data)));
    }),
  );
  await step('image cards and their labels', async () => {
    await expect(seen.imageCards).toEqual(expected.imageCards);
    await expect(seen.nestedImageCards).toEqual(expected.nestedImageCards ?? []);
  });
  await step('failed calls: the reason in the row header, and no gallery', async () => {
    await expect(seen.failures).toHaveLength(expected.failures?.length ?? 0);
    for (const [index, failure] of seen.failures.entries()) {
      await expect(failure.reason).toContain(expected.failures?.[index] ?? '');
      await expect(failure.hasGallery).toBe(false);
    }
  });
  await step('calls with no result: running, and no result yet', async () => {
    await expect(seen.unfinished.map(({ tool }) => tool)).toEqual(expected.unfinished ?? []);
    for (const row of seen.unfinished) {
      await expect(row.name).toContain('Running');
      await expect(row.body).toContain('No result yet');
    }
  });
  await step('images pasted into prompts, inside the user message', async () => {
    await expect(seen.userImages).toBe(expected.userImages ?? 0);
  });
  if (expected.summaries !== undefined) {
    await step('what each row says of its call while collapsed', async () => {
      await expect(seen.summaries).toEqual(expected.summaries);
    });
  }
  await step('the texts a person looks for', async () => {
    for (const text of expected.texts ?? []) await expect(seen.texts.some((shown) => shown.includes(text))).toBe(true);
  });
  await step("none of the file's base64 on the page", async () => {
    const showsImages = expected.imageCards.length + (expected.nestedImageCards?.length ?? 0) + (expected.userImages ?? 0) > 0;
    // A file that shows images carries them inline: finding none would make this check vacuous.
    if (showsImages) await expect(imageData.length).toBeGreaterThan(0);
    await expect(seen.leakedImageData).toEqual([]);
    const page = canvasElement.ownerDocument.documentElement.outerHTML;
    await expect(imageData.filter((data) => page.includes(data))).toEqual([]);
  });
}
