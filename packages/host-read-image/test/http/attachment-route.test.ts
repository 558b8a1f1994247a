import { describe, expect, it } from 'vitest';

import { matchAttachmentRoute } from '../../src/http/attachment-route.ts';

describe('matchAttachmentRoute', () => {
  it('decodes each id once and ignores the query', () => {
    expect(matchAttachmentRoute('/api/sessions/s-1/attachments/sha256%3Aab?download=1', '/api')).toEqual({
      kind: 'attachment',
      sessionId: 's-1',
      attachmentId: 'sha256:ab',
    });
  });

  it('is elsewhere outside the base path or without the attachments segment', () => {
    for (const target of ['/sessions/s/attachments/a', '/api/sessions/s', '/api/sessions/s/files/a', '/api/x']) {
      expect(matchAttachmentRoute(target, '/api')).toEqual({ kind: 'elsewhere' });
    }
  });

  it('is malformed when an id is not a plain token after decoding', () => {
    for (const target of [
      '/sessions/s/attachments/../x',
      '/sessions/s/attachments/%2e%2e',
      '/sessions/s/attachments/.hidden',
      '/sessions/s/attachments/a%2Fb',
      '/sessions/s/attachments/%E0%A4%A',
      '/sessions/s/attachments/',
      '/sessions/%20/attachments/a',
    ]) {
      expect({ target, route: matchAttachmentRoute(target, '') }).toEqual({ target, route: { kind: 'malformed' } });
    }
  });
});
