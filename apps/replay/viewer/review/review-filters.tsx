import { useId, type ReactNode } from 'react';

import type { ReviewLabels } from './review-labels';
import { REVIEW_FILTERS, type ReviewFilter } from './review-state';

interface ReviewFiltersProps {
  readonly labels: ReviewLabels;
  readonly chosen: readonly ReviewFilter[];
  readonly onChange: (chosen: readonly ReviewFilter[]) => void;
}

/** "Unreviewed", "Failed", "With notes": the calls shown, beside the find bar's filter (any chosen lets a call through). */
export function ReviewFilters({ labels, chosen, onChange }: ReviewFiltersProps): ReactNode {
  const id = useId();
  return (
    <fieldset className="review-filters">
      <legend>{labels.filters}</legend>
      {REVIEW_FILTERS.map((filter) => (
        <span key={filter} className="review-filters__option">
          <input
            id={`${id}-${filter}`}
            type="checkbox"
            checked={chosen.includes(filter)}
            onChange={(event) => {
              onChange(event.target.checked ? REVIEW_FILTERS.filter((one) => one === filter || chosen.includes(one)) : chosen.filter((one) => one !== filter));
            }}
          />
          <label htmlFor={`${id}-${filter}`}>{labels.filter[filter]}</label>
        </span>
      ))}
    </fieldset>
  );
}
