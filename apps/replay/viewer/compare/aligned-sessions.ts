import type { ViewerLog } from '../viewer-log';
import { alignCalls, countRows, type AlignedRow, type CallSequence, type ComparedMessage, type RowCounts } from './align-calls';
import type { Side } from './compare-protocol';
import { callSequenceOf } from './session-calls';

export interface AlignedSessions {
  readonly rows: readonly AlignedRow[];
  readonly counts: RowCounts;
  /** The messages after each side's last call. */
  readonly trailing: Readonly<Record<Side, readonly ComparedMessage[]>>;
}

/** Two wholly read sessions' calls aligned and counted: what the compare worker sends in slices. */
export function alignSessions(a: ViewerLog, b: ViewerLog): AlignedSessions {
  return alignSequences(callSequenceOf(a), callSequenceOf(b));
}

/** Two sessions' call sequences aligned and counted (an exported file reads the sequences on its page in slices first). */
export function alignSequences(a: CallSequence, b: CallSequence): AlignedSessions {
  const rows = alignCalls(a.calls, b.calls);
  return { rows, counts: countRows(rows), trailing: { a: a.trailing, b: b.trailing } };
}
