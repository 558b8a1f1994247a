import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The kind (`data-kind`) of the comparison row that holds the focus, or null. */
export const focusedRow = (page: Page) => page.evaluate(() => document.activeElement?.closest('.cmp-row')?.getAttribute('data-kind') ?? null);

/** On the two runs of `twoRuns` (Same, Changed, Only in B): `n` / `N` go to the next and previous difference, not while typing. */
export async function expectDifferenceKeys(page: Page): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('n');
  await expect.poll(() => focusedRow(page)).toBe('changed');
  await page.keyboard.press('n');
  await expect.poll(() => focusedRow(page)).toBe('only-b');
  await page.keyboard.press('Shift+N');
  await expect.poll(() => focusedRow(page)).toBe('changed');
}
