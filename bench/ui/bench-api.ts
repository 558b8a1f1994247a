/** The contract between the in-browser harness (page.tsx) and the Node driver (run.ts). */

/** `floor`: the same rows as plain text divs; `replay`: the story's provider and `LogReplay`. */
export type Variant = 'floor' | 'replay';

export interface SessionSize {
  /** Tool calls in the replayed log (top-level and nested). */
  readonly toolCalls: number;
  /** Calls that become image cards, i.e. rows with a gallery. */
  readonly imageRows: number;
  /** Conversation messages the replay shows between the calls. */
  readonly messages: number;
  readonly events: number;
  readonly distinctAttachments: number;
  /** The replayed events as JSON, in bytes: what the parsed log itself weighs, to set heap against. */
  readonly logBytes: number;
}

export interface SearchTimes {
  /** A plain loop of `String.prototype.includes` over the same lowercased texts the find bar searches. */
  readonly floorMs: number;
  /** The find bar: from the search text's input event to the match count in the DOM (index warm). */
  readonly replayMs: number;
  readonly matches: number;
  readonly floorMatches: number;
}

/** How the load check scrolls: stopping at each viewport until its images loaded, or one frame per viewport. */
export type ScrollPace = 'read' | 'fling';

export interface LoadCheck {
  readonly pace: ScrollPace;
  readonly loadCalls: number;
  /** Distinct attachments with a tile in view: at any stop (`read`), where the scroll came to rest (`fling`). */
  readonly distinctInView: number;
  /** The same within the near margin (a tile there loads before it scrolls in, as it should); `fling`: wherever it rested. */
  readonly distinctNear: number;
  readonly tilesInView: number;
  readonly scrollSteps: number;
  /** `fling`: stops whose frame took a thumbnail's dwell or longer (a busy machine): tiles near them may load. */
  readonly slowStops: number;
  /** Ids whose loader ran more than once in one mount (`fling`: more than once per rest near their tiles). */
  readonly loadedMoreThanOnce: readonly string[];
  /** Ids loaded before any of their tiles came within the near-viewport margin. */
  readonly loadedAheadOfView: readonly string[];
  /** `fling`: ids loaded though the scroll never rested near a tile of theirs (tiles passed by). */
  readonly loadedInPassing: readonly string[];
  /** Tiles in view that never left `idle`/`loading` (a stuck or never-requested image). */
  readonly unsettledTiles: number;
  readonly objectUrlsCreated: number;
  readonly liveObjectUrlsAfterUnmount: number;
}

export interface MountTimes {
  /**
   * From `root.render` to the first painted frame after the commit: render, commit, layout effects,
   * and the browser's style, layout and paint of that frame (passive effects too, when React runs
   * them before the frame).
   */
  readonly firstRenderMs: number;
  /** Elements under the mount's container at that frame. */
  readonly firstRenderElements: number;
  /**
   * From `root.render` to the first painted frame after the replay's last row mounted (its
   * `aria-busy` gone); `firstRenderMs` when the first render mounted every row, as the floor's does.
   */
  readonly allRowsMs: number;
  /** The longest main-thread task from `root.render` to that frame, if one took 50 ms or more; else 0. */
  readonly longestTaskMs: number;
}

export interface AllRowsMounted extends MountTimes {
  /** Elements once every row is mounted: what most of the time and memory goes into. */
  readonly elements: number;
}

export interface UiBenchPage {
  /** Parses the fixture, repeated `repeat` times, and keeps it for the following calls. */
  prepare(repeat: number): SessionSize;
  /** Mounts the variant as the story shows it (image rows expanded), until every row is mounted and painted. */
  renderAll(variant: Variant): Promise<AllRowsMounted>;
  /** Waits until every gallery tile in the viewport has loaded (or failed). */
  settleImagesInView(): Promise<void>;
  /** Searches the replay for `query` once, untimed (the find bar's index is built), then times one search against the floor loop. */
  searchOnce(query: string): Promise<SearchTimes>;
  /** Mounts the replay, flings it to the end and back a viewport-jump per frame, and reports the longest task (0 when none reached 50 ms). */
  flingLongestTask(): Promise<number>;
  /** Unmounts and reports the object URLs still live. */
  unmount(): Promise<number>;
  /** Mounts the replay until every row is mounted, scrolls the whole page through the viewport at `pace`, unmounts, and reports loads and URLs. */
  checkLoadsWhileScrolling(pace: ScrollPace): Promise<LoadCheck>;
}

declare global {
  interface Window {
    uiBench?: UiBenchPage;
  }
}
