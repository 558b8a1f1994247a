import type { SessionLogMessage } from './log-stream';

/** What the page asks the parse worker: read this file. */
export interface ParseRequest {
  readonly file: Blob;
}

/** What the worker answers: progress as it reads, then the parsed log (one snapshot), or why it failed. */
export type ParseMessage =
  | { readonly kind: 'progress'; readonly bytesRead: number; readonly totalBytes: number }
  | { readonly kind: 'failed'; readonly message: string }
  | SessionLogMessage;
