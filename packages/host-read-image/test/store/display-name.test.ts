import { describe, expect, it } from 'vitest';

import { toDisplayName } from '../../src/store/display-name.ts';

describe('toDisplayName', () => {
  it.each([
    ['shot.png', 'shot.png'],
    ['/home/me/pics/shot.png', 'shot.png'],
    ['C:\\Users\\me\\shot.png', 'shot.png'],
    ['a/b\\c.png', 'c.png'],
    ['  spaced name.png  ', 'spaced name.png'],
    ['bell\u0007\ttab\nline\u0000.png', 'belltabline.png'],
    ['del\u007f and c1\u0085\u009f.png', 'del and c1.png'],
    ['日本語の画像.png', '日本語の画像.png'],
  ])('shows %j as %j', (name, expected) => {
    expect(toDisplayName(name)).toBe(expected);
  });

  it.each(['', '   ', 'dir/', 'dir\\', '\u0000\u001f\u007f\u0080\u009f', '../'])('omits %j', (name) => {
    expect(toDisplayName(name)).toBeUndefined();
  });

  it('cuts a long name to 255 characters', () => {
    expect(toDisplayName('a'.repeat(300))).toBe('a'.repeat(255));
  });

  it('does not split a surrogate pair at the cut', () => {
    const shown = toDisplayName(`${'a'.repeat(254)}😀tail`);
    expect(shown).toBe('a'.repeat(254));
    expect(toDisplayName(`${'a'.repeat(253)}😀tail`)).toBe(`${'a'.repeat(253)}😀`);
  });

  it('trims spaces the cut exposes', () => {
    expect(toDisplayName(`${'a'.repeat(250)}     bbbb`)).toBe('a'.repeat(250));
  });
});
