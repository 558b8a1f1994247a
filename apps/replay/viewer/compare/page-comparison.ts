import type { ViewerDataSource } from '../data-source';
import type { FollowStatus } from '../follow-log';
import type { ViewerLog } from '../viewer-log';
import type { CallSequence } from './align-calls';
import { alignSequences, type AlignedSessions } from './aligned-sessions';
import type { Side } from './compare-protocol';
import { CallSequenceBuilder, conversationItemsOf } from './session-calls';

export interface PageComparisonCallbacks {
  readonly signal: AbortSignal;
  readonly onStatus: (side: Side, status: FollowStatus) => void;
  /** How much of the alignment's work is done, 0 to 1, between its slices. */
  readonly onAligning: (done: number) => void;
  readonly onAligned: (aligned: AlignedSessions) => void;
}

/**
 * Conversation items read per task: a long session's calls are normalised (their arguments' JSON
 * re-written, their results' texts joined) in slices, so the page keeps answering meanwhile.
 */
const ITEMS_PER_SLICE = 1000;

/** A task later, or never once `signal` aborts. */
function nextTask(signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    setTimeout(() => {
      resolve(!signal.aborted);
    });
  });
}

/**
 * Both sessions read through the data source and aligned on the page's thread, once both are wholly
 * read: the comparison where its worker cannot start (an exported file without the worker's script, or
 * a browser that refuses to start one). Each side's items, its calls in slices, and the diff are each a
 * task of their own; the diff of two long sessions is still one long task, which the worker spares the page.
 */
export function compareOnPage(
  source: ViewerDataSource,
  ids: Readonly<Record<Side, string>>,
  { signal, onStatus, onAligning, onAligned }: PageComparisonCallbacks,
): void {
  const logs: Record<Side, ViewerLog | null> = { a: null, b: null };
  const read: Record<Side, boolean> = { a: false, b: false };
  const alignIfRead = async (): Promise<void> => {
    if (signal.aborted || !read.a || !read.b || logs.a === null || logs.b === null) return;
    const both = [logs.a, logs.b];
    const sequences: CallSequence[] = [];
    for (const [index, log] of both.entries()) {
      onAligning(index / both.length);
      if (!(await nextTask(signal))) return;
      const items = conversationItemsOf(log);
      const builder = new CallSequenceBuilder();
      for (let start = 0; start < items.length; start += ITEMS_PER_SLICE) {
        onAligning((index + start / items.length) / both.length);
        if (!(await nextTask(signal))) return;
        for (const item of items.slice(start, start + ITEMS_PER_SLICE)) builder.add(item);
      }
      sequences.push(builder.sequence());
    }
    onAligning(1);
    if (!(await nextTask(signal))) return;
    const [a, b] = sequences;
    if (a !== undefined && b !== undefined) onAligned(alignSequences(a, b));
  };
  for (const side of ['a', 'b'] as const) {
    source.followLog(ids[side], {
      signal,
      onLog: (log, shown) => {
        logs[side] = log;
        shown();
      },
      onStatus: (status) => {
        onStatus(side, status);
        if (read[side] || (status.kind !== 'complete' && status.kind !== 'live')) return;
        read[side] = true;
        void alignIfRead();
      },
    });
  }
}
