import { useMemo, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { ParsedSessionLog } from '../../model';
import { ToolCardSettingsContext, useToolCardSettings } from '../tool-card-settings';
import { ToolCallView } from '../tool-call-view';
import { MessageView } from './message-view';
import { ProblemsList } from './problems-list';
import { replayOf } from './replay-items';

export interface SessionReplayProps {
  /** A log as `parseSessionLog` returns it. */
  readonly log: ParsedSessionLog;
}

/** A recorded session (contract): its problems, then messages and tool rows in log order. */
export function SessionReplay({ log }: SessionReplayProps): ReactNode {
  const labels = useLabels();
  const settings = useToolCardSettings();
  const { items, problems } = useMemo(() => replayOf(log), [log]);
  // Paths show relative to the session's own working directory unless the embedder says otherwise.
  const cwd = settings.cwd ?? log.header?.cwd;
  const replaySettings = useMemo(() => (cwd === undefined ? settings : { ...settings, cwd }), [settings, cwd]);

  return (
    <ToolCardSettingsContext value={replaySettings}>
      <section className="tc-replay" aria-label={labels['replay.label']}>
        <ProblemsList problems={problems} />
        {items.map((item) =>
          item.kind === 'call' ? (
            <div key={`call:${item.node.callId}`} className="tc-replay__item">
              <ToolCallView node={item.node} />
            </div>
          ) : (
            <div key={`event:${item.seq}`} className="tc-replay__item">
              <MessageView role={item.role} texts={item.texts} />
            </div>
          ),
        )}
      </section>
    </ToolCardSettingsContext>
  );
}
