import { describe, expect, it } from 'vitest';

import { bearerTokenMatches } from '../../src/mcp/bearer-token.ts';

describe('bearerTokenMatches', () => {
  const token = 'abc.DEF-123';

  it('accepts exactly "Bearer <token>" (the scheme in any case)', () => {
    expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`bearer ${token}`, token)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['the token without the scheme', token],
    ['another scheme', `Basic ${token}`],
    ['a prefix of the token', `Bearer ${token.slice(0, -1)}`],
    ['the token plus a character', `Bearer ${token}x`],
    ['a different case', `Bearer ${token.toLowerCase()}`],
    ['two tokens', `Bearer ${token} ${token}`],
    ['an empty token', 'Bearer '],
  ])('refuses %s', (_what, header) => {
    expect(bearerTokenMatches(header, token)).toBe(false);
  });
});
