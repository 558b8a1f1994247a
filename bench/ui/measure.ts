import type { CDPSession, Page } from 'playwright-core';
import type { AllRowsMounted, LoadCheck, SearchTimes, SessionSize, Variant } from './bench-api';
import { callPage, jsHeapAfterGc } from './page-calls';

export const SAMPLES_PER_VARIANT = 5;

export interface Sample extends AllRowsMounted {
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
  /** The scroll-through load check, read then flung. */
  readonly loads: readonly LoadCheck[];
  /** One search per round (after the untimed first one), floor loop and find bar. */
  readonly searches: readonly SearchTimes[];
  /** The longest task of each fling to the end and back (0: none reached 50 ms). */
  readonly flingLongestTasks: readonly number[];
}

/** A path fragment the long session reads from several calls. */
export const SEARCH_QUERY = 'icon-12.png';
const FLINGS = 3;

async function sampleOnce(page: Page, cdp: CDPSession, variant: Variant): Promise<Sample> {
  const heapBefore = await jsHeapAfterGc(cdp);
  const mount = await callPage(page, 'renderAll', variant);
  await callPage(page, 'settleImagesInView');
  const heapBytes = (await jsHeapAfterGc(cdp)) - heapBefore;
  const liveObjectUrls = await callPage(page, 'unmount');
  return { ...mount, heapBytes, liveObjectUrls };
}

/**
 * Floor and replay samples, interleaved so machine drift hits both alike, after one discarded
 * warm-up sample each (JIT, style and font caches); then searches, flings and the scroll-through load check.
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
  const searches: SearchTimes[] = [];
  for (let round = 0; round < SAMPLES_PER_VARIANT; round++) searches.push(await callPage(page, 'searchOnce', SEARCH_QUERY));
  const flingLongestTasks: number[] = [];
  for (let fling = 0; fling < FLINGS; fling++) flingLongestTasks.push(await callPage(page, 'flingLongestTask'));
  const loads = [await callPage(page, 'checkLoadsWhileScrolling', 'read'), await callPage(page, 'checkLoadsWhileScrolling', 'fling')];
  return { repeat, session, samples, loads, searches, flingLongestTasks };
}
