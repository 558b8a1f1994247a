import { describeEntry, type SlotEntry } from './slot-registry';

/** A programming mistake, not a content crash: slot error boundaries let it through. */
export class SlotUsageError extends Error {
  override readonly name = 'SlotUsageError';
}

/**
 * A child slot belongs to the entry that declared it: only that entry's render subtree may
 * render it. A top-level slot (`declarer` undefined) may be rendered from anywhere.
 */
export function assertRenderableFrom(slot: string, declarer: SlotEntry | undefined, renderingEntry: SlotEntry | undefined): void {
  if (declarer === undefined || declarer === renderingEntry) return;
  const site = renderingEntry === undefined ? 'outside any slot entry' : `by "${describeEntry(renderingEntry)}"`;
  throw new SlotUsageError(
    `Slot "${slot}" is a child slot declared by "${describeEntry(declarer)}" and may only be rendered by that entry; it was rendered ${site}.`,
  );
}
