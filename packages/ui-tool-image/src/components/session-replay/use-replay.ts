import { useMemo, useState } from 'react';
import type { ParsedSessionLog } from '../../model';
import { ReplayBuilder, type Replay } from './replay-items';

/** The replay of `log`, kept across renders: a log that grows costs only what was appended. */
export function useReplay(log: ParsedSessionLog): Replay {
  const [builder] = useState(() => new ReplayBuilder());
  return useMemo(() => builder.replayOf(log), [builder, log]);
}
