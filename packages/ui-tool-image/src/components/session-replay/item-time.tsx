import type { ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { ConversationItem } from '../../model/conversation';
import { durationBetween, offsetText } from './time-text';

/**
 * When an item happened, beside its row: its time after the session's start and, for a settled
 * call, how long it took (where the log says); nothing where the log records no times.
 */
export function ItemTime({ item, sessionStart }: { readonly item: ConversationItem; readonly sessionStart: number | undefined }): ReactNode {
  const labels = useLabels();
  const { startedAt, endedAt } = item;
  if (startedAt === undefined || sessionStart === undefined) return null;
  const offset = offsetText(startedAt - sessionStart);
  const duration = durationBetween(labels, startedAt, endedAt);
  const spoken = duration === undefined ? formatLabel(labels['time.row'], { offset }) : formatLabel(labels['time.rowWithDuration'], { offset, duration });
  return (
    <p className="tc-replay__time">
      <span className="tc-visually-hidden">{spoken}</span>
      <span aria-hidden="true">
        <time dateTime={new Date(startedAt).toISOString()}>{offset}</time>
        {duration === undefined ? null : <span className="tc-replay__duration">{duration}</span>}
      </span>
    </p>
  );
}
