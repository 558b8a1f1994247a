import type { CDPSession, Page } from 'playwright-core';
import type { AllRowsMounted, LoadCheck, SessionSize, Variant } from './bench-api';
import { callPage, jsHeapAfterGc } from './page-calls';

export const SAMPLES_PER_VARIANT = 5;

export interface Sample extends AllRowsMounted {
  readonly expandMs: number;
  /** JS heap with every row mounted (images in view loaded, GC forced) minus before the mount. */
  readonly heapBytes: number;
  /** Object URLs still live after this sample's unmounts (counted over the page's life). */
  readonly liveObjectUrls: number;
}

export interface SizeResult {
  /** How many times the recorded log is repeated. */
  readonly repeat: number;
  readonly session: SessionSize;
  readonly samples: Readonly<Record<Variant, readonly Sample[]>>;
  readonly loads: LoadCheck;
}

async function sampleOnce(page: Page, cdp: CDPSession, variant: Variant): Promise<Sample> {
  const heapBefore = await jsHeapAfterGc(cdp);
  const mount = await callPage(page, 'renderAll', variant);
  await callPage(page, 'settleImagesInView');
  const heapBytes = (await jsHeapAfterGc(cdp)) - heapBefore;
  const liveAfterRender = await callPage(page, 'unmount');
  const expandMs = await callPage(page, 'expandAllImageRows', variant);
  const liveAfterExpand = await callPage(page, 'unmount');
  return { ...mount, expandMs, heapBytes, liveObjectUrls: Math.max(liveAfterRender, liveAfterExpand) };
}

/**
 * Floor and replay samples, interleaved so machine drift hits both alike, after one discarded
 * warm-up sample each (JIT, style and font caches); then the scroll-through load check.
 */
export async function measureSize(page: Page, cdp: CDPSession, repeat: number): Promise<SizeResult> {
  const session = await callPage(page, 'prepare', repeat);
  await sampleOnce(page, cdp, 'floor');
  await sampleOnce(page, cdp, 'replay');
  const samples: Record<Variant, Sample[]> = { floor: [], replay: [] };
  for (let round = 0; round < SAMPLES_PER_VARIANT; round++) {
    // Alternating which goes first, so neither always runs right after the other.
    const order: readonly Variant[] = round % 2 === 0 ? ['floor', 'replay'] : ['replay', 'floor'];
    for (const variant of order) samples[variant].push(await sampleOnce(page, cdp, variant));
  }
  const loads = await callPage(page, 'checkLoadsWhileScrolling');
  return { repeat, session, samples, loads };
}
