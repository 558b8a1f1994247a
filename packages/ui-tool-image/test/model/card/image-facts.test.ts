import { describe, expect, it } from 'vitest';
import { imageFacts } from '../../../src/model/card/image-facts';
import { RED_PNG_REF } from '../builders';

const JPEG = { attachmentId: 'sha256:x', mediaType: 'image/jpeg', bytes: 683_008, width: 2048, height: 683 } as const;

describe('imageFacts', () => {
  it('a kept image: format, stored size and bytes, nothing about an original', () => {
    expect(imageFacts(RED_PNG_REF)).toEqual({ format: 'PNG', width: 1, height: 1, bytes: 69 });
  });

  it('an original of the same size is not a downscale', () => {
    expect(imageFacts({ ...RED_PNG_REF, originalDimensions: { width: 1, height: 1 } })).not.toHaveProperty('original');
  });

  it('a downscaled image: the original and one factor, formatted as the envelope formats it', () => {
    expect(imageFacts({ ...JPEG, originalDimensions: { width: 3000, height: 1000 } })).toEqual({
      format: 'JPEG',
      width: 2048,
      height: 683,
      bytes: 683_008,
      original: { width: 3000, height: 1000 },
      scale: { uniform: true, factor: '1.46' },
    });
  });

  it('factors that read differently are given per axis', () => {
    expect(imageFacts({ ...JPEG, width: 2048, height: 1, originalDimensions: { width: 8000, height: 3 } }).scale).toEqual({
      uniform: false,
      x: '3.91',
      y: '3.00',
    });
  });

  it.each([
    ['image/webp', 'WebP'],
    ['image/gif', 'GIF'],
  ] as const)('%s is %s', (mediaType, format) => {
    expect(imageFacts({ ...RED_PNG_REF, mediaType }).format).toBe(format);
  });
});
