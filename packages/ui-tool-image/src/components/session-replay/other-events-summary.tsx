import { useId, type ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { OtherEventCount } from '../../model';

/**
 * One quiet line for the events the replay skips (chunks, steps, hooks, types of newer harness
 * versions): they are not problems, but a reviewer should know they exist. Opens to a per-type table.
 */
export function OtherEventsSummary({ otherEvents }: { readonly otherEvents: readonly OtherEventCount[] }): ReactNode {
  const labels = useLabels();
  const captionId = useId();
  if (otherEvents.length === 0) return null;
  const events = otherEvents.reduce((sum, { count }) => sum + count, 0);
  return (
    <details className="tc-other-events">
      <summary className="tc-other-events__summary">{formatLabel(labels['replay.otherEvents'], { events, types: otherEvents.length })}</summary>
      <table className="tc-other-events__table" aria-labelledby={captionId}>
        <caption id={captionId} className="tc-visually-hidden">
          {labels['replay.otherEventsTable']}
        </caption>
        <thead>
          <tr>
            <th scope="col">{labels['replay.eventType']}</th>
            <th scope="col">{labels['replay.eventCount']}</th>
          </tr>
        </thead>
        <tbody>
          {otherEvents.map(({ type, count }) => (
            <tr key={type}>
              <td className="tc-other-events__type">{type}</td>
              <td className="tc-other-events__count">{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
