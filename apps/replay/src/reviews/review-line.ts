/** A reviewer's word on one call or one image: Pass, Fail, or none (a note alone, or a verdict taken back). */
export type Verdict = 'pass' | 'fail' | null;

/**
 * One line of a session's review file (`<log>.review.jsonl`), appended, never rewritten: the latest
 * line for a target is what stands. `target` names a call (`call:<callId>`) or one of its images
 * (`call:<callId>/image:<n>`, n from 0 in the call's order).
 */
export interface ReviewLine {
  /** ISO 8601 time the verdict was given. */
  readonly at: string;
  readonly reviewer: string;
  readonly target: string;
  readonly verdict: Verdict;
  /** Absent or empty: no note. */
  readonly note?: string;
}

const CALL_TARGET = /^call:[^/\s]+$/;
const IMAGE_TARGET = /^call:[^/\s]+\/image:(0|[1-9]\d{0,5})$/;

/** Whether `target` names a call or one of its images. */
export function isReviewTarget(target: string): boolean {
  return target.length <= 512 && (CALL_TARGET.test(target) || IMAGE_TARGET.test(target));
}

/** The target of a call, and of its `index`th image. */
export function callTarget(callId: string, imageIndex?: number): string {
  return imageIndex === undefined ? `call:${callId}` : `call:${callId}/image:${String(imageIndex)}`;
}

/** The call a target names (itself, or one of its images). */
export function targetCallId(target: string): string {
  return target.slice('call:'.length).split('/', 1)[0] ?? '';
}

/** A review line as read from a file: the line, or why it is not one. */
export type ParsedReviewLine = { readonly ok: true; readonly line: ReviewLine } | { readonly ok: false; readonly problem: string };

/** Reads one line of a review file; anything that is not a well-formed review line is a problem, never a throw. */
export function parseReviewLine(text: string): ParsedReviewLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: 'not a JSON object' };
  const { at, reviewer, target, verdict, note } = value as Record<string, unknown>;
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return { ok: false, problem: '`at` is not a time' };
  if (typeof reviewer !== 'string' || reviewer.trim() === '') return { ok: false, problem: '`reviewer` is missing' };
  if (typeof target !== 'string' || !isReviewTarget(target)) return { ok: false, problem: '`target` names no call or image' };
  if (verdict !== 'pass' && verdict !== 'fail' && verdict !== null) return { ok: false, problem: '`verdict` is not "pass", "fail" or null' };
  if (note !== undefined && typeof note !== 'string') return { ok: false, problem: '`note` is not text' };
  return { ok: true, line: { at, reviewer, target, verdict, ...(note === undefined || note === '' ? {} : { note }) } };
}
