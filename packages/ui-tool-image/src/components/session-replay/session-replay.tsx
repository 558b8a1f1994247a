import { useMemo, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { ParsedSessionLog } from '../../model';
import { ConversationMessage } from '../conversation-message';
import { ToolCardSettingsContext, useToolCardSettings } from '../tool-card-settings';
import { ToolCallView } from '../tool-call-view';
import { useMountedPrefix } from './mounted-prefix';
import { OtherEventsSummary } from './other-events-summary';
import { ProblemsList } from './problems-list';
import { replayItemKey, replayOf, type ReplayItem } from './replay-items';

export interface SessionReplayProps {
  /** A log as `parseSessionLog` returns it. */
  readonly log: ParsedSessionLog;
}

function replayItemElement(item: ReplayItem): ReactNode {
  return (
    <div key={replayItemKey(item)} className="tc-replay__item">
      {item.kind === 'call' ? <ToolCallView node={item.node} /> : <ConversationMessage role={item.role} parts={item.parts} />}
    </div>
  );
}

/**
 * A recorded session (contract): its problems and what it did not show, then messages and tool
 * rows in log order. A long log mounts its items over several frames, `aria-busy` until the last
 * one is mounted.
 */
export function SessionReplay({ log }: SessionReplayProps): ReactNode {
  const labels = useLabels();
  const settings = useToolCardSettings();
  const { items, problems } = useMemo(() => replayOf(log), [log]);
  // Made once per log: a later batch's render passes the same elements again, which React skips.
  const itemElements = useMemo(() => items.map(replayItemElement), [items]);
  const mountedCount = useMountedPrefix(items, replayItemKey);
  // Paths show relative to the session's own working directory unless the embedder says otherwise.
  const cwd = settings.cwd ?? log.header?.cwd;
  const replaySettings = useMemo(() => (cwd === undefined ? settings : { ...settings, cwd }), [settings, cwd]);

  return (
    <ToolCardSettingsContext value={replaySettings}>
      <section className="tc-replay" aria-label={labels['replay.label']} aria-busy={mountedCount < items.length ? true : undefined}>
        <ProblemsList problems={problems} />
        <OtherEventsSummary otherEvents={log.otherEvents} />
        {itemElements.slice(0, mountedCount)}
      </section>
    </ToolCardSettingsContext>
  );
}
