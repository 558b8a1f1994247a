import { useId, type ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { ReplayProblem } from './replay-items';

/** What the reader could not use in the log, by line: QA needs to see a log is damaged, not guess. */
export function ProblemsList({ problems }: { readonly problems: readonly ReplayProblem[] }): ReactNode {
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
            <span className="tc-problems__line">{formatLabel(labels['replay.problemLine'], { line })}</span> {message}
          </li>
        ))}
      </ul>
    </section>
  );
}
