import { parseSessionLog, readAgentLog, type ToolCallNode } from '@toolcard/ui-tool-image';
import { describe, expect, it } from 'vitest';

import { callIdsInOrder } from '../viewer/review/call-order.ts';
import { nextUnreviewed, reviewCallFilter, reviewsOf, type Reviews } from '../viewer/review/review-state.ts';
import { linkTo, placeFromSearch, searchWithPlace, targetOf } from '../viewer/review/review-url.ts';

const AT = '2026-12-04T10:00:00.000Z';
const line = (target: string, verdict: 'pass' | 'fail' | null, note?: string) => ({
  at: AT,
  reviewer: 'qa',
  target,
  verdict,
  ...(note === undefined ? {} : { note }),
});

const call = (callId: string): ToolCallNode => ({ callId }) as ToolCallNode;

describe('review filters: which calls the replay keeps', () => {
  const reviews: Reviews = reviewsOf([
    line('call:passed', 'pass'),
    line('call:failed', 'fail'),
    line('call:image-failed', 'pass'),
    line('call:image-failed/image:1', 'fail'),
    line('call:noted', null, 'crop looks off'),
    line('call:image-noted/image:0', 'pass', 'fine'),
    line('call:taken-back', null),
  ]);
  const kept = (filters: Parameters<typeof reviewCallFilter>[1]) => {
    const accepts = reviewCallFilter(reviews, filters);
    return ['passed', 'failed', 'image-failed', 'noted', 'image-noted', 'taken-back', 'never'].filter((id) => accepts?.(call(id)) ?? true);
  };

  it('keeps every call with no filter chosen (no callFilter at all)', () => {
    expect(reviewCallFilter(reviews, [])).toBeUndefined();
  });

  it('unreviewed: no Pass or Fail of its own (an image’s verdict or a note alone does not count)', () => {
    expect(kept(['unreviewed'])).toEqual(['noted', 'image-noted', 'taken-back', 'never']);
  });

  it('failed: the call or one of its images failed; with notes: the call or one of its images has a note', () => {
    expect(kept(['failed'])).toEqual(['failed', 'image-failed']);
    expect(kept(['notes'])).toEqual(['noted', 'image-noted']);
    expect(kept(['failed', 'notes'])).toEqual(['failed', 'image-failed', 'noted', 'image-noted']);
  });
});

describe('] and [: the next call without a verdict', () => {
  const ids = ['a', 'b', 'c', 'd'];
  const reviews = reviewsOf([line('call:b', 'pass'), line('call:c', 'fail'), line('call:a/image:0', 'fail')]);
  it('skips calls with a verdict, either way, and says none at an end', () => {
    expect(nextUnreviewed(ids, 'a', 1, reviews)).toBe('d');
    expect(nextUnreviewed(ids, 'd', -1, reviews)).toBe('a');
    expect(nextUnreviewed(ids, 'd', 1, reviews)).toBeUndefined();
    expect(nextUnreviewed(ids, null, 1, reviews)).toBe('a');
    expect(nextUnreviewed(ids, null, -1, reviews)).toBe('d');
    expect(nextUnreviewed(ids, 'gone', 1, reviews)).toBe('a');
  });

  it('walks nested calls under their parent, in the replay’s order', () => {
    const session = parseSessionLog(
      [
        '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}',
        '{"type":"tool/call","seq":1,"data":{"callId":"prog","name":"run_code","arguments":"{}"}}',
        '{"type":"tool/ptc-dispatch-start","seq":2,"data":{"rootCallId":"prog","parentCallId":"prog","subCallId":"sub","name":"read","arguments":{}}}',
        '{"type":"tool/call","seq":3,"data":{"callId":"after","name":"read","arguments":"{}"}}',
      ].join('\n'),
    );
    expect(callIdsInOrder(session)).toEqual(['prog', 'sub', 'after']);
    const claude = readAgentLog(
      '{"type":"assistant","sessionId":"c","uuid":"u1","timestamp":"2026-12-04T10:00:00Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Read","input":{}}]}}\n',
    );
    expect(callIdsInOrder(claude)).toEqual(['toolu_1']);
  });
});

describe('a link to a call or an image', () => {
  it('reads call, image and review filters; drops what is malformed', () => {
    expect(placeFromSearch('?session=night%2Frun.jsonl&call=toolu_1&image=toolu_2%2F3&review=failed,bogus,notes')).toEqual({
      call: 'toolu_1',
      image: { callId: 'toolu_2', index: 3 },
      review: ['failed', 'notes'],
    });
    expect(placeFromSearch('?call=&image=toolu_2&review=')).toEqual({ call: null, image: null, review: [] });
    expect(placeFromSearch('?image=toolu_2/01').image).toBeNull();
    expect(placeFromSearch('?image=a/b/2').image).toEqual({ callId: 'a/b', index: 2 });
  });

  it('writes only what is set and keeps every other parameter (the session, the find bar’s filter)', () => {
    const search = searchWithPlace('?session=s1&tool=read&call=old', { call: 'c&1', image: null, review: ['unreviewed'] });
    expect(search).toBe('?session=s1&tool=read&call=c%261&review=unreviewed');
    expect(placeFromSearch(search)).toEqual({ call: 'c&1', image: null, review: ['unreviewed'] });
    expect(searchWithPlace('?call=x', { call: null, image: null, review: [] })).toBe('');
  });

  it('links to a call, or to an image without the call, from the page’s URL; names the target a key acts on', () => {
    const page = 'http://127.0.0.1:4000/?session=night%2Frun.jsonl&call=other&image=other%2F0&q=login#top';
    expect(linkTo(page, { callId: 'toolu_1' })).toBe('http://127.0.0.1:4000/?session=night%2Frun.jsonl&call=toolu_1&q=login');
    expect(linkTo(page, { callId: 'toolu_1', index: 2 })).toBe('http://127.0.0.1:4000/?session=night%2Frun.jsonl&image=toolu_1%2F2&q=login');
    expect(targetOf({ call: 'a', image: { callId: 'b', index: 1 } })).toBe('call:b/image:1');
    expect(targetOf({ call: 'a', image: null })).toBe('call:a');
    expect(targetOf({ call: null, image: null })).toBeNull();
  });
});
