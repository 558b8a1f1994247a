import { expect, spyOn, userEvent, waitFor } from 'storybook/test';

/** The thumbnails of every gallery in the story, in document order. */
export function thumbnailsOf(canvasElement: HTMLElement): HTMLButtonElement[] {
  return [...canvasElement.querySelectorAll<HTMLButtonElement>('.tc-gallery__thumb')];
}

export function tilesOf(canvasElement: HTMLElement): HTMLElement[] {
  return [...canvasElement.querySelectorAll<HTMLElement>('.tc-gallery__tile')];
}

/** Waits until `count` thumbnails show decoded images. */
export async function waitForDecodedImages(canvasElement: HTMLElement, count: number): Promise<void> {
  await waitFor(
    async () => {
      const images = [...canvasElement.querySelectorAll<HTMLImageElement>('img.tc-gallery__image')];
      await expect(images.filter((image) => image.complete && image.naturalWidth > 0)).toHaveLength(count);
    },
    { timeout: 5000 },
  );
}

export function boxesOf(elements: readonly Element[]): { x: number; y: number; width: number; height: number }[] {
  return elements.map((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
  });
}

export interface ObjectUrlSpies {
  readonly createdUrls: () => string[];
  readonly revokedUrls: () => string[];
  readonly restore: () => void;
}

/** Spies on object URLs (still creating and revoking real ones) until `restore` runs. */
export function spyOnObjectUrls(): ObjectUrlSpies {
  const create = spyOn(URL, 'createObjectURL');
  const revoke = spyOn(URL, 'revokeObjectURL');
  return {
    createdUrls: () => create.mock.results.flatMap((result) => (result.type === 'return' ? [result.value] : [])),
    revokedUrls: () => revoke.mock.calls.map(([url]) => url),
    restore: () => {
      create.mockRestore();
      revoke.mockRestore();
    },
  };
}

/** Tabs from wherever focus is to each thumbnail in turn, checking each shows the focus ring. */
export async function expectKeyboardReachesEachThumbnail(canvasElement: HTMLElement): Promise<void> {
  const targets = [...canvasElement.querySelectorAll<HTMLButtonElement>('.tc-gallery__thumb, .tc-gallery__more')];
  const [first] = targets;
  if (first === undefined) throw new Error('No thumbnails to focus');
  for (let presses = 0; document.activeElement !== first && presses < 20; presses += 1) await userEvent.tab();
  for (const [index, target] of targets.entries()) {
    if (index > 0) await userEvent.tab();
    await expect(document.activeElement).toBe(target);
    await expect(target.matches(':focus-visible')).toBe(true);
    const { outlineStyle, outlineWidth } = getComputedStyle(target);
    await expect({ outlineStyle, outlineWidth }).toEqual({ outlineStyle: 'solid', outlineWidth: '2px' });
  }
}
