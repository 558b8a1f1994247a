import type { ReviewLine } from './review-line.ts';
import type { SessionReview } from './review-file.ts';

/** One session's review, named as the report shows it (its log's path as the user gave it). */
export interface ReviewedSession {
  readonly session: string;
  readonly review: SessionReview;
}

export type ReviewFormat = 'json' | 'csv' | 'junit';
export const REVIEW_FORMATS: readonly ReviewFormat[] = ['json', 'csv', 'junit'];

/** Whether any target's standing verdict is Fail: a CI step fails the build on it. */
export function hasFailure(sessions: readonly ReviewedSession[]): boolean {
  return sessions.some(({ review }) => [...review.byTarget.values()].some((line) => line.verdict === 'fail'));
}

export function formatReviews(sessions: readonly ReviewedSession[], format: ReviewFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(
        sessions.map(({ session, review }) => ({ session, verdicts: [...review.byTarget.values()], problems: review.problems })),
        null,
        2,
      )}\n`;
    case 'csv':
      return csv(sessions);
    case 'junit':
      return junit(sessions);
  }
}

const CSV_COLUMNS = ['session', 'target', 'verdict', 'reviewer', 'at', 'note'] as const;

function csv(sessions: readonly ReviewedSession[]): string {
  const rows = sessions.flatMap(({ session, review }) =>
    [...review.byTarget.values()].map((line) => [session, line.target, line.verdict ?? '', line.reviewer, line.at, line.note ?? '']),
  );
  return [CSV_COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) starts with `'`. */
function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** JUnit XML: a suite per session, a test case per reviewed target; a Fail is a failure with its note. */
function junit(sessions: readonly ReviewedSession[]): string {
  const suites = sessions.map(({ session, review }) => {
    const lines = [...review.byTarget.values()];
    const failures = lines.filter((line) => line.verdict === 'fail').length;
    const cases = lines.map((line) => testCase(session, line)).join('');
    return `  <testsuite name="${xml(session)}" tests="${String(lines.length)}" failures="${String(failures)}">\n${cases}  </testsuite>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${suites.join('')}</testsuites>\n`;
}

function testCase(session: string, line: ReviewLine): string {
  const open = `    <testcase classname="${xml(session)}" name="${xml(line.target)}"`;
  const said = `${line.reviewer} at ${line.at}${line.note === undefined ? '' : `: ${line.note}`}`;
  if (line.verdict === 'fail') return `${open}>\n      <failure message="${xml(said)}"/>\n    </testcase>\n`;
  if (line.verdict === null) return `${open}>\n      <skipped message="${xml(`no verdict; ${said}`)}"/>\n    </testcase>\n`;
  return `${open}/>\n`;
}

/** Text as XML attribute content; characters XML 1.0 cannot hold at all become U+FFFD. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll('\n', '&#10;');
}
