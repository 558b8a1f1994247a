import { startTransition, useEffect, useState } from 'react';

/**
 * Items the first render mounts. The shortest item (a collapsed row, 2.25rem, plus the 0.5rem
 * gap) is 44 px tall, so 25 of them fill at least 1 100 px, more than most windows show; real
 * items (messages, open image cards) are taller. More only delay the first frame: on bench/ui's
 * long session, 40 items made it about 1.6× slower than 25.
 */
export const FIRST_BATCH = 25;

/**
 * Items each later batch adds. A batch renders as a transition, in slices between which the
 * browser paints and handles input; only its commit is one task, short at this size. Every batch
 * also re-lays out the items mounted before it, so fewer, larger batches keep the total close to
 * one render of them all: of 100 to 1 000, 500 measured best on bench/ui's long session.
 */
export const LATER_BATCH = 500;

/** How many leading items are mounted, and of which list. */
interface MountedPrefix<T> {
  readonly items: readonly T[];
  readonly count: number;
}

function sharedPrefixLength<T extends object>(mounted: readonly T[], next: readonly T[], keyOf: (item: T) => string): number {
  const firstDifference = mounted.findIndex((item, index) => {
    const other = next[index];
    return other === undefined || keyOf(other) !== keyOf(item);
  });
  return firstDifference === -1 ? mounted.length : firstDifference;
}

/**
 * On a new list: the mounted items it starts with (same keys, same places) stay mounted, and at
 * most a first batch of new ones joins them. A log that extends the old one only adds rows; a
 * shorter prefix of it clamps; a different log starts over.
 */
function followList<T extends object>(previous: MountedPrefix<T>, items: readonly T[], keyOf: (item: T) => string): MountedPrefix<T> {
  const kept = sharedPrefixLength(previous.items.slice(0, previous.count), items, keyOf);
  return { items, count: Math.min(items.length, kept + FIRST_BATCH) };
}

function withNextBatch<T>(progress: MountedPrefix<T>, items: readonly T[]): MountedPrefix<T> {
  // A batch scheduled for a list that has since been replaced is dropped.
  if (progress.items !== items) return progress;
  return { items, count: Math.min(items.length, progress.count + LATER_BATCH) };
}

/**
 * How many leading `items` to mount: a first batch at once, then the rest a batch at a time, each
 * started by a timer once the previous one has committed, so a long list never blocks input in
 * one long render. Mounted items are never unmounted while the list only grows.
 */
export function useMountedPrefix<T extends object>(items: readonly T[], keyOf: (item: T) => string): number {
  const [progress, setProgress] = useState<MountedPrefix<T>>(() => ({ items, count: Math.min(items.length, FIRST_BATCH) }));
  let current = progress;
  if (progress.items !== items) {
    current = followList(progress, items, keyOf);
    setProgress(current);
  }
  const { count } = current;

  useEffect(() => {
    if (count >= items.length) return;
    const timer = setTimeout(() => {
      startTransition(() => {
        setProgress((latest) => withNextBatch(latest, items));
      });
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [items, count]);

  return count;
}
