import type { ReactNode } from 'react';
import { formatLabel, useLabels, type LabelKey } from '../../labels';
import type { SessionCounts, SessionSummaryFacts } from '../../model/replay/session-summary';
import { durationBetween } from './time-text';

export interface SessionHeaderProps {
  readonly facts: SessionSummaryFacts;
  readonly counts: SessionCounts;
}

/** A start time the same on every machine: UTC, to the second (`2026-12-04 09:29:49 UTC`). */
function startText(at: number): string {
  return `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const FORMAT_LABELS: Readonly<Record<SessionSummaryFacts['format'], LabelKey>> = {
  toolcard: 'format.toolcard',
  'claude-code': 'format.claude-code',
  codex: 'format.codex',
  'anthropic-messages': 'format.anthropic-messages',
  'openai-responses': 'format.openai-responses',
  unknown: 'format.unknown',
};

/**
 * What a session file says about itself, above its replay: model (and provider), start, duration,
 * working directory, format and version, and how many calls, images and failures it holds. A fact
 * the format does not record is left out, never shown empty.
 */
export function SessionHeader({ facts, counts }: SessionHeaderProps): ReactNode {
  const labels = useLabels();
  const { model, provider, startedAt, endedAt, cwd, version, format } = facts;
  const formatName = labels[FORMAT_LABELS[format]];
  const rows: (readonly [LabelKey, ReactNode])[] = [];
  if (model !== undefined) rows.push(['header.model', provider === undefined ? model : formatLabel(labels['header.modelWithProvider'], { model, provider })]);
  if (startedAt !== undefined) rows.push(['header.started', <time dateTime={new Date(startedAt).toISOString()}>{startText(startedAt)}</time>]);
  const duration = durationBetween(labels, startedAt, endedAt);
  if (duration !== undefined) rows.push(['header.duration', duration]);
  if (cwd !== undefined) rows.push(['header.cwd', <code className="tc-session__path">{cwd}</code>]);
  rows.push(['header.format', version === undefined ? formatName : formatLabel(labels['header.formatVersion'], { format: formatName, version })]);
  rows.push(['header.calls', counts.calls], ['header.images', counts.images], ['header.failures', counts.failures]);
  return (
    // Focusable: on a narrow screen the facts are one line that scrolls sideways, by keyboard too.
    <div role="group" className="tc-session" aria-label={labels['header.label']} data-testid="session-header" tabIndex={0}>
      <dl className="tc-session__facts">
        {rows.map(([key, value]) => (
          <div key={key} className="tc-session__fact" data-fact={key.slice('header.'.length)}>
            <dt>{labels[key]}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
