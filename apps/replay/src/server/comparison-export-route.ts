import type { IncomingMessage, ServerResponse } from 'node:http';

import { comparisonHtml } from '../export/comparison-html.ts';
import type { ReviewFile } from '../reviews/local-review-file.ts';
import { downloadStem, sendExportPage } from './export-route.ts';
import type { OpenSession } from './open-sessions.ts';

/** The session compared with the one a route names: `?with=<id>` (the compare page's `?compare=<A>&with=<B>`), or null when the query names none. */
export function comparedWith(req: IncomingMessage): string | null {
  const id = new URL(req.url ?? '/', 'http://localhost').searchParams.get('with');
  return id === null || id === '' ? null : id;
}

/**
 * `GET /api/sessions/<A>/export?with=<B>`: the comparison of A with B as one HTML file (the same
 * builder as `pnpm replay export --compare`), streamed as a download named after both logs.
 */
export async function serveComparisonExport(
  req: IncomingMessage,
  res: ServerResponse,
  sessions: { readonly a: OpenSession; readonly b: OpenSession },
  reviewFileOf: (id: string) => ReviewFile | undefined,
  viewerDir: string,
): Promise<void> {
  const side = ({ info, served }: OpenSession) => ({ info, served, reviewFile: reviewFileOf(info.id) });
  const html = await comparisonHtml({ a: side(sessions.a), b: side(sessions.b), viewerDir });
  await sendExportPage(req, res, `${downloadStem(sessions.a)}-vs-${downloadStem(sessions.b)}.html`, html.chunks);
}
