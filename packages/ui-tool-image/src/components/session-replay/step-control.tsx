import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { ParsedSessionLog } from '../../model';
import { eventSummary } from '../../model/replay/event-summary';
import { isTyping } from './replay-keys';

export interface StepControlProps {
  readonly log: ParsedSessionLog;
  /** How many of the log's events the replay shows (clamped to 0…all); `null` = all of them, more as the log grows. */
  readonly shown: number | null;
  /** Told the step the person moves to. */
  readonly onShownChange: (shown: number) => void;
}

/**
 * Steps a replay through our own log's events: a slider from 0 (the header alone) to every event,
 * "Previous event" / "Next event" buttons and the `,` / `.` keys, and what the current step shows —
 * "Event 12 of 56", the event's type and what it is about.
 */
export function StepControl({ log, shown, onShownChange }: StepControlProps): ReactNode {
  const labels = useLabels();
  const ids = { slider: useId(), keys: useId() };
  const total = log.events.length;
  const position = shown === null ? total : Math.max(0, Math.min(Math.trunc(shown), total));
  const event = position === 0 ? undefined : log.events[position - 1];
  const summary = event === undefined ? undefined : eventSummary(event, log.events.slice(0, position));
  const phrase = formatLabel(labels['step.position'], { shown: position, total });
  const move = (to: number): void => {
    onShownChange(Math.max(0, Math.min(to, total)));
  };

  const latest = useRef({ position, move });
  useLayoutEffect(() => {
    latest.current = { position, move };
  });
  useEffect(() => {
    const onKeyDown = (keyEvent: KeyboardEvent): void => {
      if (keyEvent.defaultPrevented || keyEvent.altKey || keyEvent.ctrlKey || keyEvent.metaKey || isTyping(keyEvent.target)) return;
      if (keyEvent.target instanceof Element && keyEvent.target.closest('dialog') !== null) return;
      const step = keyEvent.key === ',' ? -1 : keyEvent.key === '.' ? 1 : 0;
      if (step === 0) return;
      keyEvent.preventDefault();
      latest.current.move(latest.current.position + step);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <div className="tc-steps" role="group" aria-label={labels['step.label']}>
      <div className="tc-steps__line">
        <button
          type="button"
          className="tc-steps__button"
          disabled={position === 0}
          onClick={() => {
            move(position - 1);
          }}
        >
          {labels['step.previous']}
        </button>
        <label className="tc-steps__field" htmlFor={ids.slider}>
          {labels['step.event']}
        </label>
        <input
          id={ids.slider}
          className="tc-steps__slider"
          type="range"
          min={0}
          max={total}
          step={1}
          value={position}
          aria-valuetext={phrase}
          aria-describedby={ids.keys}
          onChange={(changeEvent) => {
            move(Number(changeEvent.target.value));
          }}
        />
        <button
          type="button"
          className="tc-steps__button"
          disabled={position === total}
          onClick={() => {
            move(position + 1);
          }}
        >
          {labels['step.next']}
        </button>
      </div>
      <p className="tc-steps__current">
        <output htmlFor={ids.slider} className="tc-steps__position" data-testid="replay-step">
          {phrase}
        </output>
        {summary === undefined ? (
          <span className="tc-steps__label">{labels['step.start']}</span>
        ) : (
          <>
            <code className="tc-steps__kind">{summary.kind}</code>
            {summary.label === '' ? null : <span className="tc-steps__label">{summary.label}</span>}
          </>
        )}
      </p>
      <p id={ids.keys} className="tc-steps__keys tc-keys">
        {labels['step.keys']}
      </p>
    </div>
  );
}
