import fc from 'fast-check';
import { AGENT_LOG_FORMATS } from '@toolcard/ui-tool-image/model';
import { describe, expect, it } from 'vitest';

import {
  FACET_NAMES,
  facetOptions,
  NO_FACETS,
  REVIEW_STATES,
  reviewStatesOf,
  visibleSessions,
  type FacetName,
  type IndexFacets,
} from '../../viewer/workbench/session-facets.ts';
import { row, sessionRows } from './session-rows.ts';

const facetsArbitrary: fc.Arbitrary<IndexFacets> = fc.record({
  format: fc.option(fc.constantFrom(...AGENT_LOG_FORMATS, 'unknown' as const)),
  images: fc.option(fc.boolean()),
  failures: fc.option(fc.boolean()),
  tool: fc.option(fc.constantFrom('read_image', 'bash', 'never_called')),
  review: fc.option(fc.constantFrom(...REVIEW_STATES)),
});

/** Rows, facets and a search answer (a subset of the ids, or none asked). */
const scenario = sessionRows.chain((rows) =>
  fc.tuple(fc.constant(rows), facetsArbitrary, fc.option(fc.subarray(rows.map((r) => r.id)).map((ids) => new Set(ids)))),
);

describe('the index’s facets', () => {
  it('each value’s count is the number of rows choosing it shows', () => {
    fc.assert(
      fc.property(scenario, ([rows, facets, searchIds]) => {
        const options = facetOptions(rows, facets, searchIds);
        for (const name of FACET_NAMES) {
          for (const option of options[name]) {
            const chosen: IndexFacets = { ...facets, [name]: option.value };
            expect(visibleSessions(rows, chosen, searchIds).length, `${name}=${String(option.value)}`).toBe(option.count);
          }
        }
      }),
    );
  });

  it('shows the rows matching every facet, in the search’s ids when one is answered, in their order', () => {
    fc.assert(
      fc.property(scenario, ([rows, facets, searchIds]) => {
        const shown = visibleSessions(rows, facets, searchIds);
        const expected = rows.filter(
          (r) =>
            (searchIds === null || searchIds.has(r.id)) &&
            (facets.format === null || r.format === facets.format) &&
            (facets.images === null || facets.images === r.images > 0) &&
            (facets.failures === null || facets.failures === r.failedCalls > 0) &&
            (facets.tool === null || r.tools.includes(facets.tool)) &&
            (facets.review === null || reviewStatesOf(r).includes(facets.review)),
        );
        expect(shown).toEqual(expected);
      }),
    );
  });

  it('lists every format and tool present (even when other facets leave none) and the chosen one, by name', () => {
    fc.assert(
      fc.property(scenario, ([rows, facets, searchIds]) => {
        const options = facetOptions(rows, facets, searchIds);
        const formats = new Set<string>(rows.map((r) => r.format));
        const tools = new Set(rows.flatMap((r) => r.tools));
        if (facets.format !== null) formats.add(facets.format);
        if (facets.tool !== null) tools.add(facets.tool);
        expect(options.format.map((o) => o.value)).toEqual([...formats].sort());
        expect(options.tool.map((o) => o.value)).toEqual([...tools].sort());
        expect(options.review.map((o) => o.value)).toEqual([...REVIEW_STATES]);
        expect(options.images.map((o) => o.value)).toEqual([true, false]);
      }),
    );
  });

  it('without a choice, the yes/no facets split the shown rows', () => {
    fc.assert(
      fc.property(scenario, ([rows, facets, searchIds]) => {
        for (const name of ['images', 'failures'] as const satisfies readonly FacetName[]) {
          const open = { ...facets, [name]: null };
          const counts = facetOptions(rows, open, searchIds)[name].map((option) => option.count);
          expect(counts.reduce((sum, count) => sum + count, 0)).toBe(visibleSessions(rows, open, searchIds).length);
        }
      }),
    );
  });

  it('places a session’s review: unreviewed, partly, reviewed, with failed verdicts; nothing to review is none', () => {
    const review = (reviewed: number, of: number, failed = 0) => row({ id: 'x', review: { reviewed, of, failed, notes: 0 } });
    expect(reviewStatesOf(review(0, 0))).toEqual([]);
    expect(reviewStatesOf(review(0, 5))).toEqual(['unreviewed']);
    expect(reviewStatesOf(review(2, 5))).toEqual(['partly']);
    expect(reviewStatesOf(review(5, 5))).toEqual(['reviewed']);
    expect(reviewStatesOf(review(2, 5, 1))).toEqual(['partly', 'failed']);
    expect(reviewStatesOf(review(5, 5, 2))).toEqual(['reviewed', 'failed']);
  });

  it('a tool with an empty name is no facet value (it would be "any")', () => {
    const options = facetOptions([row({ id: 'a', tools: ['', 'bash'] })], NO_FACETS, null);
    expect(options.tool).toEqual([{ value: 'bash', count: 1 }]);
  });
});
