import type { FollowStatus } from '../follow-log';
import type { AlignedRow, ComparedMessage, RowCounts } from './align-calls';

/** The two sessions compared: A (the reference run, e.g. a golden one) and B (the new one). */
export type Side = 'a' | 'b';

/**
 * What the page tells the compare worker, once: the two sessions' ids, whose logs it follows on the
 * replay server (`follow`), or an exported file's two logs, their whole bytes gzipped as the file
 * carries them, each in a buffer of its own that the page transfers (`read`).
 */
export type CompareStart =
  | { readonly kind: 'follow'; readonly a: string; readonly b: string }
  | { readonly kind: 'read'; readonly a: Uint8Array<ArrayBuffer>; readonly b: Uint8Array<ArrayBuffer> };

/**
 * What the compare worker tells the page: each side's loading status, and the alignment in slices
 * (`start` = the index of the slice's first row; a slice at 0 begins a new alignment of `total` rows).
 */
export type CompareMessage =
  | { readonly kind: 'status'; readonly side: Side; readonly status: FollowStatus }
  | {
      readonly kind: 'rows';
      readonly start: number;
      readonly rows: readonly AlignedRow[];
      readonly total: number;
      readonly counts: RowCounts;
      /** The messages after each side's last call. */
      readonly trailing: Readonly<Record<Side, readonly ComparedMessage[]>>;
    };
