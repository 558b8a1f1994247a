import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { homedir, userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { isLoopbackHost } from '@toolcard/host-read-image';

import { isS3Url, parseS3Location, type S3Location } from '../s3/s3-location.ts';
import type { StoreLocation } from '../server/store-location.ts';

export const REVIEWS_USAGE = 'usage: pnpm replay reviews <session file, folder or s3://bucket/prefix>… [--format json|csv|junit]';
export const COMPARE_USAGE = 'usage: pnpm replay --compare <session file A> <session file B> [--store DIR|s3://bucket/prefix] [other options]';
export const EXPORT_USAGE = 'usage: pnpm replay export <session file> -o FILE.html [--store DIR|s3://bucket/prefix] [--filter QUERY] [--max-edge N]';
export const COMPARE_EXPORT_USAGE =
  'usage: pnpm replay export --compare <session file A> <session file B> -o FILE.html [--store DIR|s3://bucket/prefix] [--max-edge N]';
export const USAGE = [
  'usage: pnpm replay [<session file, folder or s3://bucket/prefix>…] [--store DIR|s3://bucket/prefix] [--port N] [--open]',
  '                   [--reviewer NAME] [--reviews DIR] [--cache DIR] [--host ADDR --token-file FILE]',
  `       ${COMPARE_USAGE.slice('usage: '.length)}`,
  `       ${REVIEWS_USAGE.slice('usage: '.length)}`,
  `       ${EXPORT_USAGE.slice('usage: '.length)}`,
  `       ${COMPARE_EXPORT_USAGE.slice('usage: '.length)}`,
  "With no path: the repository's own recorded sessions. One file: that session. Folders, buckets or several files: the index of every session in them.",
].join('\n');

/** The port QA can bookmark; `--port 0` asks the system for a free one. */
export const DEFAULT_PORT = 6007;
/** Loopback: the logs and their images are whatever QA pointed the command at. */
export const DEFAULT_HOST = '127.0.0.1';
/** Where a token for a non-loopback bind may come from instead of `--token-file`. */
export const TOKEN_ENV = 'TOOLCARD_REPLAY_TOKEN';
/** Shorter is guessable from the network; 32 random hex digits are 128 bits. */
const MIN_TOKEN_LENGTH = 16;

export interface ReplayOptions {
  /**
   * 'session': one file given, shown as it is; 'workbench': folders or several files, shown as an
   * index; 'compare': two files (`--compare A B`), served as the index of those two and opened on their comparison.
   */
  readonly mode: 'session' | 'workbench' | 'compare';
  /** Absolute paths of the files and folders given (in session mode, the one log). */
  readonly paths: readonly string[];
  /** `s3://bucket/prefix` locations given: their session objects are mirrored into the cache and indexed with the rest. */
  readonly buckets: readonly S3Location[];
  /** The attachment store of our own logs' images (an absolute folder path, or an S3 store); absent = they show as not in the store. */
  readonly store?: StoreLocation;
  readonly port: number;
  readonly host: string;
  /** Required off loopback: a browser signs in once with it (a cookie), then every request carries it. */
  readonly token?: string;
  readonly open: boolean;
  /** Who verdicts are recorded as. */
  readonly reviewer: string;
  /** Review files go here (mirroring the folders given) instead of beside each log: for read-only folders. */
  readonly reviewsDir?: string;
  /** Where session summaries are cached between runs. */
  readonly cacheDir: string;
  /** No path was given: the repository's recorded sessions, whose store is filled before they are served. */
  readonly recorded: boolean;
}

/** What the command runs on when given no path (the repository's recorded sessions): where they are, their store and their verdicts, under `cacheDir`. */
export type ReplayDefaults = (cacheDir: string) => {
  readonly paths: readonly string[];
  readonly storeDir: string;
  /** Verdicts on the repository's own fixtures are kept out of the checkout. */
  readonly reviewsDir: string;
};

export type ParsedCommand = { readonly kind: 'help' } | { readonly kind: 'replay'; readonly options: ReplayOptions };

/** A command line that cannot run; the message names the flag and what it accepts. */
export class ReplayUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayUsageError';
  }
}

