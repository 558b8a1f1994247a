import type { VerdictRequest } from '../../wire/workbench';
import type { ReviewLine } from '../../src/reviews/review-line';
import type { ReviewsAnswer } from '../../src/server/review-route';

/** A session's verdicts on the server: read them all, append one. */
export interface ReviewClient {
  readonly load: (signal: AbortSignal) => Promise<readonly ReviewLine[]>;
  /** Resolves to the line the server recorded; rejects with the server's reason in words. */
  readonly send: (request: VerdictRequest) => Promise<ReviewLine>;
}

/** The review routes of session `sessionId` (`current` when the server serves one file). */
export function reviewClient(sessionId: string): ReviewClient {
  const url = `/api/sessions/${encodeURIComponent(sessionId)}/reviews`;
  return {
    load: async (signal) => {
      const response = await fetch(url, { signal });
      if (!response.ok) throw await failureOf(response);
      return ((await response.json()) as ReviewsAnswer).lines;
    },
    send: async (request) => {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) });
      if (!response.ok) throw await failureOf(response);
      return ((await response.json()) as { readonly line: ReviewLine }).line;
    },
  };
}

/** The server's reason (`{error}`), else the status. */
async function failureOf(response: Response): Promise<Error> {
  const reason = await response
    .json()
    .then((body: unknown) => (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : ''))
    .catch(() => '');
  return new Error(reason === '' ? `${String(response.status)} ${response.statusText}` : reason);
}
