import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { homedir, userInfo } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { DEFAULT_HOST, DEFAULT_PORT, parsePort, parseReplayArgs, ReplayUsageError, TOKEN_ENV, type ReplayDefaults } from '../src/cli/args.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();

async function workspace() {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'session.jsonl'), '{"type":"session"}\n');
  await mkdir(path.join(dir, 'store'));
  return dir;
}

/** No token in the environment, the cache where it would be by default. */
const NO_ENV = {};
const DEFAULT_CACHE = path.join(homedir(), '.cache', 'toolcard-replay');

function parse(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv = NO_ENV) {
  return parseReplayArgs(argv, cwd, { env });
}

/** What every command line gets unless it says otherwise. */
const DEFAULTS = { port: DEFAULT_PORT, host: DEFAULT_HOST, open: false, reviewer: userInfo().username, cacheDir: DEFAULT_CACHE, buckets: [], recorded: false };

async function usageError(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv = NO_ENV): Promise<string> {
  const error: unknown = await parse(argv, cwd, env).then(
    () => undefined,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(ReplayUsageError);
  return (error as ReplayUsageError).message;
}

describe('parseReplayArgs: a command line that can run', () => {
  it('resolves the log and the store against the cwd, with the default port and no --open', async () => {
    const cwd = await workspace();
    expect(await parse(['session.jsonl', '--store', 'store'], cwd)).toEqual({
      kind: 'replay',
      options: { ...DEFAULTS, mode: 'session', paths: [path.join(cwd, 'session.jsonl')], store: { dir: path.join(cwd, 'store') } },
    });
  });

  it('takes flags in any order, --port=N and --open, and leaves the store out without --store', async () => {
    const cwd = await workspace();
    expect(await parse(['--open', '--port=0', path.join(cwd, 'session.jsonl')], '/elsewhere')).toEqual({
      kind: 'replay',
      options: { ...DEFAULTS, mode: 'session', paths: [path.join(cwd, 'session.jsonl')], port: 0, open: true },
    });
  });

  it('opens the workbench on a folder, on several files, and on the defaults when given no path', async () => {
    const cwd = await workspace();
    await writeFile(path.join(cwd, 'other.jsonl'), '{}\n');
    const workbench = async (argv: readonly string[], defaults?: ReplayDefaults) => {
      const parsed = await parseReplayArgs(argv, cwd, { env: NO_ENV, ...(defaults === undefined ? {} : { defaults }) });
      if (parsed.kind !== 'replay') return parsed;
      const { mode, paths, store, reviewsDir, recorded } = parsed.options;
      return { mode, paths, store, ...(reviewsDir === undefined ? {} : { reviewsDir }), recorded };
    };
    expect(await workbench(['.'])).toEqual({ mode: 'workbench', paths: [cwd], store: undefined, recorded: false });
    expect(await workbench(['session.jsonl', 'other.jsonl'])).toEqual({
      mode: 'workbench',
      paths: [path.join(cwd, 'session.jsonl'), path.join(cwd, 'other.jsonl')],
      store: undefined,
      recorded: false,
    });
    const bucket = await parse(['s3://night-runs/2026-12-03', 'session.jsonl'], cwd);
    expect(bucket.kind === 'replay' && [bucket.options.mode, bucket.options.buckets, bucket.options.paths]).toEqual([
      'workbench',
      [{ bucket: 'night-runs', prefix: '2026-12-03/' }],
      [path.join(cwd, 'session.jsonl')],
    ]);
    expect(await usageError(['s3://'], cwd)).toMatch(/bucket/);
    const defaults: ReplayDefaults = (cacheDir) => ({ paths: [cwd], storeDir: path.join(cacheDir, 'store'), reviewsDir: path.join(cacheDir, 'reviews') });
    // Under the cache: verdicts on the repository's own fixtures stay out of the checkout.
    const recordedUnder = (cacheDir: string) => {
      const { paths, storeDir, reviewsDir } = defaults(cacheDir);
      return { mode: 'workbench', recorded: true, paths, store: { dir: storeDir }, reviewsDir };
    };
    expect(await workbench([], defaults)).toEqual(recordedUnder(DEFAULT_CACHE));
    expect(await workbench(['--cache', 'c'], defaults)).toEqual(recordedUnder(path.join(cwd, 'c')));
    // A path given is not the repository's sessions: their store is not used for it.
    expect(await workbench(['session.jsonl'], defaults)).toEqual({
      mode: 'session',
      paths: [path.join(cwd, 'session.jsonl')],
      store: undefined,
      recorded: false,
    });
  });

  it('takes the reviewer, a reviews folder, a cache folder, and a token for a bind off loopback', async () => {
    const cwd = await workspace();
    await writeFile(path.join(cwd, 'token'), 'a1b2c3d4e5f6a7b8c9d0\nignored\n');
    const parsed = await parse(['.', '--reviewer', 'qa-1', '--reviews', 'verdicts', '--cache', 'cache', '--host', '0.0.0.0', '--token-file', 'token'], cwd);
    expect(parsed).toEqual({
      kind: 'replay',
      options: {
        ...DEFAULTS,
        mode: 'workbench',
        paths: [cwd],
        reviewer: 'qa-1',
        reviewsDir: path.join(cwd, 'verdicts'),
        cacheDir: path.join(cwd, 'cache'),
        host: '0.0.0.0',
        token: 'a1b2c3d4e5f6a7b8c9d0',
      },
    });
    const fromEnv = await parse(['.', '--host', '192.168.1.5'], cwd, { [TOKEN_ENV]: ' 0123456789abcdef ', XDG_CACHE_HOME: '/var/cache' });
    expect(fromEnv.kind === 'replay' && [fromEnv.options.token, fromEnv.options.cacheDir]).toEqual(['0123456789abcdef', '/var/cache/toolcard-replay']);
  });

  it('answers --help without checking anything else', async () => {
    expect(await parse(['--help', 'missing.jsonl'], '/nowhere')).toEqual({ kind: 'help' });
  });
});

describe('parseReplayArgs: every refusal names the flag and what it accepts', () => {
  it('refuses no path when there are no defaults to fall back on', async () => {
    const cwd = await workspace();
    expect(await usageError([], cwd)).toMatch(/^name a session file or folder\nusage: pnpm replay \[<session file, folder or s3:\/\/bucket\/prefix>…\]/);
  });

  it('refuses an unknown flag and lists the allowed ones', async () => {
    const cwd = await workspace();
    const message = await usageError(['session.jsonl', '--stroe', 'store'], cwd);
    expect(message).toContain("Unknown option '--stroe'");
    expect(message).toContain(
      'allowed options: --store DIR|s3://bucket/prefix, --port N, --open, --reviewer NAME, --reviews DIR, --cache DIR, --host ADDR, --token-file FILE, --compare, --help',
    );
  });

  it('refuses a flag that needs a value without one', async () => {
    const cwd = await workspace();
    expect(await usageError(['session.jsonl', '--port'], cwd)).toContain("Option '--port <value>' argument missing");
    expect(await usageError(['session.jsonl', '--store', ''], cwd)).toBe('--store needs a value, got an empty string');
  });

  it.each(['abc', '-1', '65536', '1.5', '0x50', '1e3', ' 80', ''])('refuses --port %j with the allowed range', async (value) => {
    const cwd = await workspace();
    expect(await usageError(['session.jsonl', `--port=${value}`], cwd)).toBe(
      `--port must be an integer from 0 to 65535 (0 picks a free port), got ${JSON.stringify(value)}`,
    );
  });

  it('accepts the ends of the port range', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('65535')).toBe(65535);
    expect(parsePort(undefined)).toBe(DEFAULT_PORT);
  });

  it('refuses a path that does not exist or is neither a file nor a folder', async () => {
    const cwd = await workspace();
    expect(await usageError(['nope.jsonl'], cwd)).toBe(`${path.join(cwd, 'nope.jsonl')} does not exist`);
    expect(await usageError(['session.jsonl', 'nope'], cwd)).toBe(`${path.join(cwd, 'nope')} does not exist`);
    expect(await usageError(['session.jsonl/inner'], cwd)).toBe(`${path.join(cwd, 'session.jsonl/inner')} does not exist`);
    expect(await usageError(['/dev/null'], cwd)).toBe('/dev/null is neither a regular file (a session) nor a folder (of sessions)');
  });

  it('refuses a bind off loopback without a token, and a token too short to keep anyone out', async () => {
    const cwd = await workspace();
    expect(await usageError(['.', '--host', '0.0.0.0'], cwd)).toMatch(/^--host 0\.0\.0\.0 is reachable from other machines: give a token/);
    expect(await usageError(['.', '--host', '0.0.0.0'], cwd, { [TOKEN_ENV]: 'short' })).toMatch(/^the token from TOOLCARD_REPLAY_TOKEN must be at least 16/);
    expect(await usageError(['.', '--host', '::', '--token-file', 'missing'], cwd)).toBe(`--token-file ${path.join(cwd, 'missing')} cannot be read (ENOENT)`);
    // Loopback needs none, however it is spelled.
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect((await parse(['.', '--host', host], cwd)).kind).toBe('replay');
  });

  // Root reads any file whatever its mode, so this refusal can only be seen as another user.
  it.skipIf(process.getuid?.() === 0)('refuses a log it cannot read', async () => {
    const cwd = await workspace();
    await chmod(path.join(cwd, 'session.jsonl'), 0o000);
    expect(await usageError(['session.jsonl'], cwd)).toBe(`${path.join(cwd, 'session.jsonl')} cannot be read (EACCES)`);
  });

  it('refuses a --store that is missing or not a directory', async () => {
    const cwd = await workspace();
    expect(await usageError(['session.jsonl', '--store', 'gone'], cwd)).toBe(
      `--store ${path.join(cwd, 'gone')} does not exist (pass an attachment store directory, or leave --store out)`,
    );
    expect(await usageError(['session.jsonl', '--store', 'session.jsonl'], cwd)).toBe(
      `--store ${path.join(cwd, 'session.jsonl')} is not a directory (pass an attachment store directory)`,
    );
  });

  it('checks the port before touching the file system', async () => {
    expect(await usageError(['/does/not/exist.jsonl', '--port', 'x'], '/')).toMatch(/^--port must be/);
  });
});

