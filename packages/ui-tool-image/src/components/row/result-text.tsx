import { useMemo, type ReactNode } from 'react';
import { formatLabel, useLabels, type LabelSet } from '../../labels';
import type { OutputPart } from '../../model';

export interface ResultTextProps {
  /** A settled result's parts (from the row model); `undefined` while there is none yet. */
  readonly output: readonly OutputPart[] | undefined;
}

/**
 * A settled result as plain text, one line per part (a JSON part's segments run together), its
 * images as placeholders in the current locale.
 */
export function ResultText({ output }: ResultTextProps): ReactNode {
  const labels = useLabels();
  // A result can be megabytes of text: join it once per result and locale, not on every render.
  const text = useMemo(() => output?.map((part) => outputPartText(part, labels)).join('\n'), [output, labels]);
  return text === undefined ? <p className="tc-note">{labels['row.noResult']}</p> : <pre className="tc-text">{text}</pre>;
}

/** One part as text in the current locale: images become placeholders, never the reference. */
export function outputPartText(part: OutputPart, labels: LabelSet): string {
  switch (part.kind) {
    case 'text':
      return part.text;
    case 'image': {
      const { name, width, height } = part;
      return name === undefined ? formatLabel(labels['output.imageUnnamed'], { width, height }) : formatLabel(labels['output.image'], { name, width, height });
    }
    case 'json-with-images':
      return part.segments.map((segment) => outputPartText(segment, labels)).join('');
    case 'invalid-image':
      return labels['output.invalidImage'];
    case 'unsupported':
      return labels['output.unsupported'];
  }
}
