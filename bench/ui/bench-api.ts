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
}

export interface LoadCheck {
  readonly loadCalls: number;
  readonly distinctInView: number;
  readonly tilesInView: number;
  readonly scrollSteps: number;
  /** Ids whose loader ran more than once in one mount. */
  readonly loadedMoreThanOnce: readonly string[];
  /** Ids loaded before any of their tiles came within the near-viewport margin. */
  readonly loadedAheadOfView: readonly string[];
  /** Tiles in view that never left `idle`/`loading` (a stuck or never-requested image). */
  readonly unsettledTiles: number;
  readonly objectUrlsCreated: number;
  readonly liveObjectUrlsAfterUnmount: number;
}

export interface FirstRender {
  /** From `root.render` to the first painted frame after the commit. */
  readonly ms: number;
  /** Elements the mount created: what most of the time and memory goes into. */
  readonly elements: number;
}

export interface UiBenchPage {
  /** Parses the fixture, repeated `repeat` times, and keeps it for the following calls. */
  prepare(repeat: number): SessionSize;
  /** Mounts the variant as the story shows it (image rows expanded). */
  renderAll(variant: Variant): Promise<FirstRender>;
  /** Waits until every gallery tile in the viewport has loaded (or failed). */
  settleImagesInView(): Promise<void>;
  /** Mounts the variant with image rows collapsed (untimed), then clicks them all open: ms to the painted frame. */
  expandAllImageRows(variant: Variant): Promise<number>;
  /** Unmounts and reports the object URLs still live. */
  unmount(): Promise<number>;
  /** Mounts the replay, scrolls the whole page through the viewport, unmounts, and reports loads and URLs. */
  checkLoadsWhileScrolling(): Promise<LoadCheck>;
}

declare global {
  interface Window {
    uiBench?: UiBenchPage;
  }
}
