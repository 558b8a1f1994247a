import type { CDPSession, Page } from 'playwright-core';
import type { UiBenchPage } from './bench-api';

type PageResult<M extends keyof UiBenchPage> = Awaited<ReturnType<UiBenchPage[M]>>;

/** Runs `window.uiBench[method](...args)` in the page. */
export async function callPage<M extends keyof UiBenchPage>(page: Page, method: M, ...args: Parameters<UiBenchPage[M]>): Promise<PageResult<M>> {
  const result: unknown = await page.evaluate(
    ([name, params]) => {
      const api = window.uiBench;
      if (api === undefined) throw new Error('The bench page has not loaded.');
      const run = api[name] as (...values: unknown[]) => unknown;
      return run(...params);
    },
    [method, args] as const,
  );
  return result as PageResult<M>;
}

/** V8's used JS heap in bytes, after a full garbage collection. */
export async function jsHeapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}
