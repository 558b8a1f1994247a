import { describe, expect, it } from 'vitest';
import { formatByteSize } from '../../../src/components/lightbox/byte-size';
import { imageFileName } from '../../../src/components/lightbox/image-file-name';
import { indexForKey } from '../../../src/components/lightbox/keyboard-navigation';
import { en, zhCN } from '../../../src/labels';
import type { AttachmentRef } from '../../../src/model';

describe('formatByteSize', () => {
  it.each([
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [10_189, '10 KiB'],
    [348_160, '340 KiB'],
    [1_047_500, '1023 KiB'],
    [1_048_200, '1 MiB'],
    [1_572_864, '1.5 MiB'],
    [52_428_800, '50 MiB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(formatByteSize(bytes, en)).toBe(text);
  });

  it('words bytes in the locale', () => {
    expect(formatByteSize(512, zhCN)).toBe('512 字节');
  });
});

describe('imageFileName', () => {
  const ref: AttachmentRef = { attachmentId: 'a', mediaType: 'image/png', bytes: 1, width: 1, height: 1 };

  it('keeps the recorded name', () => {
    expect(imageFileName({ ...ref, name: 'chart.final.png' })).toBe('chart.final.png');
  });

  it.each([
    ['image/png', 'image.png'],
    ['image/jpeg', 'image.jpg'],
    ['image/webp', 'image.webp'],
    ['image/gif', 'image.gif'],
  ] as const)('names an unnamed %s %s', (mediaType, name) => {
    expect(imageFileName({ ...ref, mediaType })).toBe(name);
    expect(imageFileName({ ...ref, mediaType, name: '  ' })).toBe(name);
  });
});

describe('indexForKey', () => {
  it.each([
    ['ArrowRight', 2, 3],
    ['ArrowLeft', 2, 1],
    ['Home', 2, 0],
    ['End', 2, 4],
    ['ArrowRight', 4, 4],
    ['ArrowLeft', 0, 0],
  ])('%s from %i of 5 leads to %i', (key, index, target) => {
    expect(indexForKey(key, index, 5)).toBe(target);
  });

  it('ignores other keys', () => {
    expect(indexForKey('ArrowUp', 2, 5)).toBeUndefined();
    expect(indexForKey('Enter', 2, 5)).toBeUndefined();
  });
});
