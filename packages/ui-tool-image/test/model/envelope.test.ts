import { describe, expect, it } from 'vitest';
import { isImageEnvelope } from '../../src/model';
import { envelopeText } from './builders';

describe('isImageEnvelope', () => {
  it('recognises the exact envelope', () => {
    expect(isImageEnvelope(envelopeText())).toBe(true);
    expect(isImageEnvelope(envelopeText('relative name with spaces.webp', 'image/webp image, 10x20 px, 300 bytes'))).toBe(true);
  });

  it.each([
    ['a trailing newline', `${envelopeText()}\n`],
    ['a leading line', `note\n${envelopeText()}`],
    ['CRLF line ends', envelopeText().replaceAll('\n', '\r\n')],
    ['an empty path', envelopeText('')],
    ['a path containing a newline', envelopeText('a\nb.png')],
    ['another type', envelopeText().replace('<type>image</type>', '<type>text</type>')],
    ['a media type outside png/jpeg/webp/gif', envelopeText(undefined, 'image/svg+xml image, 1x1 px, 69 bytes')],
    ['zero width', envelopeText(undefined, 'image/png image, 0x1 px, 69 bytes')],
    ['a malformed scale note', envelopeText(undefined, 'image/png image, 1x1 px, 69 bytes (downscaled)')],
    [
      'a ratio without two decimals',
      envelopeText(undefined, 'image/png image, 1x1 px, 69 bytes (downscaled from 2x2 px; multiply coordinates by 2 to locate features in the original file)'),
    ],
  ])('rejects %s', (_case, text) => {
    expect(isImageEnvelope(text)).toBe(false);
  });
});
