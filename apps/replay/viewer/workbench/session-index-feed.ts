import type { SessionIndexAnswer } from '../../wire/workbench';

/** The server holds a poll ≤ 25 s; a poll unanswered well past that is a lost connection (a proxy, a sleeping laptop). */
const POLL_TIMEOUT_MS = 60_000;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** The wait before retry number `failures` (1, 2, …): doubling from 1 s, at most 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

function isIndexAnswer(value: unknown): value is SessionIndexAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<SessionIndexAnswer>;
  return typeof answer.version === 'number' && typeof answer.scanning === 'boolean' && Array.isArray(answer.sessions);
}

export interface SessionIndexFeed {
  readonly signal: AbortSignal;
  /** A new version of the index (never the same version twice in a row). */
  readonly onAnswer: (answer: SessionIndexAnswer) => void;
  /** The server did not answer; the next try is in `retryMs`. */
  readonly onUnreachable: (retryMs: number) => void;
  /** The server answers again after being unreachable. */
  readonly onReachable: () => void;
}

/**
 * Follows `/api/sessions` until `signal` aborts: the first answer at once, then long polls with the
 * version held, each answered when the index changes. A failed poll is retried after a growing wait.
 */
export async function followSessionIndex({ signal, onAnswer, onUnreachable, onReachable }: SessionIndexFeed): Promise<void> {
  let version: number | null = null;
  let failures = 0;
  // Read through a call: the loop's own check would narrow `signal.aborted` to false for the compiler.
  const stopped = (): boolean => signal.aborted;
  while (!stopped()) {
    try {
      // After a failure, asked without the version: answered at once, so the page knows at once the server is back.
      const url = version === null || failures > 0 ? '/api/sessions' : `/api/sessions?version=${version}`;
      const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(POLL_TIMEOUT_MS)]), cache: 'no-store' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer: unknown = await response.json();
      if (!isIndexAnswer(answer)) throw new Error('not an index answer');
      if (failures > 0) {
        failures = 0;
        onReachable();
      }
      if (answer.version !== version) {
        version = answer.version;
        onAnswer(answer);
      }
    } catch {
      if (stopped()) return;
      failures += 1;
      const wait = retryDelayMs(failures);
      onUnreachable(wait);
      await delay(wait, signal);
    }
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
    function finish(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    }
  });
}
