import type { ViewerLog } from '../viewer-log';
import { alignCalls, countRows, type AlignedRow, type ComparedMessage, type RowCounts } from './align-calls';
import type { Side } from './compare-protocol';
import { callSequenceOf } from './session-calls';

export interface AlignedSessions {
  readonly rows: readonly AlignedRow[];
  readonly counts: RowCounts;
  /** The messages after each side's last call. */
  readonly trailing: Readonly<Record<Side, readonly ComparedMessage[]>>;
}

/** Two wholly read sessions' calls aligned and counted: what the compare worker sends in slices, and what an exported file computes on its page. */
export function alignSessions(a: ViewerLog, b: ViewerLog): AlignedSessions {
  const sequenceA = callSequenceOf(a);
  const sequenceB = callSequenceOf(b);
  const rows = alignCalls(sequenceA.calls, sequenceB.calls);
  return { rows, counts: countRows(rows), trailing: { a: sequenceA.trailing, b: sequenceB.trailing } };
}
