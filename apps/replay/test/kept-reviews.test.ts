import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { reviewsOfItems } from '../src/export/kept-reviews.ts';
import { callTarget, type ReviewLine } from '../src/reviews/review-line.ts';
import { servedText } from './support/served-text.ts';
import { viewerItems } from './support/viewer-items.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../stories/fixtures');

const review = (target: string, note: string): ReviewLine => ({ at: '2026-01-10T09:00:00.000Z', reviewer: 'qa', target, verdict: 'fail', note });

describe('reviewsOfItems: the verdicts a filtered export carries', () => {
  it('those on the calls kept, their subagent calls and their images; none on a call the filter dropped', async () => {
    const items = viewerItems(await servedText(path.join(FIXTURES, 'agents/logs/c1a0de00-0000-4000-8000-000000000007.jsonl')));
    const task = items.find((item) => item.kind === 'call' && item.node.name === 'Task');
    if (task?.kind !== 'call') throw new Error('the fixture has a Task call');
    const child = task.node.children[0];
    if (child === undefined) throw new Error('the Task call has subagent calls');
    const reviews = [
      review(callTarget(task.node.callId), 'the task'),
      review(callTarget(child.callId), 'its subagent call'),
      review(callTarget(child.callId, 0), 'its image'),
      review(callTarget('toolu_dropped'), 'a dropped call'),
      review(callTarget('toolu_dropped', 0), 'a dropped call’s image'),
    ];
    expect(reviewsOfItems(reviews, [task]).map((each) => each.note)).toEqual(['the task', 'its subagent call', 'its image']);
    expect(
      reviewsOfItems(
        reviews,
        items.filter((item) => item !== task),
      ),
    ).toEqual([]);
  });
});
