import { Worker } from 'node:worker_threads';

import type { FileVersion, SummarisedSession } from './session-summary.ts';
import type { SummaryAnswer, SummaryJob } from './summary-worker.ts';

/** A file summarised in a worker: what SessionReading's readMore and summarised gave there, and the bytes it read. */
export interface PooledSummary {
  readonly version: FileVersion | undefined;
  readonly summarised: SummarisedSession;
  readonly bytes: number;
}

interface Pending {
  readonly resolve: (summary: PooledSummary) => void;
  readonly reject: (error: unknown) => void;
  readonly worker: PoolWorker;
}

interface PoolWorker {
  readonly worker: Worker;
  inFlight: number;
}

const ENTRY = new URL('../../bin/summary-worker.mjs', import.meta.url);
/**
 * Parsing a session allocates many short-lived objects: a larger young generation than V8's
 * default collects them far less often (measured: ~20% of a first index's parse time).
 */
const YOUNG_GENERATION_MB = 64;

/**
 * Worker threads that summarise whole session files, so a first pass over thousands parses on more
 * than one core. Each job goes to the worker with the fewest in flight; workers start on the first
 * job. A worker that dies fails its jobs and is replaced by the next job.
 */
export class SummaryPool {
  private readonly size: number;
  private readonly workers: PoolWorker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextJob = 0;
  private closed = false;

  constructor(size: number) {
    this.size = size;
  }

  summarise(filePath: string, fileName: string): Promise<PooledSummary> {
    if (this.closed) return Promise.reject(new Error('the summary pool is closed'));
    const target = this.leastBusy();
    const job: SummaryJob = { job: this.nextJob++, filePath, fileName };
    return new Promise<PooledSummary>((resolve, reject) => {
      this.pending.set(job.job, { resolve, reject, worker: target });
      // Referenced only while it has work: an idle pool keeps no process alive.
      if (target.inFlight++ === 0) target.worker.ref();
      target.worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.splice(0).map(({ worker }) => worker.terminate()));
  }

  private leastBusy(): PoolWorker {
    if (this.workers.length < this.size) return this.start();
    return this.workers.reduce((best, candidate) => (candidate.inFlight < best.inFlight ? candidate : best));
  }

  private start(): PoolWorker {
    const started: PoolWorker = { worker: new Worker(ENTRY, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }), inFlight: 0 };
    started.worker.unref();
    started.worker.on('message', (answer: SummaryAnswer) => {
      const pending = this.pending.get(answer.job);
      if (pending === undefined) return;
      this.pending.delete(answer.job);
      if (--started.inFlight === 0) started.worker.unref();
      if (answer.ok) pending.resolve({ version: answer.version, summarised: answer.summarised, bytes: answer.bytes });
      else pending.reject(Object.assign(new Error(answer.message), answer.code === undefined ? {} : { code: answer.code }));
    });
    const fail = (error: unknown) => {
      const index = this.workers.indexOf(started);
      if (index !== -1) this.workers.splice(index, 1);
      for (const [job, pending] of this.pending) {
        if (pending.worker !== started) continue;
        this.pending.delete(job);
        pending.reject(error);
      }
    };
    started.worker.on('error', fail);
    started.worker.on('exit', (code) => {
      fail(new Error(`a summary worker stopped (exit code ${String(code)})`));
    });
    this.workers.push(started);
    return started;
  }
}
