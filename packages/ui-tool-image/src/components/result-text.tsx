import type { ReactNode } from 'react';
import { useLabels } from '../labels';

/** A settled result's flattened text (from the row model), or a note while there is none yet. */
export function ResultText({ output }: { readonly output: string | undefined }): ReactNode {
  const labels = useLabels();
  return output === undefined ? <p className="tc-note">{labels['row.noResult']}</p> : <pre className="tc-text">{output}</pre>;
}
