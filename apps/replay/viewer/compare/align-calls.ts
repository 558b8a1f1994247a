import type { ImageCardImage, MessageRole } from '@toolcard/ui-tool-image/model';
import { diffArrays } from 'diff';

/** How a call ended, as a comparison tells it apart: a failure and a stop are different outcomes, a call without a result is `running`. */
export type CallOutcome = 'ok' | 'failed' | 'stopped' | 'running';

/** A message between calls, as the comparison shows it (its text; its images counted). */
export interface ComparedMessage {
  readonly role: MessageRole;
  readonly text: string;
  readonly images: number;
}

/** One call of a session, reduced to what two runs are compared on. */
export interface ComparedCall {
  readonly callId: string;
  /** The tool's name; empty when the log holds a result without its call. */
  readonly name: string;
  /** The arguments normalised (see `normaliseArguments`): the same object written in another key order is the same. */
  readonly args: string;
  readonly outcome: CallOutcome;
  /** Every text block of the result, joined by `\n`. */
  readonly resultText: string;
  readonly images: readonly ImageCardImage[];
  /** The messages between the previous call and this one. */
  readonly messages: readonly ComparedMessage[];
}

/** A session as compared: its calls in order (nested ones after their parent), and the messages after the last one. */
export interface CallSequence {
  readonly calls: readonly ComparedCall[];
  readonly trailing: readonly ComparedMessage[];
}

/** The contract words: each aligned row is exactly one of them. */
export type RowKind = 'same' | 'changed' | 'only-a' | 'only-b';
export const ROW_KINDS: readonly RowKind[] = ['same', 'changed', 'only-a', 'only-b'];

/** What differs between the two calls of a changed row (all false for a same row). */
export interface CallDifferences {
  readonly args: boolean;
  readonly outcome: boolean;
  readonly resultText: boolean;
  /** True when the two results' images are not the same ids in the same order (ids are the store's digests: nothing is decoded). */
  readonly images: boolean;
}

export type AlignedRow =
  | { readonly kind: 'same' | 'changed'; readonly a: ComparedCall; readonly b: ComparedCall; readonly differences: CallDifferences }
  | { readonly kind: 'only-a'; readonly a: ComparedCall; readonly b?: undefined }
  | { readonly kind: 'only-b'; readonly a?: undefined; readonly b: ComparedCall };

export type RowCounts = Readonly<Record<RowKind, number>>;

/**
 * Arguments as compared: JSON re-written with its object keys sorted (so `{"a":1,"b":2}` and
 * `{ "b": 2, "a": 1 }` are the same call), anything that is not JSON trimmed as it is.
 */
export function normaliseArguments(raw: string | null): string {
  if (raw === null) return '';
  try {
    return JSON.stringify(sortedKeys(JSON.parse(raw)));
  } catch {
    return raw.trim();
  }
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortedKeys(record[key])]),
  );
}

/** What calls are aligned on: the tool and its normalised arguments. */
export function callKey(call: ComparedCall): string {
  return `${call.name}\u0000${call.args}`;
}

/** What differs between two calls aligned with each other. */
export function callDifferences(a: ComparedCall, b: ComparedCall): CallDifferences {
  return {
    args: a.args !== b.args,
    outcome: a.outcome !== b.outcome,
    resultText: a.resultText !== b.resultText,
    images: a.images.length !== b.images.length || a.images.some((image, index) => image.attachment.attachmentId !== b.images[index]?.attachment.attachmentId),
  };
}

function paired(a: ComparedCall, b: ComparedCall): AlignedRow {
  const differences = callDifferences(a, b);
  const changed = differences.args || differences.outcome || differences.resultText || differences.images;
  return { kind: changed ? 'changed' : 'same', a, b, differences };
}

/**
 * Aligns two sessions' calls: `diff`'s array diff (Myers' O(ND)) on their keys, so the calls both
 * runs made in the same order line up. Within a run of calls only in A followed by calls only in B,
 * the ones at the same place with the same tool are one changed call (its arguments differ), the
 * others are only in their side. Every call of each side is in exactly one row, in its order.
 */
export function alignCalls(a: readonly ComparedCall[], b: readonly ComparedCall[]): AlignedRow[] {
  const keyed = (calls: readonly ComparedCall[]) => calls.map((call) => ({ call, key: callKey(call) }));
  // Keys computed once, not at each of the diff's comparisons; rows take each side's calls by the changes' counts.
  const changes = diffArrays(keyed(a), keyed(b), { comparator: (left, right) => left.key === right.key });
  const rows: AlignedRow[] = [];
  let nextA = 0;
  let nextB = 0;
  let removed: ComparedCall[] = [];
  const flushRemoved = (added: readonly ComparedCall[]): void => {
    for (let index = 0; index < Math.max(removed.length, added.length); index += 1) {
      const left = removed[index];
      const right = added[index];
      if (left !== undefined && right?.name === left.name) rows.push(paired(left, right));
      else {
        if (left !== undefined) rows.push({ kind: 'only-a', a: left });
        if (right !== undefined) rows.push({ kind: 'only-b', b: right });
      }
    }
    removed = [];
  };
  for (const change of changes) {
    if (change.removed) {
      flushRemoved([]);
      removed = a.slice(nextA, nextA + change.count);
      nextA += change.count;
    } else if (change.added) {
      flushRemoved(b.slice(nextB, nextB + change.count));
      nextB += change.count;
    } else {
      flushRemoved([]);
      for (let index = 0; index < change.count; index += 1) {
        const left = a[nextA + index];
        const right = b[nextB + index];
        if (left !== undefined && right !== undefined) rows.push(paired(left, right));
      }
      nextA += change.count;
      nextB += change.count;
    }
  }
  flushRemoved([]);
  return rows;
}

/** How many rows of each kind: the summary line. */
export function countRows(rows: readonly AlignedRow[]): RowCounts {
  const counts: Record<RowKind, number> = { same: 0, changed: 0, 'only-a': 0, 'only-b': 0 };
  for (const row of rows) counts[row.kind] += 1;
  return counts;
}
