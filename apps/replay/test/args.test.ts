import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { DEFAULT_PORT, parsePort, parseReplayArgs, ReplayUsageError } from '../src/cli/args.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();

async function workspace() {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'session.jsonl'), '{"type":"session"}\n');
  await mkdir(path.join(dir, 'store'));
  return dir;
}

async function usageError(argv: readonly string[], cwd: string): Promise<string> {
  const error: unknown = await parseReplayArgs(argv, cwd).then(
    () => undefined,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(ReplayUsageError);
  return (error as ReplayUsageError).message;
}

describe('parseReplayArgs: a command line that can run', () => {
  it('resolves the log and the store against the cwd, with the default port and no --open', async () => {
    const cwd = await workspace();
    expect(await parseReplayArgs(['session.jsonl', '--store', 'store'], cwd)).toEqual({
      kind: 'replay',
      options: { logPath: path.join(cwd, 'session.jsonl'), storeDir: path.join(cwd, 'store'), port: DEFAULT_PORT, open: false },
    });
  });

  it('takes flags in any order, --port=N and --open, and leaves storeDir out without --store', async () => {
    const cwd = await workspace();
    expect(await parseReplayArgs(['--open', '--port=0', path.join(cwd, 'session.jsonl')], '/elsewhere')).toEqual({
      kind: 'replay',
      options: { logPath: path.join(cwd, 'session.jsonl'), port: 0, open: true },
    });
  });

  it('answers --help without checking anything else', async () => {
    expect(await parseReplayArgs(['--help', 'missing.jsonl'], '/nowhere')).toEqual({ kind: 'help' });
  });
});

describe('parseReplayArgs: every refusal names the flag and what it accepts', () => {
  it('refuses a missing log argument and a second one', async () => {
    const cwd = await workspace();
    expect(await usageError([], cwd)).toMatch(/^missing the session log to replay\nusage: pnpm replay <session\.jsonl>/);
    expect(await usageError(['session.jsonl', 'other.jsonl'], cwd)).toMatch(/^expected one session log, got 2: session\.jsonl other\.jsonl/);
  });

  it('refuses an unknown flag and lists the allowed ones', async () => {
    const cwd = await workspace();
    const message = await usageError(['session.jsonl', '--stroe', 'store'], cwd);
    expect(message).toContain("Unknown option '--stroe'");
    expect(message).toContain('allowed options: --store DIR, --port N, --open, --help');
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

  it('refuses a log that does not exist or is not a regular file', async () => {
    const cwd = await workspace();
    expect(await usageError(['nope.jsonl'], cwd)).toBe(`session log ${path.join(cwd, 'nope.jsonl')} does not exist`);
    expect(await usageError(['store'], cwd)).toBe(`session log ${path.join(cwd, 'store')} is not a regular file (a .jsonl session log is)`);
    expect(await usageError(['session.jsonl/inner'], cwd)).toBe(`session log ${path.join(cwd, 'session.jsonl/inner')} does not exist`);
  });

  // Root reads any file whatever its mode, so this refusal can only be seen as another user.
  it.skipIf(process.getuid?.() === 0)('refuses a log it cannot read', async () => {
    const cwd = await workspace();
    await chmod(path.join(cwd, 'session.jsonl'), 0o000);
    expect(await usageError(['session.jsonl'], cwd)).toBe(`session log ${path.join(cwd, 'session.jsonl')} cannot be read (EACCES)`);
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
