import type { LogProblem, OtherEventCount, SessionEvent, SessionHeader } from '../model';

/** What the page asks the parse worker: read this file. */
export interface ParseRequest {
  readonly file: Blob;
}

/**
 * What the worker answers, in order: progress as it reads, the events in batches (small messages,
 * so no single structured-clone on the page is a long task), then the rest of the parsed log.
 */
export type ParseMessage =
  | { readonly kind: 'progress'; readonly bytesRead: number; readonly totalBytes: number }
  | { readonly kind: 'events'; readonly events: readonly SessionEvent[] }
  | {
      readonly kind: 'done';
      readonly header: SessionHeader | null;
      readonly problems: readonly LogProblem[];
      readonly otherEvents: readonly OtherEventCount[];
    }
  | { readonly kind: 'failed'; readonly message: string };

/** Events per message: about a millisecond of structured clone each on the page. */
export const EVENTS_PER_MESSAGE = 500;
