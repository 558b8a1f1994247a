import type { ReactNode } from 'react';
import { pathParts } from '../../model/path-display';

/**
 * A display path that shortens in the middle: the directory gives way (ellipsis at its end) and
 * the file name stays whole. The full path is the text, so a copy gets all of it; `title` shows it
 * on hover. A control around it names itself with the path in full (its parts are flex items).
 */
export function ShortenedPath({ path, className }: { readonly path: string; readonly className?: string }): ReactNode {
  const { directory, name } = pathParts(path);
  return (
    <span className={className === undefined ? 'tc-path' : `tc-path ${className}`} title={path}>
      {directory === '' ? null : <span className="tc-path__directory">{directory}</span>}
      <span className="tc-path__name">{name}</span>
    </span>
  );
}
