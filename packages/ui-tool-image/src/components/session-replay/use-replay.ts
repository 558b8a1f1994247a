import { useEffect, useReducer, useState } from 'react';
import type { ParsedSessionLog } from '../../model';
import { ReplayBuilder, type Replay, type ShouldYield } from './replay-items';

/**
 * Events the first render replays. A count, not a time: a server render and the hydrating render
 * must show the same first items.
 */
const EVENTS_IN_FIRST_RENDER = 2000;
/** How long a later render or task replays before the page may paint and respond again: with React's work after it, well under a 50 ms long task. */
const MS_PER_SLICE = 10;

function afterEvents(count: number): ShouldYield {
  let added = 0;
  return () => (added += 1) >= count;
}

function afterMs(ms: number): ShouldYield {
  const end = performance.now() + ms;
  let added = 0;
  // The clock is read every 32 events: an event takes microseconds.
  return () => ((added += 1) & 31) === 0 && performance.now() >= end;
}

/**
 * The replay of `log`, kept across renders: a log that grows costs only what was appended. A long
 * log given at once is replayed in slices, one task each, so the page paints its first rows at
 * once and never stops responding for long; `pendingEvents` says how much is still to come.
 */
export function useReplay(log: ParsedSessionLog): Replay {
  const [builder] = useState(() => new ReplayBuilder());
  const [, replayedMore] = useReducer((slices: number) => slices + 1, 0);
  const replay = builder.replayOf(log, builder.started ? afterMs(MS_PER_SLICE) : afterEvents(EVENTS_IN_FIRST_RENDER));
  useEffect(() => {
    if (replay.pendingEvents === 0) return;
    const task = setTimeout(() => {
      builder.continue(afterMs(MS_PER_SLICE));
      replayedMore();
    }, 0);
    return () => {
      clearTimeout(task);
    };
  }, [builder, replay]);
  return replay;
}
