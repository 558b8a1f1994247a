import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

import type { Page } from 'playwright-core';

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's violations on the page as it stands, as `rule: node count` (DevTools evaluation, so the page's CSP does not apply). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } };
    const { violations } = await axe.run(document);
    return violations.map((violation) => `${violation.id}: ${violation.nodes.length}`);
  });
}