const OPTIONS = {
  store: { type: 'string' },
  port: { type: 'string' },
  open: { type: 'boolean', default: false },
  reviewer: { type: 'string' },
  reviews: { type: 'string' },
  cache: { type: 'string' },
  host: { type: 'string' },
  'token-file': { type: 'string' },
  compare: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const ALLOWED =
  '--store DIR|s3://bucket/prefix, --port N, --open, --reviewer NAME, --reviews DIR, --cache DIR, --host ADDR, --token-file FILE, --compare, --help';

/**
 * Checks the whole command line before anything starts (like sharp checks its options before any
 * native work): the syntax first, then that each path is a readable file or folder and the store
 * an existing directory. Relative paths resolve against `cwd`.
 */
export async function parseReplayArgs(
  argv: readonly string[],
  cwd: string,
  { defaults, env = process.env }: { readonly defaults?: ReplayDefaults; readonly env?: NodeJS.ProcessEnv } = {},
): Promise<ParsedCommand> {
  const { values, positionals } = parseSyntax(argv);
  if (values.help) return { kind: 'help' };
  const port = parsePort(values.port);
  const host = values.host === undefined ? DEFAULT_HOST : checkNotEmpty('--host', values.host);
  const token = await readToken(values['token-file'] === undefined ? undefined : path.resolve(cwd, checkNotEmpty('--token-file', values['token-file'])), env);
  if (token === undefined && !isLoopbackHost(host)) {
    throw new ReplayUsageError(
      `--host ${host} is reachable from other machines: give a token (--token-file FILE or ${TOKEN_ENV}) so only people holding it can read the sessions`,
    );
  }
  if (values.compare) checkComparePositionals(positionals);
  if (positionals.length === 0 && defaults === undefined) throw new ReplayUsageError(`name a session file or folder\n${USAGE}`);
  const buckets = positionals.filter(isS3Url).map(checkS3Location);
  const local = positionals.filter((each) => !isS3Url(each));
  const cacheDir = values.cache === undefined ? defaultCacheDir(env) : path.resolve(cwd, checkNotEmpty('--cache', values.cache));
  const recorded = positionals.length === 0 ? defaults?.(cacheDir) : undefined;
  const paths = recorded?.paths ?? local.map((each) => path.resolve(cwd, each));
  const kinds = await Promise.all(paths.map(checkSessionPath));
  if (values.compare) checkCompareFiles(paths, kinds);
  const mode = values.compare ? 'compare' : buckets.length === 0 && kinds.length === 1 && kinds[0] === 'file' ? 'session' : 'workbench';
  const storeGiven = values.store === undefined ? undefined : await parseStoreOption(checkNotEmpty('--store', values.store), cwd);
  const store = storeGiven ?? (recorded === undefined ? undefined : { dir: recorded.storeDir });
  const reviewsDir = values.reviews === undefined ? recorded?.reviewsDir : path.resolve(cwd, checkNotEmpty('--reviews', values.reviews));
  const reviewer = values.reviewer === undefined ? userInfo().username : checkNotEmpty('--reviewer', values.reviewer).trim();
  return {
    kind: 'replay',
    options: {
      mode,
      paths,
      buckets,
      ...(store === undefined ? {} : { store }),
      port,
      host,
      ...(token === undefined ? {} : { token }),
      open: values.open,
      reviewer,
      ...(reviewsDir === undefined ? {} : { reviewsDir }),
      cacheDir,
      recorded: recorded !== undefined,
    },
  };
}

/** `--compare` takes exactly two local files: the runs compared (A, then B). */
function checkComparePositionals(positionals: readonly string[]): void {
  if (positionals.length !== 2) {
    throw new ReplayUsageError(
      `--compare takes two session files (A and B), got ${String(positionals.length)}: ${JSON.stringify(positionals)}\n${COMPARE_USAGE}`,
    );
  }
  const bucket = positionals.find(isS3Url);
  if (bucket !== undefined) throw new ReplayUsageError(`--compare takes two local session files; ${bucket} is a bucket prefix\n${COMPARE_USAGE}`);
}

function checkCompareFiles(paths: readonly string[], kinds: readonly ('file' | 'folder')[]): void {
  const folder = paths.find((_, index) => kinds[index] === 'folder');
  if (folder !== undefined) throw new ReplayUsageError(`--compare takes two session files; ${folder} is a folder\n${COMPARE_USAGE}`);
}

function checkS3Location(given: string): S3Location {
  try {
    return parseS3Location(given);
  } catch (cause) {
    throw new ReplayUsageError(cause instanceof Error ? cause.message : String(cause));
  }
}

/** `$XDG_CACHE_HOME/toolcard-replay`, else `~/.cache/toolcard-replay`. */
function defaultCacheDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME !== undefined && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(homedir(), '.cache');
  return path.join(base, 'toolcard-replay');
}

