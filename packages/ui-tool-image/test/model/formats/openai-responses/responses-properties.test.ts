import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeResponsesItems } from '../../../../src/model/formats/openai-responses/responses-detection';
import { conversationFromResponsesItems, ResponsesItemsReader } from '../../../../src/model/formats/openai-responses/responses-items-reader';
import { checkStreamedReading } from '../reader-invariants';
import { IMAGE_BASE64, json, responseItem } from './item-arbitraries';

describe('properties: Responses items', () => {
  it('any JSON values as items never throw, and every snapshot keeps its invariants', () => {
    fc.assert(
      fc.property(fc.array(json, { maxLength: 8 }), (values) => {
        checkStreamedReading(() => new ResponsesItemsReader(), values, IMAGE_BASE64);
      }),
      { numRuns: 200 },
    );
  });

  it('generated items (paired, orphaned, reused ids, images) keep the invariants as they stream', () => {
    fc.assert(
      fc.property(fc.array(responseItem, { maxLength: 14 }), (items) => {
        checkStreamedReading(() => new ResponsesItemsReader(), items, IMAGE_BASE64);
      }),
      { numRuns: 300 },
    );
  });

  it('conversationFromResponsesItems of a grown array equals a fresh read of the same items; any value never throws', () => {
    fc.assert(
      fc.property(fc.array(responseItem, { maxLength: 10 }), fc.nat(), json, (items, cut, anything) => {
        conversationFromResponsesItems(items.slice(0, cut % (items.length + 1)));
        const grown = conversationFromResponsesItems(items);
        expect(grown).toEqual(conversationFromResponsesItems(structuredClone(items)));
        expect(typeof looksLikeResponsesItems(items)).toBe('boolean');
        expect(typeof looksLikeResponsesItems(anything)).toBe('boolean');
        conversationFromResponsesItems(anything as readonly unknown[]);
      }),
      { numRuns: 200 },
    );
  });
});
