import { describe, expect, it } from 'vitest';

import { declaredImageType } from '../../src/tool/image-extension.ts';

describe('declaredImageType', () => {
  it.each([
    ['shot.png', 'image/png'],
    ['SHOT.PNG', 'image/png'],
    ['a/b/photo.JPG', 'image/jpeg'],
    ['photo.jpeg', 'image/jpeg'],
    ['x.WebP', 'image/webp'],
    ['anim.gif', 'image/gif'],
  ])('%s declares %s', (file, mediaType) => {
    expect(declaredImageType(file)).toEqual({ kind: 'declared', mediaType });
  });

  it.each(['image', 'dir.d/image', '.hidden', 'a/.hidden'])('%s declares nothing', (file) => {
    expect(declaredImageType(file)).toEqual({ kind: 'none' });
  });

  it.each([
    ['foo.', '.'],
    ['scan.tiff', '.tiff'],
    ['logo.svg', '.svg'],
    ['shot.png.txt', '.txt'],
  ])('%s is refused', (file, extension) => {
    expect(declaredImageType(file)).toEqual({ kind: 'unsupported', extension });
  });
});
