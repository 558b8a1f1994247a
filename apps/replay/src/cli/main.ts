/**
 * pnpm replay <session.jsonl> [--store DIR] [--port N] [--open]
 * pnpm replay reviews <session file or folder>… [--format json|csv|junit]
 *
 * Serves the log in the production-built viewer on 127.0.0.1 and follows it while it grows.
 */
import { ensureViewerBuilt } from '../server/viewer-build.ts';
import { startReplayServer } from '../server/replay-server.ts';
import { parseReplayArgs, ReplayUsageError, USAGE } from './args.ts';
import { openBrowser } from './open-browser.ts';
import { runReviewsCommand } from './reviews-command.ts';

async function main(): Promise<number> {
  // pnpm runs scripts from the package folder; INIT_CWD is where the user typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const [first, ...rest] = process.argv.slice(2);
  if (first === 'reviews') return reviews(rest, cwd);
  let command;
  try {
    command = await parseReplayArgs(process.argv.slice(2), cwd);
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
  const viewerDir = await ensureViewerBuilt((message) => {
    console.error(`replay: ${message}`);
  });
  const started = performance.now();
  let server;
  try {
    server = await startReplayServer({
      ...options,
      viewerDir,
      onFollowError: sayOnceUntilItChanges(options.logPath),
      onWaitingForContent: () => {
        console.error(`replay: ${options.logPath} is empty: waiting for its first line (its content says how it is read)`);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`replay: --port ${options.port} is in use; pass another --port N (0 picks a free port)`);
      return 2;
    }
    throw error;
  }
  if (server.spooled) {
    console.error(`replay: ${options.logPath} is not a toolcard session log: its inline images are moved into a temporary store as the page reads it`);
    if (options.storeDir !== undefined) console.error('replay: --store is not used for it (the file holds its own images)');
  } else {
    console.error(`replay: read ${options.logPath} in ${Math.round(performance.now() - started)} ms`);
    if (options.storeDir === undefined) console.error('replay: no --store given: images show as not in the attachment store');
  }
  // The URL alone on stdout, so scripts (and the tests) can read it.
  console.log(server.url);
  if (options.open) {
    openBrowser(server.url, (message) => {
      console.error(`replay: ${message}`);
    });
  }
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

/**
 * A failure while following the file (unreadable, replaced by a folder, a full disk for the copy)
 * comes back at every poll, four times a second: said once, and again when it is another failure.
 */
function sayOnceUntilItChanges(logPath: string): (error: unknown) => void {
  let said = '';
  return (error) => {
    const message = error instanceof Error ? error.message : String(error);
    if (message === said) return;
    said = message;
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

process.exitCode = await main();
