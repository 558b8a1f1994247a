import type { ReactNode } from 'react';

export interface ExportLinkProps {
  /** The server route that streams the file as a download. */
  readonly href: string;
  readonly label: string;
  /** What the file holds, as the link's tooltip. */
  readonly hint: string;
}

/** The Export link of a session's view and of a comparison: what the page shows, downloaded as one HTML file that opens without a server. */
export function ExportLink({ href, label, hint }: ExportLinkProps): ReactNode {
  return (
    <p className="replay-app__export">
      <a href={href} download title={hint}>
        {label}
      </a>
    </p>
  );
}
