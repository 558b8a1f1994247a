import { describe, expect, it } from 'vitest';

import { referencedAttachmentIds } from '../../src/http/referenced-attachments.ts';
import { ReferencedIdsTracker } from '../../src/http/referenced-ids-tracker.ts';

const line = (attachmentId: string) => `${JSON.stringify({ type: 'x', data: [{ type: 'image', attachment: { attachmentId } }] })}\n`;

describe('ReferencedIdsTracker', () => {
  it('counts an id once its line is complete, not while the line is cut off', () => {
    const tracker = new ReferencedIdsTracker();
    const text = line('a') + line('b');
    const cut = line('a').length + 10;
    tracker.append(text.slice(0, cut));
    expect([...tracker.ids]).toEqual(['a']);

    tracker.append(text.slice(cut));
    expect([...tracker.ids]).toEqual(['a', 'b']);
  });

  it('gives the whole-text walk’s ids for any split of the text into chunks', () => {
    const text = `${line('a')}not json\n${line('b')}{"type":"tool/res\n${line('c')}`;
    for (let size = 1; size <= text.length; size += 7) {
      const tracker = new ReferencedIdsTracker();
      for (let start = 0; start < text.length; start += size) tracker.append(text.slice(start, start + size));
      expect(tracker.ids).toEqual(referencedAttachmentIds(text));
    }
  });

  it('forgets everything, including a pending line, on reset', () => {
    const tracker = new ReferencedIdsTracker();
    tracker.append(line('a') + line('b').slice(0, 12));
    tracker.reset();
    tracker.append(line('c'));
    expect([...tracker.ids]).toEqual(['c']);
  });
});
