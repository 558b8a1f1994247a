import { describe, expect, it } from 'vitest';
import { modeForKey } from '../../../src/components/comparison/comparison-modes';
import { changedPixelsText, scaleText } from '../../../src/components/comparison/difference-text';
import { en, zhCN } from '../../../src/labels';
import { changedPercent, commonSize } from '../../../src/model/image-diff';

describe('changedPercent', () => {
  it.each([
    [0, 100, { percent: 0 }],
    [19, 1000, { percent: 1.9 }],
    [12_345, 650_000, { percent: 1.9 }],
    [1, 8_294_400, { percent: 0.1, bound: 'below' }],
    [8_294_399, 8_294_400, { percent: 99.9, bound: 'above' }],
    [100, 100, { percent: 100 }],
    [5, 0, { percent: 0 }],
  ])('%i of %i', (changed, total, expected) => {
    expect(changedPercent(changed, total)).toEqual(expected);
  });
});

describe('changedPixelsText', () => {
  it('writes the count and share in the locale', () => {
    expect(changedPixelsText(12_345, 650_000, en, 'en')).toBe('12,345 pixels changed (1.9 %)');
    expect(changedPixelsText(12_345, 650_000, zhCN, 'zh-CN')).toBe('12,345 个像素有变化（1.9%）');
  });

  it('one pixel, a share too small to round, none', () => {
    expect(changedPixelsText(1, 8_294_400, en, 'en')).toBe('1 pixel changed (< 0.1 %)');
    expect(changedPixelsText(8_294_399, 8_294_400, en, 'en')).toBe('8,294,399 pixels changed (> 99.9 %)');
    expect(changedPixelsText(0, 8_294_400, en, 'en')).toBe('No pixels changed');
    expect(changedPixelsText(50, 100, en, 'en')).toBe('50 pixels changed (50.0 %)');
  });
});

describe('different sizes', () => {
  const small = { width: 1280, height: 720 };
  const large = { width: 2560, height: 1440 };

  it('are compared at the smaller size, whichever side it is on', () => {
    expect(commonSize(large, small)).toEqual(small);
    expect(commonSize(small, large)).toEqual(small);
  });

  it('say which side was scaled', () => {
    expect(scaleText({ compared: small, before: small, after: large }, en)).toBe('Compared at 1280 × 720; B was 2560 × 1440');
    expect(scaleText({ compared: small, before: large, after: small }, en)).toBe('Compared at 1280 × 720; A was 2560 × 1440');
    expect(scaleText({ compared: small, before: small, after: small }, en)).toBeUndefined();
  });
});

describe('modeForKey', () => {
  it('arrows move and wrap, Home / End go to the ends, digits pick', () => {
    expect(modeForKey('ArrowRight', 'side-by-side')).toBe('swipe');
    expect(modeForKey('ArrowLeft', 'side-by-side')).toBe('difference');
    expect(modeForKey('ArrowDown', 'difference')).toBe('side-by-side');
    expect(modeForKey('End', 'swipe')).toBe('difference');
    expect(modeForKey('Home', 'difference')).toBe('side-by-side');
    expect(modeForKey('3', 'side-by-side')).toBe('onion-skin');
    expect(modeForKey('5', 'side-by-side')).toBeUndefined();
    expect(modeForKey('x', 'side-by-side')).toBeUndefined();
  });
});
