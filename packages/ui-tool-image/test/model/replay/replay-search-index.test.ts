import { expect, it } from 'vitest';
import { ReplayBuilder } from '../../../src/model/replay/replay-builder';
import { ReplaySearchIndex } from '../../../src/model/replay/replay-search';
import { parseSessionLog, SessionLogReader } from '../../../src/model';
import { CWD } from '../builders';
import { describeWithReferenceLogs, REFERENCE_LOG_NAMES, referenceLog } from '../../support/reference-logs';

/** Every snapshot's summary from one index kept across snapshots, beside a fresh index's summary of the same items. */
function summariesWhileGrowing(text: string) {
  const reader = new SessionLogReader();
  const builder = new ReplayBuilder();
  const kept = new ReplaySearchIndex();
  const pairs = [];
  for (const logLine of text.split(/(?<=\n)/)) {
    reader.append(logLine);
    const { items } = builder.replayOf(reader.snapshot());
    pairs.push({ kept: kept.summaryOf(items), fresh: new ReplaySearchIndex().summaryOf(items) });
  }
  return { pairs, kept };
}

describeWithReferenceLogs('ReplaySearchIndex: the find bar summary kept as the replay grows', () => {
  it.each(REFERENCE_LOG_NAMES)('%s read one line per snapshot: each summary is that of the items counted afresh', (name) => {
    const { pairs } = summariesWhileGrowing(referenceLog(name, CWD));
    for (const { kept, fresh } of pairs) expect(kept).toEqual(fresh);
    // A log with calls has them seen running, then settled: the kept counts moved with them.
    const hasCalls = (pairs.at(-1)?.kept.toolCounts.length ?? 0) > 0;
    expect(pairs.some(({ kept }) => kept.stateCounts.running > 0)).toBe(hasCalls);
    expect(pairs.at(-1)?.kept.stateCounts.running).toBe(0);
  });

  it('counts another log afresh', () => {
    const { kept } = summariesWhileGrowing(referenceLog('code-mode-read-image', CWD));
    const other = new ReplayBuilder().replayOf(parseSessionLog(referenceLog('read-image', CWD))).items;
    expect(kept.summaryOf(other)).toEqual(new ReplaySearchIndex().summaryOf(other));
  });

  it('answers the same items with the same summary', () => {
    const { items } = new ReplayBuilder().replayOf(parseSessionLog(referenceLog('read-image', CWD)));
    const index = new ReplaySearchIndex();
    expect(index.summaryOf(items)).toBe(index.summaryOf(items));
  });
});
