import { describe, expect, it } from 'vitest';

import { inlineImageIn } from '../src/server/spool/inline-image-text.ts';
import { base64Of, imageBytes } from './support/inline-images.ts';

// Three PNGs of different sizes, so of different base64 endings.
const images = await Promise.all([40, 41, 42].map((width) => imageBytes('png', '#d00000', width, 30)));
const standard = images.map(base64Of);

describe('inlineImageIn: base64 whose bytes start like an image, in one alphabet, padded at the end only', () => {
  it('takes standard and URL-safe base64, with any padding', () => {
    expect(new Set(standard.map((text) => text.length % 4))).toEqual(new Set([0]));
    for (const text of standard) {
      expect(inlineImageIn(text)).toEqual({ head: '', payload: text });
      const urlSafe = text.replaceAll('+', '-').replaceAll('/', '_');
      expect(inlineImageIn(urlSafe)).toEqual({ head: '', payload: urlSafe });
      const unpadded = text.replace(/=+$/, '');
      expect(inlineImageIn(unpadded)).toEqual({ head: '', payload: unpadded });
    }
  });

  it.each([
    ['a space inside', (text: string) => `${text.slice(0, 100)} ${text.slice(100)}`],
    ['a line break inside', (text: string) => `${text.slice(0, 100)}\n${text.slice(100)}`],
    ['"=" inside', (text: string) => `${text.slice(0, 100)}=${text.slice(100)}`],
    ['three "=" at the end', (text: string) => `${text.replace(/=+$/, '')}===`],
    ['both alphabets mixed', (text: string) => `${text.slice(0, 100)}-_+/${text.slice(100)}`],
    ['a character of neither', (text: string) => `${text.slice(0, 100)}*${text.slice(100)}`],
  ])('refuses base64 with %s', (_name, spoil) => {
    for (const text of standard) expect(inlineImageIn(spoil(text))).toBeUndefined();
  });
});
