import type { ReactNode } from 'react';
import { useLabels } from '../../labels';
import { ToolbarLabel } from './toolbar-button';

export interface DownloadLinkProps {
  /** The image's URL once loaded; until then the link is shown disabled. */
  readonly url: string | undefined;
  readonly fileName: string;
}

/**
 * Downloads the image under its name. One `<a>` in both states, kept focusable while disabled: a
 * link that lost its `href` under the keyboard (next image still loading) would drop focus.
 */
export function DownloadLink({ url, fileName }: DownloadLinkProps): ReactNode {
  return (
    <a
      className="tc-lightbox__button"
      title={useLabels()['lightbox.download']}
      {...(url === undefined ? { role: 'link', 'aria-disabled': true, tabIndex: 0 } : { href: url, download: fileName })}
    >
      <ToolbarLabel control="download" />
    </a>
  );
}
