import type { LoadCheck, ScrollPace } from './bench-api';
import { afterNextPaint } from './frames';

/** The gallery's IntersectionObserver rootMargin (`useNearViewport`): a tile this close for its dwell loads. */
const NEAR_MARGIN_PX = 200;
const SETTLE_TIMEOUT_MS = 5000;
const UNSETTLED_STATUSES: ReadonlySet<string> = new Set(['idle', 'loading']);

function overlapsViewport(element: Element, margin: number): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom > -margin && top < window.innerHeight + margin;
}

/** The index of the first item whose bottom edge is below `y` (items stack top to bottom). */
function firstItemEndingBelow(items: readonly Element[], y: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const item = items[middle];
    if (item !== undefined && item.getBoundingClientRect().bottom <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Tiles overlapping the viewport grown by `margin` px above and below. Replay items off screen
 * skip layout (`content-visibility: auto`), and measuring a tile inside one would force it: so the
 * items in range are found first (by bisection: a long replay has thousands), then their tiles.
 */
function tilesWithin(margin: number): HTMLElement[] {
  const items = [...document.querySelectorAll('.tc-replay__item')];
  const inRange: Element[] = [];
  for (const item of items.slice(firstItemEndingBelow(items, -margin))) {
    if (item.getBoundingClientRect().top >= window.innerHeight + margin) break;
    inRange.push(item);
  }
  return inRange.flatMap((item) => [...item.querySelectorAll<HTMLElement>('.tc-gallery__tile')]).filter((tile) => overlapsViewport(tile, margin));
}

function unsettled(tiles: readonly HTMLElement[]): number {
  return tiles.filter((tile) => UNSETTLED_STATUSES.has(tile.dataset.status ?? '')).length;
}

async function settle(tiles: () => readonly HTMLElement[]): Promise<number> {
  const deadline = performance.now() + SETTLE_TIMEOUT_MS;
  await afterNextPaint();
  while (unsettled(tiles()) > 0 && performance.now() < deadline) await afterNextPaint();
  return unsettled(tiles());
}

/** Waits until every tile in the viewport has loaded or failed; returns how many never did. */
export function settleTilesInView(): Promise<number> {
  return settle(() => tilesWithin(0));
}

/**
 * The DOM does not name a tile's attachment: a tile is found by its row's `data-call-id` and its
 * position among the gallery's image tiles, which the gallery lays out in image order.
 */
function tileAttachmentId(tile: HTMLElement, imageAttachments: ReadonlyMap<string, readonly string[]>): string {
  const callId = tile.closest<HTMLElement>('.tc-row[data-call-id]')?.dataset.callId ?? '';
  const galleryTiles = [...(tile.closest('.tc-gallery')?.querySelectorAll('.tc-gallery__tile') ?? [])];
  const position = galleryTiles.indexOf(tile);
  const id = imageAttachments.get(callId)?.[position];
  if (id === undefined) throw new Error(`No attachment is known for tile ${position} of call ${JSON.stringify(callId)}.`);
  return id;
}

export type ScrollLoads = Omit<LoadCheck, 'pace' | 'objectUrlsCreated' | 'liveObjectUrlsAfterUnmount'>;

/** `useNearViewport`'s dwell: a tile near the viewport this long loads, however fast the page scrolls past. */
const NEAR_DWELL_MS = 100;

/**
 * Where a fling rested near each attachment's tiles: a tile near the viewport for the dwell loads,
 * and rightly so wherever that happens — at the start (the page waits at its top while the replay
 * mounts), at the end, and at a stop whose frame took that long (a busy machine). An id may load
 * once per rest; a load of an id never rested near is a load for a tile the fling only passed by.
 */
class FlingRests {
  private readonly nearSince = new Map<string, number>();
  private readonly rests = new Map<string, number>();
  /** Stops whose frame took the dwell or longer. */
  slowStops = 0;

  constructor(idsNearAtStart: readonly string[]) {
    for (const id of idsNearAtStart) this.nearSince.set(id, Number.NEGATIVE_INFINITY);
  }

  /** The ids near the viewport after the scroll made at `scrolledAt`, painted at `paintedAt`. */
  stop(idsNear: readonly string[], scrolledAt: number, paintedAt: number): void {
    if (paintedAt - scrolledAt >= NEAR_DWELL_MS) this.slowStops += 1;
    const near = new Set(idsNear);
    for (const [id, since] of this.nearSince) {
      if (near.has(id)) continue;
      this.nearSince.delete(id);
      if (scrolledAt - since >= NEAR_DWELL_MS) this.rest(id);
    }
    for (const id of near) if (!this.nearSince.has(id)) this.nearSince.set(id, scrolledAt);
  }

  /** Where the fling came to rest: every id still near has rested there. */
  end(): ReadonlyMap<string, number> {
    for (const id of this.nearSince.keys()) this.rest(id);
    this.nearSince.clear();
    return this.rests;
  }

  private rest(id: string): void {
    this.rests.set(id, (this.rests.get(id) ?? 0) + 1);
  }
}

/**
 * Scrolls the page top to bottom a viewport at a time, then compares the loader's calls with the
 * attachments whose tiles were in view. `read` stops at each viewport until its tiles have loaded,
 * as a reader does: every attachment in view loads, once. `fling` moves on after one painted frame,
 * shorter than a thumbnail's dwell (`useNearViewport`): only the tiles where it rests (`FlingRests`)
 * load, none it passed by. At each stop every id loaded so far must belong to a tile that has been
 * within the near margin.
 */
export async function scrollThroughPage(
  pace: ScrollPace,
  imageAttachments: ReadonlyMap<string, readonly string[]>,
  callsById: ReadonlyMap<string, number>,
): Promise<ScrollLoads> {
  const idsOf = (tiles: readonly HTMLElement[]) => tiles.map((tile) => tileAttachmentId(tile, imageAttachments));
  const tilesInView = new Set<HTMLElement>();
  const idsInView = new Set<string>();
  const idsNear = new Set<string>();
  const idsNearAnyStop = new Set<string>();
  const loadedAheadOfView = new Set<string>();
  const rests = new FlingRests(idsOf(tilesWithin(NEAR_MARGIN_PX + 1)));
  let unsettledTiles = 0;
  let scrollSteps = 0;
  // Each stop starts where the last one's viewport ended, measured after its frame: items grow
  // from their placeholder height as they first render, which moves everything below them.
  for (let top = 0; ; top = window.scrollY + window.innerHeight) {
    const scrolledAt = performance.now();
    window.scrollTo(0, top);
    await afterNextPaint();
    const paintedAt = performance.now();
    scrollSteps += 1;
    if (pace === 'read') unsettledTiles += await settleTilesInView();
    // A pixel past the observer's margin: a tile right on its edge may count as near.
    const idsNearNow = idsOf(tilesWithin(NEAR_MARGIN_PX + 1));
    for (const id of idsNearNow) idsNear.add(id);
    if (pace === 'read') for (const id of idsNearNow) idsNearAnyStop.add(id);
    else rests.stop(idsNearNow, scrolledAt, paintedAt);
    const inView = tilesWithin(0);
    if (pace === 'read') {
      for (const tile of inView) tilesInView.add(tile);
      for (const id of idsOf(inView)) idsInView.add(id);
    }
    for (const id of callsById.keys()) if (!idsNear.has(id)) loadedAheadOfView.add(id);
    if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight) break;
  }
  // `read`: one load per id; `fling`: at most one per rest near it.
  let allowedLoads = (id: string): number => (idsNearAnyStop.has(id) ? 1 : 0);
  if (pace === 'fling') {
    unsettledTiles = await settleTilesInView();
    const inView = tilesWithin(0);
    for (const tile of inView) tilesInView.add(tile);
    for (const id of idsOf(inView)) idsInView.add(id);
    const restsById = rests.end();
    for (const id of restsById.keys()) idsNearAnyStop.add(id);
    allowedLoads = (id) => restsById.get(id) ?? 0;
  }
  const calls = [...callsById.values()];
  return {
    loadCalls: calls.reduce((sum, count) => sum + count, 0),
    distinctInView: idsInView.size,
    distinctNear: idsNearAnyStop.size,
    tilesInView: tilesInView.size,
    scrollSteps,
    slowStops: rests.slowStops,
    loadedMoreThanOnce: [...callsById].filter(([id, count]) => count > 1 && count > allowedLoads(id)).map(([id]) => id),
    loadedAheadOfView: [...loadedAheadOfView],
    loadedInPassing: pace === 'fling' ? [...callsById.keys()].filter((id) => allowedLoads(id) === 0) : [],
    unsettledTiles,
  };
}
