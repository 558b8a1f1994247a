import { readInlineViewer } from './inline-viewer.ts';
import { exportPage, pageSizes, type PageSizes } from './export-page.ts';
import { collectSession, type SessionExportOptions } from './session-export.ts';

export interface SessionHtml {
  /** The page in pieces, to be written in order. */
  readonly chunks: Iterable<Uint8Array>;
  /** What the page's size is made of, in bytes. */
  readonly sizes: PageSizes;
  /** Referenced images the store could not give. */
  readonly missing: readonly string[];
  /** With a filter: the top-level calls the page carries, of the log's. */
  readonly calls?: { readonly kept: number; readonly total: number };
}

/** One session as one HTML file: what `pnpm replay export` writes and the server's export route streams. */
export async function sessionHtml(options: SessionExportOptions & { readonly viewerDir: string; readonly filter: string }): Promise<SessionHtml> {
  const [viewer, { page, missing, calls }] = await Promise.all([readInlineViewer(options.viewerDir), collectSession(options)]);
  return {
    chunks: exportPage({ viewer, sessions: [page], filter: options.filter, exportedAt: new Date() }),
    sizes: pageSizes(viewer, [page]),
    missing,
    ...(calls === undefined ? {} : { calls }),
  };
}
