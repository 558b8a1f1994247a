import type { SessionRow } from '../../wire/workbench';

/**
 * Where a session's review stands. A session can be in two at once ('failed' with 'partly' or
 * 'reviewed'); a session with nothing to review (no calls, no images) is in none.
 */
export const REVIEW_STATES = ['unreviewed', 'partly', 'reviewed', 'failed'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export type SessionFormat = SessionRow['format'];

/** The index's facets: `null` is "any". */
export interface IndexFacets {
  readonly format: SessionFormat | null;
  /** Sessions with (true) or without (false) an image. */
  readonly images: boolean | null;
  /** Sessions with (true) or without (false) a failed or refused call. */
  readonly failures: boolean | null;
  /** Sessions that called this tool. */
  readonly tool: string | null;
  readonly review: ReviewState | null;
}

export const NO_FACETS: IndexFacets = { format: null, images: null, failures: null, tool: null, review: null };

export const FACET_NAMES = ['format', 'images', 'failures', 'tool', 'review'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export function isReviewState(value: string): value is ReviewState {
  return REVIEW_STATES.some((state) => state === value);
}

export function reviewStatesOf(row: SessionRow): ReviewState[] {
  const { reviewed, of, failed } = row.review;
  const states: ReviewState[] = [];
  if (of > 0) states.push(reviewed === 0 ? 'unreviewed' : reviewed < of ? 'partly' : 'reviewed');
  if (failed > 0) states.push('failed');
  return states;
}

function matchesFacet(row: SessionRow, facets: IndexFacets, name: FacetName): boolean {
  switch (name) {
    case 'format':
      return facets.format === null || row.format === facets.format;
    case 'images':
      return facets.images === null || row.images > 0 === facets.images;
    case 'failures':
      return facets.failures === null || row.failedCalls > 0 === facets.failures;
    case 'tool':
      return facets.tool === null || row.tools.includes(facets.tool);
    case 'review':
      return facets.review === null || reviewStatesOf(row).includes(facets.review);
  }
}

/** The facets `row` does not match. */
function missedFacets(row: SessionRow, facets: IndexFacets): FacetName[] {
  return FACET_NAMES.filter((name) => !matchesFacet(row, facets, name));
}

/** The rows shown: those matching every facet and, when a search is answered, among its ids. Order kept. */
export function visibleSessions(rows: readonly SessionRow[], facets: IndexFacets, searchIds: ReadonlySet<string> | null): SessionRow[] {
  return rows.filter((row) => (searchIds === null || searchIds.has(row.id)) && missedFacets(row, facets).length === 0);
}

export interface FacetOption<T> {
  readonly value: T;
  /** Rows the list would show with this value chosen (and every other facet as it is). */
  readonly count: number;
}

export interface FacetOptions {
  /** Every format present, and the chosen one even when no row has it; by name. */
  readonly format: readonly FacetOption<SessionFormat>[];
  readonly images: readonly FacetOption<boolean>[];
  readonly failures: readonly FacetOption<boolean>[];
  /** Every tool called, and the chosen one even when no row calls it; by name. */
  readonly tool: readonly FacetOption<string>[];
  readonly review: readonly FacetOption<ReviewState>[];
}

/**
 * Each facet's values with the number of rows choosing it would show: counted among the rows that
 * match the search and every *other* facet, so a count is what a click on it yields.
 */
export function facetOptions(rows: readonly SessionRow[], facets: IndexFacets, searchIds: ReadonlySet<string> | null): FacetOptions {
  const formats = new Map<SessionFormat, number>();
  const tools = new Map<string, number>();
  const images = new Map<boolean, number>();
  const failures = new Map<boolean, number>();
  const review = new Map<ReviewState, number>();
  const add = <T>(counts: Map<T, number>, value: T): void => {
    counts.set(value, (counts.get(value) ?? 0) + 1);
  };
  const seen = <T>(counts: Map<T, number>, value: T): void => {
    if (!counts.has(value)) counts.set(value, 0);
  };
  for (const row of rows) {
    seen(formats, row.format);
    for (const tool of row.tools) if (tool !== '') seen(tools, tool);
    if (searchIds !== null && !searchIds.has(row.id)) continue;
    const missed = missedFacets(row, facets);
    // A row counts for a facet's values when it matches every other facet: missing none, or only that one.
    const countsFor = (name: FacetName): boolean => missed.length === 0 || (missed.length === 1 && missed[0] === name);
    if (countsFor('format')) add(formats, row.format);
    if (countsFor('tool')) for (const tool of new Set(row.tools)) if (tool !== '') add(tools, tool);
    if (countsFor('images')) add(images, row.images > 0);
    if (countsFor('failures')) add(failures, row.failedCalls > 0);
    if (countsFor('review')) for (const state of reviewStatesOf(row)) add(review, state);
  }
  if (facets.format !== null) seen(formats, facets.format);
  if (facets.tool !== null) seen(tools, facets.tool);
  const byName = <T extends string>(counts: Map<T, number>): FacetOption<T>[] =>
    [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const inOrder = <T>(values: readonly T[], counts: Map<T, number>): FacetOption<T>[] => values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
  return {
    format: byName(formats),
    images: inOrder([true, false], images),
    failures: inOrder([true, false], failures),
    tool: byName(tools),
    review: inOrder(REVIEW_STATES, review),
  };
}
