import { useRef, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import { COMPARISON_MODES, modeForKey, type ImageComparisonMode } from './comparison-modes';

export interface ModeSwitcherProps {
  readonly mode: ImageComparisonMode;
  readonly onModeChange: (mode: ImageComparisonMode) => void;
}

/** The four modes as a radio group: one tab stop, arrows (and Home / End) move and choose. */
export function ModeSwitcher({ mode, onModeChange }: ModeSwitcherProps): ReactNode {
  const labels = useLabels();
  const buttons = useRef(new Map<ImageComparisonMode, HTMLButtonElement>());
  return (
    <div
      role="radiogroup"
      aria-label={labels['comparison.modes']}
      className="tc-comparison__modes"
      onKeyDown={(event) => {
        if (event.altKey || event.ctrlKey || event.metaKey || /^[0-9]$/.test(event.key)) return;
        const next = modeForKey(event.key, mode);
        if (next === undefined) return;
        event.preventDefault();
        onModeChange(next);
        buttons.current.get(next)?.focus();
      }}
    >
      {COMPARISON_MODES.map((each) => (
        <button
          key={each}
          ref={(button) => {
            if (button === null) buttons.current.delete(each);
            else buttons.current.set(each, button);
          }}
          type="button"
          role="radio"
          aria-checked={each === mode}
          tabIndex={each === mode ? 0 : -1}
          className="tc-lightbox__button"
          onClick={() => {
            onModeChange(each);
          }}
        >
          {labels[`comparison.mode.${each}`]}
        </button>
      ))}
    </div>
  );
}
