import { describe, expect, it } from 'vitest';
import { callImages } from '../../../src/components';
import { onlyRoot, RED_PNG_REF, toolCallEvent, toolResultEvent, UNNAMED_RED_PNG_REF } from '../../model/builders';

const CALL = toolCallEvent('shot', 'screenshot', '{"url":"https://example.com"}');

describe('callImages', () => {
  it('gives the images of any tool’s successful result, in order, skipping malformed references', () => {
    const node = onlyRoot([
      CALL,
      toolResultEvent('shot', [
        { type: 'image', attachment: RED_PNG_REF },
        { type: 'text', text: 'Captured two screens.' },
        { type: 'image', attachment: { attachmentId: '' } },
        { type: 'image', attachment: UNNAMED_RED_PNG_REF },
      ]),
    ]);
    expect(callImages(node)).toEqual([{ attachment: RED_PNG_REF }, { attachment: UNNAMED_RED_PNG_REF }]);
  });

  it('gives the same array for the same node', () => {
    const node = onlyRoot([CALL, toolResultEvent('shot', [{ type: 'image', attachment: RED_PNG_REF }])]);
    expect(callImages(node)).toBe(callImages(node));
  });

  it('gives none while the call runs, or when it failed', () => {
    expect(callImages(onlyRoot([CALL]))).toEqual([]);
    const failed = onlyRoot([CALL, toolResultEvent('shot', [{ type: 'image', attachment: RED_PNG_REF }], { isError: true })]);
    expect(callImages(failed)).toEqual([]);
  });
});
