import type { KeyboardEvent, ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { ToolRowModel } from '../../model';
import { ShortenedPath } from './shortened-path';

export interface RowSummaryProps {
  readonly row: ToolRowModel;
  readonly onOpenFile?: ((path: string) => void) | undefined;
}

/** The row's path, shortened in the middle: a button that opens the file, or plain text when there is nothing to open. */
export function RowSummary({ row, onOpenFile }: RowSummaryProps): ReactNode {
  const labels = useLabels();
  const { summary, filePath, state } = row;
  if (summary === undefined) return null;
  // A failed or stopped call may never have touched the file: offering to open it would mislead.
  // Not a file (another agent's command or search pattern): plain text, cut at its end.
  if (filePath === undefined) {
    return (
      <span className="tc-row__summary" title={summary}>
        <span className="tc-row__summary-text">{summary}</span>
      </span>
    );
  }
  if (onOpenFile === undefined || state === 'error' || state === 'stopped' || state === 'refused') {
    return (
      <span className="tc-row__summary">
        <ShortenedPath path={summary} />
      </span>
    );
  }

  const openFile = (): void => {
    onOpenFile(filePath);
  };
  const openOnKey = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    // Handled on keydown and stopped here, so no ancestor (a parent row, the host page) treats the
    // key as its own; preventDefault also stops the browser from synthesizing a second click.
    event.preventDefault();
    event.stopPropagation();
    openFile();
  };
  return (
    <button
      type="button"
      className="tc-row__summary tc-row__summary--link"
      // Named in full: the path's two parts are laid out as flex items, which a browser would name with a space between.
      aria-label={`${labels['row.openFile']} ${summary}`}
      onClick={openFile}
      onKeyDown={openOnKey}
    >
      <ShortenedPath path={summary} />
    </button>
  );
}
