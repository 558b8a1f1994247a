import { expect, waitFor, within } from 'storybook/test';

/* The lightbox's stage and zoom level, as the lightbox stories query and check them. */

export function zoomLevelOf(dialog: HTMLElement): HTMLElement {
  const level = dialog.querySelector<HTMLElement>('.tc-lightbox__zoom-level');
  if (level === null) throw new Error('The lightbox shows no zoom level');
  return level;
}

/** The percent the toolbar shows, as a number. */
export function percentOf(dialog: HTMLElement): number {
  return Number.parseInt(zoomLevelOf(dialog).textContent, 10);
}

/** The stage's image (the filmstrip's tiles have the same names). */
export async function shownImage(dialog: HTMLElement, name: string): Promise<HTMLImageElement> {
  const image = await within(stageOf(dialog)).findByRole<HTMLImageElement>('img', { name }, { timeout: 5000 });
  await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
  return image;
}

export function stageOf(dialog: HTMLElement): HTMLElement {
  const stage = dialog.querySelector<HTMLElement>('.tc-lightbox__stage');
  if (stage === null) throw new Error('The lightbox has no stage');
  return stage;
}
/** Along each axis the image covers the stage, or is centred on it. */
export async function expectInBounds(image: HTMLElement, stage: HTMLElement): Promise<void> {
  const i = image.getBoundingClientRect();
  const s = stage.getBoundingClientRect();
  for (const [start, end, from, to] of [
    [i.left, i.right, s.left, s.right],
    [i.top, i.bottom, s.top, s.bottom],
  ] as const) {
    if (end - start <= to - from + 0.5) await expect(Math.abs(start - from - (to - end))).toBeLessThan(1);
    else await expect(start <= from + 0.5 && end >= to - 0.5).toBe(true);
  }
}
