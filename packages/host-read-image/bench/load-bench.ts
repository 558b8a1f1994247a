import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { writeLoadCorpus, type LoadFile } from './load-corpus.ts';

/** What one worker reports. */
export interface WorkerReport {
  readonly results: readonly { name: string; isError: boolean; code?: string; attachmentId?: string }[];
  readonly wallMs: number;
  readonly peakRssMiB: number;
}

export interface LoadRun {
  readonly processes: number;
  readonly calls: number;
  /** From the go signal until every worker reported. */
  readonly wallMs: number;
  readonly callsPerSecond: number;
  readonly workers: readonly WorkerReport[];
}

/** How to start a worker: `[command, args]` for the worker script with `args` appended. */
export type WorkerCommand = (args: readonly string[]) => readonly [string, readonly string[]];

/**
 * Starts `processes` workers on one store dir, waits until all are loaded, tells them to go at
 * once, and collects their reports: `callsPerProcess` concurrent read_image calls each.
 */
export async function runSharedStoreLoad(
  command: WorkerCommand,
  options: { storeDir: string; workspace: string; files: readonly LoadFile[]; processes: number; callsPerProcess: number },
): Promise<LoadRun> {
  const args = [options.storeDir, options.workspace, String(options.callsPerProcess), ...options.files.map((file) => file.name)];
  const workers = Array.from({ length: options.processes }, () => startWorker(command, args));
  await Promise.all(workers.map((worker) => worker.ready));
  const started = performance.now();
  for (const worker of workers) worker.go();
  const reports = await Promise.all(workers.map((worker) => worker.report));
  const wallMs = performance.now() - started;
  const calls = options.processes * options.callsPerProcess;
  return { processes: options.processes, calls, wallMs, callsPerSecond: (calls * 1000) / wallMs, workers: reports };
}

function startWorker(command: WorkerCommand, args: readonly string[]) {
  const [file, fullArgs] = command(args);
  const child = spawn(file, fullArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('ready\n')) resolve();
    });
  });
  const report = new Promise<WorkerReport>((resolve, reject) => {
    child.on('exit', (code) => {
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (code === 0) resolve(JSON.parse(line) as WorkerReport);
      else reject(new Error(`load worker exited with ${String(code)}: ${stderr}`));
    });
  });
  return { ready, report, go: () => child.stdin.end('go\n') };
}

/** `pnpm bench:host` part: two processes sharing a store against one process alone, as a throughput ratio. */
export async function benchSharedStoreLoad(workerScript: string): Promise<Record<string, unknown>> {
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'toolcard-load-corpus-'));
  const files = await writeLoadCorpus(workspace);
  const command: WorkerCommand = (args) => [process.execPath, ['--import', 'tsx', workerScript, ...args]];
  const run = async (processes: number) => {
    const storeDir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-load-store-'));
    try {
      return await runSharedStoreLoad(command, { storeDir, workspace, files, processes, callsPerProcess: 50 });
    } finally {
      await rm(storeDir, { recursive: true, force: true });
    }
  };
  try {
    const one = await run(1);
    const two = await run(2);
    const failures = two.workers
      .flatMap((worker) => worker.results)
      .filter((result) => result.isError && !files.some((file) => file.name === result.name && file.refusal === result.code));
    return {
      oneProcess: { calls: one.calls, wallMs: one.wallMs, callsPerSecond: one.callsPerSecond, peakRssMiB: one.workers.map((w) => w.peakRssMiB) },
      twoProcesses: { calls: two.calls, wallMs: two.wallMs, callsPerSecond: two.callsPerSecond, peakRssMiB: two.workers.map((w) => w.peakRssMiB) },
      throughputRatio: two.callsPerSecond / one.callsPerSecond,
      unexpectedFailures: failures.length,
    };
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
