import { useId, type ReactNode } from 'react';

import { REVIEW_STATES, type FacetOption, type FacetOptions, type IndexFacets } from './session-facets';
import type { WorkbenchLabels } from './workbench-labels';

export interface IndexFacetsProps {
  readonly facets: IndexFacets;
  readonly options: FacetOptions;
  readonly search: string;
  readonly onFacetsChange: (facets: IndexFacets) => void;
  readonly onSearchChange: (search: string) => void;
  readonly labels: WorkbenchLabels;
}

interface Choice {
  readonly value: string;
  readonly text: string;
}

/** A facet as a native select ("Any" first): labelled, keyboard- and phone-friendly as it is. */
function FacetSelect({
  label,
  value,
  choices,
  onChange,
}: {
  readonly label: string;
  readonly value: string;
  readonly choices: readonly Choice[];
  readonly onChange: (value: string) => void;
}): ReactNode {
  const id = useId();
  return (
    <p className="wb-facet">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </select>
    </p>
  );
}

const yesNoValue = (value: boolean | null): string => (value === null ? '' : value ? 'yes' : 'no');
const fromYesNo = (value: string): boolean | null => (value === 'yes' ? true : value === 'no' ? false : null);

/** The search box (answered by the server) and the facets, each value with the rows it would show. */
export function IndexFacetsBar({ facets, options, search, onFacetsChange, onSearchChange, labels }: IndexFacetsProps): ReactNode {
  const searchId = useId();
  const any: Choice = { value: '', text: labels.any };
  const counted = <T,>(option: FacetOption<T>, value: string, text: string): Choice => ({ value, text: labels.withCount(text, option.count) });
  const set = (change: Partial<IndexFacets>): void => {
    onFacetsChange({ ...facets, ...change });
  };
  return (
    <form
      role="search"
      className="wb-facets"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <p className="wb-facet wb-facet--search">
        <label htmlFor={searchId}>{labels.search}</label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder={labels.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            onSearchChange(event.target.value);
          }}
        />
      </p>
      <FacetSelect
        label={labels.facets.format}
        value={facets.format ?? ''}
        choices={[any, ...options.format.map((option) => counted(option, option.value, option.value === 'unknown' ? labels.unknownFormat : option.value))]}
        onChange={(value) => {
          set({ format: options.format.find((option) => option.value === value)?.value ?? null });
        }}
      />
      <FacetSelect
        label={labels.facets.images}
        value={yesNoValue(facets.images)}
        choices={[any, ...options.images.map((option) => counted(option, yesNoValue(option.value), labels.withImages[option.value ? 'yes' : 'no']))]}
        onChange={(value) => {
          set({ images: fromYesNo(value) });
        }}
      />
      <FacetSelect
        label={labels.facets.failures}
        value={yesNoValue(facets.failures)}
        choices={[any, ...options.failures.map((option) => counted(option, yesNoValue(option.value), labels.withFailures[option.value ? 'yes' : 'no']))]}
        onChange={(value) => {
          set({ failures: fromYesNo(value) });
        }}
      />
      <FacetSelect
        label={labels.facets.tool}
        value={facets.tool ?? ''}
        choices={[any, ...options.tool.map((option) => counted(option, option.value, option.value))]}
        onChange={(value) => {
          set({ tool: value === '' ? null : value });
        }}
      />
      <FacetSelect
        label={labels.facets.review}
        value={facets.review ?? ''}
        choices={[any, ...options.review.map((option) => counted(option, option.value, labels.reviewStates[option.value]))]}
        onChange={(value) => {
          set({ review: REVIEW_STATES.find((state) => state === value) ?? null });
        }}
      />
    </form>
  );
}