/** The token from its file (first line, trimmed) or the environment; refused when too short to keep anyone out. */
async function readToken(tokenFile: string | undefined, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  let token: string | undefined;
  let from: string;
  if (tokenFile !== undefined) {
    from = `--token-file ${tokenFile}`;
    try {
      token = (await readFile(tokenFile, 'utf8')).split('\n', 1)[0]?.trim() ?? '';
    } catch (cause) {
      throw new ReplayUsageError(`${from} cannot be read (${errorCode(cause)})`);
    }
  } else {
    from = TOKEN_ENV;
    token = env[TOKEN_ENV]?.trim();
    if (token === undefined || token === '') return undefined;
  }
  if (token.length < MIN_TOKEN_LENGTH || /[^\x21-\x7e]/.test(token)) {
    throw new ReplayUsageError(
      `the token from ${from} must be at least ${String(MIN_TOKEN_LENGTH)} printable characters without spaces (e.g. \`openssl rand -hex 16\`)`,
    );
  }
  return token;
}

function parseSyntax(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new ReplayUsageError(`${message}\nallowed options: ${ALLOWED}\n${USAGE}`);
  }
}

function checkNotEmpty(flag: string, value: string): string {
  if (value.trim() === '') throw new ReplayUsageError(`${flag} needs a value, got an empty string`);
  return value;
}

/** Decimal digits only: `Number('0x10')`, `'1e3'` or `' 80'` would slip through a numeric check. */
export function parsePort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new ReplayUsageError(`--port must be an integer from 0 to 65535 (0 picks a free port), got ${JSON.stringify(value)}`);
  }
  return port;
}

/** A path given: a readable regular file (a session) or a readable folder (searched for sessions). */
export async function checkSessionPath(target: string): Promise<'file' | 'folder'> {
  const info = await statOrUndefined(target);
  if (info === undefined) throw new ReplayUsageError(`${target} does not exist`);
  const kind = info.isFile() ? 'file' : info.isDirectory() ? 'folder' : undefined;
  if (kind === undefined) throw new ReplayUsageError(`${target} is neither a regular file (a session) nor a folder (of sessions)`);
  try {
    await access(target, kind === 'file' ? constants.R_OK : constants.R_OK | constants.X_OK);
  } catch (cause) {
    throw new ReplayUsageError(`${target} cannot be read (${errorCode(cause)})`);
  }
  return kind;
}

/** `--store DIR|s3://bucket/prefix`: a folder that exists and can be read (relative to `cwd`), or an S3 store's location. */
export async function parseStoreOption(given: string, cwd: string): Promise<StoreLocation> {
  if (isS3Url(given)) return checkS3Location(given);
  const dir = path.resolve(cwd, given);
  await checkStoreDir(dir);
  return { dir };
}

async function checkStoreDir(storeDir: string): Promise<void> {
  const info = await statOrUndefined(storeDir);
  if (info === undefined) {
    throw new ReplayUsageError(`--store ${storeDir} does not exist (pass an attachment store directory, or leave --store out)`);
  }
  if (!info.isDirectory()) throw new ReplayUsageError(`--store ${storeDir} is not a directory (pass an attachment store directory)`);
  try {
    await access(storeDir, constants.R_OK | constants.X_OK);
  } catch (cause) {
    throw new ReplayUsageError(`--store ${storeDir} cannot be read (${errorCode(cause)})`);
  }
}

async function statOrUndefined(target: string) {
  try {
    return await stat(target);
  } catch (cause) {
    if (errorCode(cause) === 'ENOENT' || errorCode(cause) === 'ENOTDIR') return undefined;
    throw new ReplayUsageError(`${target} cannot be examined (${errorCode(cause)})`);
  }
}

function errorCode(cause: unknown): string {
  return (cause as NodeJS.ErrnoException | undefined)?.code ?? String(cause);
}
