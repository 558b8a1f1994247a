/**
 * pnpm replay [<session file or folder>…] [options]: see USAGE.
 * pnpm replay reviews <session file or folder>… [--format json|csv|junit]
 * pnpm replay export <session file> -o FILE.html [--store DIR|s3://…] [--filter QUERY] [--max-edge N]
 * pnpm replay export --compare <session file A> <session file B> -o FILE.html [--store DIR|s3://…] [--max-edge N]
 *
 * Serves one session, or the index of every session under the folders given, in the
 * production-built viewer on 127.0.0.1, and follows the files while they grow.
 */
import path from 'node:path';

import { ensureViewerBuilt } from '../server/viewer-build.ts';
import { startReplayServer } from '../server/replay-server.ts';
import { localReviewFile } from '../reviews/local-review-file.ts';
import { reviewFilePath } from '../reviews/review-file.ts';
import { formatS3Location } from '../s3/s3-location.ts';
import { parseReplayArgs, ReplayUsageError, USAGE } from './args.ts';
import { comparedSessionIds, compareUrl, listedAfterFirstPass } from './compare.ts';
import { fillRecordedStore, recordedSessions } from './recorded-sessions.ts';
import { openWorkbench } from './workbench.ts';
import { openBrowser } from './open-browser.ts';
import { runReviewsCommand } from './reviews-command.ts';
import { parseCompareExportArgs, runCompareExport } from './compare-export-command.ts';
import { ExportFilterError } from '../export/filtered-log.ts';
import { exportSummary, parseExportArgs, runExport } from './export-command.ts';

async function main(): Promise<number> {
  // pnpm runs scripts from the package folder; INIT_CWD is where the user typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const [first, ...rest] = process.argv.slice(2);
  if (first === 'reviews') return reviews(rest, cwd);
  if (first === 'export') return exportSession(rest, cwd);
  let command;
  try {
    command = await parseReplayArgs(process.argv.slice(2), cwd, { defaults: recordedSessions });
  } catch (error) {
    if (!(error instanceof ReplayUsageError)) throw error;
    console.error(`replay: ${error.message}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  const { options } = command;
  if (options.recorded && options.store !== undefined && 'dir' in options.store) await fillRecordedStore(options.store.dir);
  const viewerDir = await ensureViewerBuilt((message) => {
    console.error(`replay: ${message}`);
  });
  const started = performance.now();
  const common = {
    ...(options.store === undefined ? {} : { store: options.store }),
    port: options.port,
    host: options.host,
    ...(options.token === undefined ? {} : { token: options.token }),
    reviewer: options.reviewer,
    roots: options.paths,
    viewerDir,
    onFollowError: sayOnceUntilItChanges(),
    onWaitingForContent: (logPath: string) => {
      console.error(`replay: ${logPath} is empty: waiting for its first line (its content says how it is read)`);
    },
  };
  const say = (message: string) => {
    console.error(`replay: ${message}`);
  };
  let workbench;
  try {
    workbench = options.mode === 'session' ? undefined : await openWorkbench(options, say, sayOnceEach());
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const reviewsElsewhere = options.reviewsDir === undefined ? undefined : { dir: options.reviewsDir, root: path.dirname(options.paths[0] ?? '') };
  let server;
  try {
    server = await startReplayServer(
      workbench === undefined
        ? { ...common, logPath: options.paths[0] ?? '', reviewFileOf: (_id, logPath) => localReviewFile(reviewFilePath(logPath, reviewsElsewhere)) }
        : { ...common, catalog: workbench.index, reviewFileOf: (id, logPath) => workbench.reviewFileOf(id, logPath) },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`replay: --port ${options.port} is in use; pass another --port N (0 picks a free port)`);
      await workbench?.close();
      return 2;
    }
    throw error;
  }
  let pageUrl = server.url;
  if (options.mode === 'compare' && workbench !== undefined) {
    const [a = '', b = ''] = options.paths;
    const ids = await comparedSessionIds(a, b);
    // The page asks for both sessions at once: printed when the index lists them.
    if (!(await listedAfterFirstPass(workbench.index, [ids.a, ids.b]))) say(`${a} or ${b} was not read as a session: the page says which side is missing`);
    pageUrl = compareUrl(server.url, ids);
    say(`comparing ${a} (A) with ${b} (B)`);
  } else if (options.mode === 'workbench') say(`the index of ${[...options.paths, ...options.buckets.map(formatS3Location)].join(', ')}`);
  else if (server.spooled) {
    console.error(`replay: ${options.paths[0] ?? ''} is not a toolcard session log: its inline images are moved into a temporary store as the page reads it`);
    if (options.store !== undefined) console.error('replay: --store is not used for it (the file holds its own images)');
  } else {
    console.error(`replay: read ${options.paths[0] ?? ''} in ${Math.round(performance.now() - started)} ms`);
    if (options.store === undefined) console.error('replay: no --store given: images show as not in the attachment store');
  }
  if (server.signInUrl !== undefined) console.error(`replay: sign in once by opening ${server.signInUrl}`);
  // The URL alone on stdout, so scripts (and the tests) can read it.
  console.log(pageUrl);
  if (options.open) {
    openBrowser(server.signInUrl ?? pageUrl, (message) => {
      console.error(`replay: ${message}`);
    });
  }
  const stop = () => {
    void Promise.all([server.close(), workbench?.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

/** A file the index cannot read or a watch that fails: said once per message (a failing file is retried at every change). */
function sayOnceEach(): (error: unknown) => void {
  const said = new Set<string>();
  return (error) => {
    const message = error instanceof Error ? error.message : String(error);
    if (said.has(message)) return;
    said.add(message);
    console.error(`replay: ${message}`);
  };
}

/**
 * A failure while following the file (unreadable, replaced by a folder, a full disk for the copy)
 * comes back at every poll, four times a second: said once, and again when it is another failure.
 */
function sayOnceUntilItChanges(): (error: unknown, logPath: string) => void {
  const said = new Map<string, string>();
  return (error, logPath) => {
    const message = error instanceof Error ? error.message : String(error);
    if (said.get(logPath) === message) return;
    said.set(logPath, message);
    console.error(`replay: following ${logPath} failed (still trying): ${message}`);
  };
}

async function reviews(argv: readonly string[], cwd: string): Promise<number> {
  try {
    const { text, exitCode } = await runReviewsCommand(argv, cwd);
    process.stdout.write(text);
    return exitCode;
  } catch (error) {
    if (!(error instanceof ReplayUsageError)) throw error;
    console.error(`replay reviews: ${error.message}`);
    return 2;
  }
}

async function exportSession(argv: readonly string[], cwd: string): Promise<number> {
  let options;
  try {
    options = argv.includes('--compare') ? await parseCompareExportArgs(argv, cwd) : await parseExportArgs(argv, cwd);
  } catch (error) {
    if (!(error instanceof ReplayUsageError)) throw error;
    console.error(`replay export: ${error.message}`);
    return 2;
  }
  const say = (message: string): void => {
    console.error(`replay export: ${message}`);
  };
  let result;
  try {
    result = 'referencePath' in options ? await runCompareExport(options, say) : await runExport(options, say);
  } catch (error) {
    if (!(error instanceof ExportFilterError)) throw error;
    say(error.message);
    return 1;
  }
  console.error(`replay export: ${exportSummary(options.output, result)}`);
  // The file alone on stdout, so scripts can read it.
  console.log(options.output);
  return 0;
}

process.exitCode = await main();
