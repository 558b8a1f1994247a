import { describe, expect, it } from 'vitest';

import { referencedAttachmentIds } from '../../src/http/referenced-attachments.ts';

const image = (attachmentId: unknown) => ({ type: 'image', attachment: { attachmentId, mediaType: 'image/png' } });

describe('referencedAttachmentIds', () => {
  it('finds image blocks at any depth of any line, including the header and unknown events', () => {
    const log = [
      JSON.stringify({ type: 'session', version: 0, id: 's', preview: image('in-header') }),
      JSON.stringify({ type: 'future/event', data: { a: [{ b: [image('deep')] }] } }),
      JSON.stringify({ type: 'user/message', data: { content: [image('top')] } }),
    ].join('\n');
    expect([...referencedAttachmentIds(log)].sort()).toEqual(['deep', 'in-header', 'top']);
  });

  it('ignores lookalikes: other block types, non-string ids, ids inside strings', () => {
    const log = [
      JSON.stringify({ type: 'text', attachment: { attachmentId: 'text-block' } }),
      JSON.stringify(image(42)),
      JSON.stringify({ type: 'image', attachment: 'flat-string' }),
      JSON.stringify({ type: 'text', text: JSON.stringify(image('quoted')) }),
    ].join('\n');
    expect(referencedAttachmentIds(log)).toEqual(new Set());
  });

  it('skips malformed and truncated lines and survives nesting deeper than the call stack', () => {
    const deep = `${'['.repeat(100_000)}${JSON.stringify(image('bottom'))}${']'.repeat(100_000)}`;
    const log = ['{not json', deep, JSON.stringify(image('kept')), '{"type":"image","attachment":{"attachmentId":"cut'].join('\n');
    expect([...referencedAttachmentIds(log)].sort()).toEqual(['bottom', 'kept']);
  });
});
