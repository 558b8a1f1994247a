import { createHash } from 'node:crypto';

import { readInlineViewer } from './inline-viewer.ts';
import { exportPage, pageSizes, type PageSession } from './export-page.ts';
import { collectSession, type SessionExportOptions } from './session-export.ts';
import type { SessionHtml } from './session-html.ts';

const digestOf = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

/**
 * B as the file carries it beside A: an image whose bytes A's elements already hold (the same
 * digest: two runs share most of their images) is not written again, only named in `sharedImages`.
 */
export function withoutSharedImages(a: PageSession, b: PageSession): PageSession {
  const inA = new Map(a.images.map((image) => [digestOf(image.data), `${a.session.info.id}/${image.attachmentId}`]));
  const sharedImages: Record<string, string> = {};
  const own = b.images.filter((image) => {
    const key = inA.get(digestOf(image.data));
    if (key !== undefined) sharedImages[image.attachmentId] = key;
    return key === undefined;
  });
  return { ...b, images: own, session: { ...b.session, sharedImages } };
}

/** Two sessions as one HTML file opening on their comparison (A, the reference, then B): what `pnpm replay export --compare` writes and the compare page's Export link downloads. */
export async function comparisonHtml(options: {
  readonly a: SessionExportOptions;
  readonly b: SessionExportOptions;
  readonly viewerDir: string;
}): Promise<SessionHtml> {
  const [viewer, a, b] = await Promise.all([readInlineViewer(options.viewerDir), collectSession(options.a), collectSession(options.b)]);
  const sessions = [a.page, withoutSharedImages(a.page, b.page)];
  return {
    chunks: exportPage({ viewer, sessions, filter: '', exportedAt: new Date() }),
    sizes: pageSizes(viewer, sessions),
    missing: [...new Set([...a.missing, ...b.missing])],
  };
}
