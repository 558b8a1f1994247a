import fc from 'fast-check';
import { AGENT_LOG_FORMATS } from '@toolcard/ui-tool-image/model';

import type { SessionRow } from '../../wire/workbench.ts';

const TOOLS = ['read_image', 'bash', 'Read', 'apply_patch', '<b>x</b>'];

/** Index rows as a server could send them: small value ranges, so ties, zeros and nulls are common. */
export const sessionRow: fc.Arbitrary<SessionRow> = fc
  .record({
    n: fc.nat(40),
    format: fc.constantFrom(...AGENT_LOG_FORMATS, 'unknown' as const),
    title: fc.constantFrom('Check the login page', 'check the LOGIN page', 'a.jsonl', '<img src=x onerror=alert(1)>', '截图'),
    startedAt: fc.option(fc.integer({ min: 0, max: 5 }).map((n) => 1_780_000_000_000 + n * 60_000)),
    durationMs: fc.option(fc.nat(3)),
    calls: fc.nat(4),
    imageCalls: fc.nat(2),
    images: fc.nat(2),
    failedCalls: fc.nat(2),
    problems: fc.nat(1),
    tools: fc.uniqueArray(fc.constantFrom(...TOOLS), { maxLength: 3 }).map((tools) => tools.sort()),
    review: fc.record({ of: fc.nat(3), reviewedShare: fc.nat(3), failed: fc.nat(1), notes: fc.nat(1) }),
  })
  .map(({ n, review, ...row }) => ({
    ...row,
    id: `night/${n}.jsonl`,
    file: `night/${n % 7}.jsonl`,
    review: { of: review.of, reviewed: Math.min(review.of, review.reviewedShare), failed: Math.min(review.failed, review.of), notes: review.notes },
    size: 100,
    modifiedAt: 0,
  }));

/** Rows with distinct ids, as one index answer holds them. */
export const sessionRows: fc.Arbitrary<SessionRow[]> = fc.uniqueArray(sessionRow, { selector: (row) => row.id, maxLength: 30 });

export function row(overrides: Partial<SessionRow> & { readonly id: string }): SessionRow {
  return {
    file: overrides.id,
    format: 'toolcard',
    title: overrides.id,
    startedAt: null,
    durationMs: null,
    calls: 0,
    imageCalls: 0,
    images: 0,
    failedCalls: 0,
    problems: 0,
    tools: [],
    review: { reviewed: 0, of: 0, failed: 0, notes: 0 },
    size: 0,
    modifiedAt: 0,
    ...overrides,
  };
}
