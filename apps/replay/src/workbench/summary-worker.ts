import { parentPort } from 'node:worker_threads';

import { SessionReading, type FileVersion, type SummarisedSession } from './session-summary.ts';

/** A file to summarise from the start, and the name its title falls back to. */
export interface SummaryJob {
  readonly job: number;
  readonly filePath: string;
  readonly fileName: string;
}

/** What a worker answers a job: the same as SessionReading in the pool's own thread would, or the error it threw. */
export type SummaryAnswer =
  | { readonly job: number; readonly ok: true; readonly version: FileVersion | undefined; readonly summarised: SummarisedSession; readonly bytes: number }
  | { readonly job: number; readonly ok: false; readonly message: string; readonly code: string | undefined };

async function answer({ job, filePath, fileName }: SummaryJob): Promise<SummaryAnswer> {
  let bytes = 0;
  try {
    const reading = new SessionReading(filePath, { onBytes: (n) => (bytes += n) });
    const version = await reading.readMore();
    return { job, ok: true, version, summarised: reading.summarised(fileName), bytes };
  } catch (error) {
    // An Error crosses threads without its `code` (ENOENT and its kin): it is sent apart.
    const { code } = error as NodeJS.ErrnoException;
    return { job, ok: false, message: error instanceof Error ? error.message : String(error), code };
  }
}

// Jobs overlap: one file's parse runs while another's read waits.
parentPort?.on('message', (job: SummaryJob) => {
  void answer(job).then((message) => parentPort?.postMessage(message));
});
