import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const BIN = path.resolve(import.meta.dirname, '../../bin/toolcard-replay.mjs');

export interface ReplayProcess {
  readonly url: string;
  /** The server process's id (for its memory in /proc). */
  readonly pid: number;
  /** What it has written to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
  /** Ends it as the OOM killer or `kill -9` would: no cleanup runs. */
  kill(): Promise<void>;
}

/**
 * Starts the real `toolcard-replay` bin as its own process on a free port and resolves with the
 * URL it prints; rejects with its stderr when it exits first.
 */
export function startReplay(args: readonly string[], { env }: { env?: NodeJS.ProcessEnv } = {}): Promise<ReplayProcess> {
  const child = spawn(process.execPath, [BIN, ...args, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`toolcard-replay exited with ${code} before printing its URL:\n${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('http://')) return;
      resolve({
        url: line,
        pid: child.pid ?? -1,
        stderr: () => stderr,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}

/** Runs the bin to completion (for refusals): exit code and output. */
export function runReplay(
  args: readonly string[],
  { env }: { env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      resolve({ code, stdout, stderr });
    }),
  );
}
