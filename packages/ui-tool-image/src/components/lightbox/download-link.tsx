import type { ReactNode } from 'react';

export interface DownloadLinkProps {
  /** The image's URL once loaded; until then the link is shown disabled. */
  readonly url: string | undefined;
  readonly fileName: string;
  readonly label: string;
}

/**
 * Downloads the image under its name. One `<a>` in both states, kept focusable while disabled: a
 * link that lost its `href` under the keyboard (next image still loading) would drop focus.
 */
export function DownloadLink({ url, fileName, label }: DownloadLinkProps): ReactNode {
  return url === undefined ? (
    <a className="tc-lightbox__button" role="link" aria-disabled="true" tabIndex={0}>
      {label}
    </a>
  ) : (
    <a className="tc-lightbox__button" href={url} download={fileName}>
      {label}
    </a>
  );
}