describe('parseReplayArgs --compare: two session files, A then B', () => {
  it('takes an S3 store as --store s3://bucket/prefix, for one session, the index and a comparison, and refuses a URL that names no bucket', async () => {
    const cwd = await workspace();
    await writeFile(path.join(cwd, 'new.jsonl'), '');
    const stored = async (args: string[]) => {
      const parsed = await parse(args, cwd);
      return parsed.kind === 'replay' ? parsed.options.store : parsed;
    };
    expect(await stored(['session.jsonl', '--store', 's3://harness-images/runs'])).toEqual({ bucket: 'harness-images', prefix: 'runs/' });
    expect(await stored(['.', '--store', 's3://harness-images'])).toEqual({ bucket: 'harness-images', prefix: '' });
    expect(await stored(['--compare', 'session.jsonl', 'new.jsonl', '--store', 'S3://harness-images/a/b/'])).toEqual({
      bucket: 'harness-images',
      prefix: 'a/b/',
    });
    expect(await usageError(['session.jsonl', '--store', 's3://Bad_Bucket/x'], cwd)).toMatch(/^"s3:\/\/Bad_Bucket\/x" names no bucket: /);
  });

  it('takes two files in any place on the line, with --store, as the compare mode', async () => {
    const cwd = await workspace();
    await writeFile(path.join(cwd, 'new.jsonl'), '{}\n');
    expect(await parse(['session.jsonl', '--compare', 'new.jsonl', '--store', 'store'], cwd)).toEqual({
      kind: 'replay',
      options: { ...DEFAULTS, mode: 'compare', paths: [path.join(cwd, 'session.jsonl'), path.join(cwd, 'new.jsonl')], store: { dir: path.join(cwd, 'store') } },
    });
  });

  it('refuses one path, three paths, none, a folder and a bucket, naming what it takes', async () => {
    const cwd = await workspace();
    await writeFile(path.join(cwd, 'new.jsonl'), '{}\n');
    expect(await usageError(['--compare', 'session.jsonl'], cwd)).toMatch(
      /^--compare takes two session files \(A and B\), got 1: \["session.jsonl"\]\nusage: pnpm replay --compare/,
    );
    expect(await usageError(['--compare', 'session.jsonl', 'new.jsonl', 'session.jsonl'], cwd)).toMatch(
      /^--compare takes two session files \(A and B\), got 3/,
    );
    expect(await parseReplayArgs(['--compare'], cwd, { env: NO_ENV, defaults: () => ({ paths: [], storeDir: cwd, reviewsDir: cwd }) }).catch(String)).toMatch(
      /--compare takes two session files \(A and B\), got 0/,
    );
    expect(await usageError(['--compare', 'session.jsonl', 'store'], cwd)).toBe(
      `--compare takes two session files; ${path.join(cwd, 'store')} is a folder\nusage: pnpm replay --compare <session file A> <session file B> [--store DIR|s3://bucket/prefix] [other options]`,
    );
    expect(await usageError(['--compare', 'session.jsonl', 's3://bucket/runs'], cwd)).toMatch(
      /^--compare takes two local session files; s3:\/\/bucket\/runs is a bucket prefix/,
    );
  });

  it('refuses a missing file by its path', async () => {
    const cwd = await workspace();
    expect(await usageError(['--compare', 'session.jsonl', 'gone.jsonl'], cwd)).toBe(`${path.join(cwd, 'gone.jsonl')} does not exist`);
  });
});
