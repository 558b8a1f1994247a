import { useEffect, useReducer, useState } from 'react';
import type { ParsedSessionLog } from '../../model';
import { isAgentLog, type AgentLog } from '../../model/formats/agent-log/agent-log';
import { ReplayBuilder, type Replay, type ShouldYield } from '../../model/replay/replay-builder';
import type { ReplaySearchIndex } from '../../model/replay/replay-search';

/**
 * Events the first render replays. A count, not a time: a server render and the hydrating render
 * must show the same first items.
 */
const EVENTS_IN_FIRST_RENDER = 2000;
/**
 * How long a later render or task replays before the page may paint and respond again; the find
 * bar's facts of the items it added come on top (about as long again): well under a 50 ms task.
 */
const MS_PER_SLICE = 8;
/**
 * How often the replay renders what the slices added. Each render re-measures the whole list
 * (the virtualizer lays out every item's offset anew) and so costs the log's length in time and
 * garbage: rendering every slice of a long log would cost more than the slices themselves.
 */
const MS_BETWEEN_RENDERS = 100;

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

/** Runs `run` in a task of its own, soon (unlike a chain of timeouts, not held back 4 ms each after the fifth); returns a cancel. */
function inNextTask(run: () => void): () => void {
  const channel = new MessageChannel();
  // A closed port delivers nothing more: closing cancels, and frees the port once it has run.
  const close = (): void => {
    channel.port1.close();
  };
  channel.port1.onmessage = () => {
    close();
    run();
  };
  channel.port2.postMessage(null);
  return close;
}

const conversationReplays = new WeakMap<AgentLog, Replay>();

/** Another format's session, already read whole into a conversation: nothing is left to replay. */
function conversationReplay(log: AgentLog): Replay {
  let replay = conversationReplays.get(log);
  if (replay === undefined) {
    replay = { items: log.conversation.items, problems: log.problems, pendingEvents: 0 };
    conversationReplays.set(log, replay);
  }
  return replay;
}

/**
 * The replay of `log`, kept across renders: a log that grows costs only what was appended. A long
 * log given at once is replayed in slices, one task each, so the page paints its first rows at
 * once and never stops responding for long; `pendingEvents` says how much is still to come. Each
 * slice also brings `index`'s summary up to date, so a render finds it done.
 */
export function useReplay(log: ParsedSessionLog | AgentLog, index: ReplaySearchIndex): Replay {
  const [builder] = useState(() => new ReplayBuilder());
  const [, replayedMore] = useReducer((renders: number) => renders + 1, 0);
  const pace = builder.started ? afterMs(MS_PER_SLICE) : afterEvents(EVENTS_IN_FIRST_RENDER);
  // Our own format is replayed here, in slices; another format's session comes read whole.
  let replay: Replay;
  if (!isAgentLog(log)) replay = builder.replayOf(log, pace);
  else if (log.session !== undefined) replay = builder.replayOf(log.session, pace);
  else replay = conversationReplay(log);
  useEffect(() => {
    if (replay.pendingEvents === 0) return;
    const renderedAt = performance.now();
    let cancel = inNextTask(function replaySlice() {
      const more = builder.continue(afterMs(MS_PER_SLICE));
      index.summaryOf(more.items);
      if (more.pendingEvents === 0 || performance.now() - renderedAt >= MS_BETWEEN_RENDERS) replayedMore();
      else cancel = inNextTask(replaySlice);
    });
    return () => {
      cancel();
    };
  }, [builder, index, replay]);
  return replay;
}
