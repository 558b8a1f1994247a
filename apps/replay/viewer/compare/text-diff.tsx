import { diffWords } from 'diff';
import { memo, type ReactNode } from 'react';

/** Longer texts are compared on their start: a word diff of two long results would hold up the page (and nobody reads it whole). */
export const MAX_DIFF_CHARACTERS = 4000;

export interface TextDiffProps {
  readonly before: string;
  readonly after: string;
  /** Said under the diff when a text was longer than `MAX_DIFF_CHARACTERS`. */
  readonly cutNote: (characters: number) => string;
}

/** Two texts as one, words removed struck through and words added underlined (`del` / `ins`, so a screen reader says which). */
export const TextDiff = memo(function TextDiff({ before, after, cutNote }: TextDiffProps): ReactNode {
  const cut = before.length > MAX_DIFF_CHARACTERS || after.length > MAX_DIFF_CHARACTERS;
  const changes = diffWords(before.slice(0, MAX_DIFF_CHARACTERS), after.slice(0, MAX_DIFF_CHARACTERS));
  return (
    <>
      <pre className="cmp-diff">
        {changes.map((change, index) =>
          change.removed ? (
            <del key={index}>{change.value}</del>
          ) : change.added ? (
            <ins key={index}>{change.value}</ins>
          ) : (
            <span key={index}>{change.value}</span>
          ),
        )}
      </pre>
      {cut && <p className="cmp-note">{cutNote(MAX_DIFF_CHARACTERS)}</p>}
    </>
  );
});
