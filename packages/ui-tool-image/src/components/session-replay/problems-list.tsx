import { useId, type ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { ReplayProblem } from '../../model/replay/replay-builder';

/**
 * What the reader could not use in the log, by line: QA needs to see a log is damaged, not guess.
 * With `onJump`, each entry is a button that goes to its row.
 */
export function ProblemsList({
  problems,
  onJump,
}: {
  readonly problems: readonly ReplayProblem[];
  readonly onJump?: ((line: number) => void) | undefined;
}): ReactNode {
  const labels = useLabels();
  const headingId = useId();
  if (problems.length === 0) return null;
  return (
    <section className="tc-problems" aria-labelledby={headingId}>
      <h2 id={headingId} className="tc-problems__heading">
        {labels['replay.problems']}
      </h2>
      <ul className="tc-problems__list">
        {problems.map(({ line, message }, index) => (
          // Problems are derived once per log and never reorder.
          <li key={index} className="tc-problems__item">
            {onJump === undefined ? (
              <>
                <span className="tc-problems__line">{formatLabel(labels['replay.problemLine'], { line })}</span> {message}
              </>
            ) : (
              // Goes to the row the line belongs to (the last one starting at or before it).
              <button
                type="button"
                className="tc-problems__jump"
                onClick={() => {
                  onJump(line);
                }}
              >
                <span className="tc-problems__line">{formatLabel(labels['replay.problemLine'], { line })}</span> {message}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
