// The comparison's Web Worker: follows both sessions' logs with the viewer's own follow loop (or reads
// an exported file's two logs, whose gzipped bytes the page hands it), aligns their calls off the page's
// thread, and sends the page the aligned rows in slices.
import { followLog } from '../follow-log';
import { gunzip } from '../gunzip';
import { sessionApi } from '../session-api';
import type { ViewerLog } from '../viewer-log';
import { wholeLogRead } from '../whole-log';
import { alignSessions } from './aligned-sessions';
import type { CompareMessage, CompareStart, Side } from './compare-protocol';

/**
 * Rows per message: the first slice fills the first screen at once; each later one is a structured
 * clone and a list update on the page: under 15 ms of its CPU for 1 000 rows (2 000 took 15–24 ms,
 * over 50 ms on the clock where this worker and the page share two cores).
 */
const FIRST_SLICE = 200;
const ROWS_PER_SLICE = 1000;
/** A log that grows after both were read is aligned again at most this often. */
const REALIGN_MS = 1000;

interface WorkerScope {
  postMessage: (message: CompareMessage) => void;
  onmessage: ((event: MessageEvent<CompareStart>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const logs: { a: ViewerLog | null; b: ViewerLog | null } = { a: null, b: null };
/** Each side wholly read: live on the server, or its bytes all parsed. */
const read: Record<Side, boolean> = { a: false, b: false };
let alignedFrom: { a: ViewerLog | null; b: ViewerLog | null } = { a: null, b: null };
let timer: ReturnType<typeof setTimeout> | undefined;

function schedule(delay: number): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    align();
  }, delay);
}

function align(): void {
  const { a, b } = logs;
  // Aligned once both are wholly read: a half-read log would show its unread calls as missing.
  if (a === null || b === null || !read.a || !read.b || (alignedFrom.a === a && alignedFrom.b === b)) return;
  alignedFrom = { a, b };
  const { rows, counts, trailing } = alignSessions(a, b);
  for (let start = 0; start === 0 || start < rows.length;) {
    const end = start + (start === 0 ? FIRST_SLICE : ROWS_PER_SLICE);
    scope.postMessage({ kind: 'rows', start, rows: rows.slice(start, end), total: rows.length, counts, trailing });
    start = end;
  }
}

function follow(side: Side, sessionId: string): void {
  void followLog({
    logUrl: `${sessionApi(sessionId)}/log`,
    onLog: (log) => {
      logs[side] = log;
      schedule(alignedFrom.a === null ? 0 : REALIGN_MS);
    },
    onStatus: (status) => {
      read[side] = status.kind === 'live';
      scope.postMessage({ kind: 'status', side, status });
      if (read[side]) schedule(0);
    },
  });
}

/** A log that no longer grows, gunzipped and read at once (this thread has no page to keep answering), its progress sent as it goes. */
async function readWhole(side: Side, gzipped: Uint8Array<ArrayBuffer>): Promise<void> {
  const reading = wholeLogRead(await gunzip(gzipped));
  for (let step = reading.next(); ; step = reading.next()) {
    if (step.done) {
      logs[side] = step.value;
      break;
    }
    scope.postMessage({ kind: 'status', side, status: step.value });
  }
  read[side] = true;
  scope.postMessage({ kind: 'status', side, status: { kind: 'complete' } });
}

scope.onmessage = ({ data }) => {
  if (data.kind === 'follow') {
    follow('a', data.a);
    follow('b', data.b);
    return;
  }
  void readWhole('a', data.a)
    .then(() => readWhole('b', data.b))
    .then(align);
};
