import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

export const REVIEWS_USAGE = 'usage: pnpm replay reviews <session file or folder>… [--format json|csv|junit]';
export const USAGE = `usage: pnpm replay <session.jsonl> [--store DIR] [--port N] [--open]\n       ${REVIEWS_USAGE.slice('usage: '.length)}`;

/** The port QA can bookmark; `--port 0` asks the system for a free one. */
export const DEFAULT_PORT = 6007;

export interface ReplayOptions {
  /** Absolute path of the session log. */
  readonly logPath: string;
  /** Absolute path of the attachment store directory; absent = images show as not in the store. */
  readonly storeDir?: string;
  readonly port: number;
  readonly open: boolean;
}

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
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const ALLOWED = '--store DIR, --port N, --open, --help';

/**
 * Checks the whole command line before anything starts (like sharp checks its options before any
 * native work): the syntax first, then that the log is a readable regular file and the store an
 * existing directory. Relative paths resolve against `cwd`.
 */
export async function parseReplayArgs(argv: readonly string[], cwd: string): Promise<ParsedCommand> {
  const { values, positionals } = parseSyntax(argv);
  if (values.help) return { kind: 'help' };
  const [log, ...extra] = positionals;
  if (log === undefined) throw new ReplayUsageError(`missing the session log to replay\n${USAGE}`);
  if (extra.length > 0) {
    throw new ReplayUsageError(`expected one session log, got ${positionals.length}: ${positionals.join(' ')}\n${USAGE}`);
  }
  const port = parsePort(values.port);
  const logPath = path.resolve(cwd, log);
  await checkLogFile(logPath);
  const storeDir = values.store === undefined ? undefined : path.resolve(cwd, checkNotEmpty('--store', values.store));
  if (storeDir !== undefined) await checkStoreDir(storeDir);
  return { kind: 'replay', options: { logPath, ...(storeDir === undefined ? {} : { storeDir }), port, open: values.open } };
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

async function checkLogFile(logPath: string): Promise<void> {
  const info = await statOrUndefined(logPath);
  if (info === undefined) throw new ReplayUsageError(`session log ${logPath} does not exist`);
  if (!info.isFile()) throw new ReplayUsageError(`session log ${logPath} is not a regular file (a .jsonl session log is)`);
  try {
    await access(logPath, constants.R_OK);
  } catch (cause) {
    throw new ReplayUsageError(`session log ${logPath} cannot be read (${errorCode(cause)})`);
  }
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
