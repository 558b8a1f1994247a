import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { REPLAY_STATES } from '@toolcard/ui-tool-image/model';

import { writeExportFile } from '../export/export-file.ts';
import type { PageSizes } from '../export/export-page.ts';
import { exportFilter } from '../export/export-filter.ts';
import { sessionHtml } from '../export/session-html.ts';
import { localReviewFile } from '../reviews/local-review-file.ts';
import { reviewFilePath } from '../reviews/review-file.ts';
import { SESSION_ID } from '../server/live-session.ts';
import { openServedLog } from '../server/served-log.ts';
import { openStore, type StoreLocation } from '../server/store-location.ts';
import { ensureViewerBuilt } from '../server/viewer-build.ts';
import { checkSessionPath, EXPORT_USAGE, parseStoreOption, ReplayUsageError } from './args.ts';
import { counted } from '../../viewer/counted.ts';

export interface ExportOptions {
  readonly logPath: string;
  readonly output: string;
  readonly store?: StoreLocation;
  /** The viewer's query string filter (`tool=…&state=…&q=…`): the page holds only the calls it matches, and opens with it. */
  readonly filter: string;
  readonly maxEdge?: number;
}

/** The largest `--max-edge` that means something: the store refuses larger sides anyway. */
const MAX_EDGE = 65_535;

/** `pnpm replay export …` as options, every path and number checked before anything is read. */
export async function parseExportArgs(argv: readonly string[], cwd: string): Promise<ExportOptions> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { output: { type: 'string', short: 'o' }, store: { type: 'string' }, filter: { type: 'string' }, 'max-edge': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (cause) {
    throw new ReplayUsageError(`${cause instanceof Error ? cause.message : String(cause)}\n${EXPORT_USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new ReplayUsageError(`name one session file\n${EXPORT_USAGE}`);
  if (values.output === undefined || values.output.trim() === '') throw new ReplayUsageError(`-o FILE.html is required\n${EXPORT_USAGE}`);
  const logPath = path.resolve(cwd, positionals[0] ?? '');
  if ((await checkSessionPath(logPath)) !== 'file') throw new ReplayUsageError(`${logPath} is a folder: export takes one session file`);
  const output = path.resolve(cwd, values.output);
  const outputInfo = await stat(output).catch(() => undefined);
  if (outputInfo?.isDirectory() === true) throw new ReplayUsageError(`-o ${output} is a folder: name the HTML file to write`);
  const store = values.store === undefined ? undefined : await parseStoreOption(values.store, cwd);
  let maxEdge: number | undefined;
  if (values['max-edge'] !== undefined) {
    maxEdge = /^\d{1,5}$/.test(values['max-edge']) ? Number(values['max-edge']) : Number.NaN;
    if (!(maxEdge >= 1 && maxEdge <= MAX_EDGE))
      throw new ReplayUsageError(`--max-edge must be an integer from 1 to ${String(MAX_EDGE)} (pixels), got ${JSON.stringify(values['max-edge'])}`);
  }
  const filter = exportFilter(values.filter ?? '');
  const states = new URLSearchParams(filter).get('state')?.split(',') ?? [];
  const unknown = states.filter((state) => !REPLAY_STATES.some((known) => known === state));
  if (unknown.length > 0) throw new ReplayUsageError(`--filter state=${unknown.join(',')}: the states are ${REPLAY_STATES.join(', ')}`);
  return {
    logPath,
    output,
    ...(store === undefined ? {} : { store }),
    filter,
    ...(maxEdge === undefined ? {} : { maxEdge }),
  };
}

export interface ExportResult {
  readonly bytes: number;
  readonly sizes: PageSizes;
  readonly missing: readonly string[];
  /** With a filter: the top-level calls the file holds, of the log's. */
  readonly calls?: { readonly kept: number; readonly total: number };
}

/** Writes the session's HTML file. */
export async function runExport(options: ExportOptions, say: (message: string) => void = () => undefined): Promise<ExportResult> {
  const viewerDir = await ensureViewerBuilt(say);
  const opened = options.store === undefined ? undefined : openStore(options.store);
  const served = await openServedLog(options.logPath, opened?.store);
  try {
    if (served.spooled) await copiedWhole(served, say);
    const html = await sessionHtml({
      info: { id: SESSION_ID, log: path.basename(options.logPath), store: served.store !== undefined },
      served,
      reviewFile: localReviewFile(reviewFilePath(options.logPath)),
      viewerDir,
      filter: options.filter,
      ...(options.maxEdge === undefined ? {} : { maxEdge: options.maxEdge }),
    });
    const bytes = await writeExportFile(options.output, html.chunks);
    return { bytes, sizes: html.sizes, missing: html.missing, ...(html.calls === undefined ? {} : { calls: html.calls }) };
  } finally {
    await served.close();
    opened?.close();
  }
}

/** Another agent's file is copied (its inline images moved to a temporary store) before it is exported whole. */
export async function copiedWhole(served: Awaited<ReturnType<typeof openServedLog>>, say: (message: string) => void): Promise<void> {
  served.follow((error) => {
    say(`reading the file failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  while (!served.firstPass.done) await new Promise((resolve) => setTimeout(resolve, 50));
}

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(2)} MB`;

/** The line `pnpm replay export` prints: the file's size, what it is made of, and with a filter the calls it kept of the log's. */
export function exportSummary(output: string, { bytes, sizes, missing, calls }: ExportResult): string {
  const parts = [
    `viewer ${megabytes(sizes.viewer)}`,
    `${counted(sizes.imageCount, 'image', 'images')} ${megabytes(sizes.images)}`,
    `log ${megabytes(sizes.log.gzip)} gzipped from ${megabytes(sizes.log.text)}`,
  ];
  const notStored = missing.length === 0 ? '' : `; ${counted(missing.length, 'referenced image', 'referenced images')} not in the store (shown as such)`;
  const filtered = calls === undefined ? '' : `; ${String(calls.kept)} of ${counted(calls.total, 'call', 'calls')}, those the filter matches`;
  return `wrote ${output}: ${megabytes(bytes)} (${parts.join(', ')})${filtered}${notStored}`;
}
