import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

import { exportFilter } from '../export/export-filter.ts';
import { ExportFilterError } from '../export/filtered-log.ts';
import { sessionHtml } from '../export/session-html.ts';
import type { ReviewFile } from '../reviews/local-review-file.ts';
import type { OpenSession } from './open-sessions.ts';

/**
 * `GET /api/sessions/<id>/export?tool=…&state=…&q=…`: the session as one HTML file (the same
 * builder as `pnpm replay export`), streamed as a download named after its log; with a filter, only
 * the calls it matches, opening with it (a filter no call matches is a 422 with the reason). Behind
 * the same host guard and token as every other route.
 */
export async function serveExport(
  req: IncomingMessage,
  res: ServerResponse,
  session: OpenSession,
  reviewFile: ReviewFile | undefined,
  viewerDir: string,
): Promise<void> {
  const query = new URL(req.url ?? '/', 'http://localhost').search;
  let html;
  try {
    html = await sessionHtml({ info: session.info, served: session.served, reviewFile, viewerDir, filter: exportFilter(query) });
  } catch (error) {
    if (!(error instanceof ExportFilterError)) throw error;
    res.writeHead(422, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.end(`${error.message}\n`);
    return;
  }
  await sendExportPage(req, res, `${downloadStem(session)}.html`, html.chunks);
}

/** A session's download name without its extension: its name as the pages show it, a folder in it joined with `_` (`golden_session`). */
export function downloadStem(session: OpenSession): string {
  return session.info.log.replace(/\.[^./]*$/, '').replaceAll('/', '_');
}

/** An exported page as a download named `name`, streamed. */
export async function sendExportPage(req: IncomingMessage, res: ServerResponse, name: string, chunks: Iterable<Uint8Array>): Promise<void> {
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=windows-1252',
    'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(Readable.from(chunks), res);
}
