import path from 'node:path';

import { comparisonHtml } from '../export/comparison-html.ts';
import { writeExportFile } from '../export/export-file.ts';
import type { SessionExportOptions } from '../export/session-export.ts';
import { localReviewFile } from '../reviews/local-review-file.ts';
import { reviewFilePath } from '../reviews/review-file.ts';
import { openServedLog, type ServedLog } from '../server/served-log.ts';
import { openStore } from '../server/store-location.ts';
import { ensureViewerBuilt } from '../server/viewer-build.ts';
import { checkSessionPath, COMPARE_EXPORT_USAGE, ReplayUsageError } from './args.ts';
import { copiedWhole, parseExportArgs, type ExportOptions, type ExportResult } from './export-command.ts';

export interface CompareExportOptions extends Omit<ExportOptions, 'filter'> {
  /** The reference run (A); `logPath` is the one compared with it (B). */
  readonly referencePath: string;
}

/** The ids the two sessions have in the file (their logs may share a name). */
const SIDE_IDS = { a: 'a', b: 'b' } as const;

/** `pnpm replay export --compare A B …` as options: A and B follow `--compare`; the rest is checked as a session export's. */
export async function parseCompareExportArgs(argv: readonly string[], cwd: string): Promise<CompareExportOptions> {
  const at = argv.indexOf('--compare');
  const [a, b] = argv.slice(at + 1, at + 3);
  if (at === -1 || a === undefined || b === undefined || a.startsWith('-') || b.startsWith('-'))
    throw new ReplayUsageError(`--compare takes two session files (A and B)\n${COMPARE_EXPORT_USAGE}`);
  const rest = [...argv.slice(0, at), ...argv.slice(at + 3)];
  const { filter, logPath: referencePath, ...options } = await parseExportArgs([a, ...rest], cwd);
  if (filter !== '') throw new ReplayUsageError(`--filter is for one session's export; a comparison opens on its rows\n${COMPARE_EXPORT_USAGE}`);
  const logPath = path.resolve(cwd, b);
  if ((await checkSessionPath(logPath)) !== 'file') throw new ReplayUsageError(`${logPath} is a folder: --compare takes two session files`);
  return { ...options, referencePath, logPath };
}

/** Writes the comparison's HTML file: both logs, each image once, both review files' standing verdicts. */
export async function runCompareExport(options: CompareExportOptions, say: (message: string) => void = () => undefined): Promise<ExportResult> {
  const viewerDir = await ensureViewerBuilt(say);
  const opened = options.store === undefined ? undefined : openStore(options.store);
  const served: ServedLog[] = [];
  try {
    for (const logPath of [options.referencePath, options.logPath]) served.push(await openServedLog(logPath, opened?.store));
    const [servedA, servedB] = served as [ServedLog, ServedLog];
    for (const each of served) if (each.spooled) await copiedWhole(each, say);
    const side = (id: string, logPath: string, each: ServedLog): SessionExportOptions => ({
      info: { id, log: path.basename(logPath), store: each.store !== undefined },
      served: each,
      reviewFile: localReviewFile(reviewFilePath(logPath)),
      ...(options.maxEdge === undefined ? {} : { maxEdge: options.maxEdge }),
    });
    const html = await comparisonHtml({
      a: side(SIDE_IDS.a, options.referencePath, servedA),
      b: side(SIDE_IDS.b, options.logPath, servedB),
      viewerDir,
    });
    const bytes = await writeExportFile(options.output, html.chunks);
    return { bytes, sizes: html.sizes, missing: html.missing };
  } finally {
    await Promise.all(served.map((each) => each.close()));
    opened?.close();
  }
}
