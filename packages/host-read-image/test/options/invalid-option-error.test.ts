import { describe, expect, it } from 'vitest';

import { checkEachOption, checkOption, NON_EMPTY_PATH, objectWithKeysAmong, optional, POSITIVE_INTEGER } from '../../src/options/check-option.ts';
import { InvalidOptionError } from '../../src/options/invalid-option-error.ts';

describe('InvalidOptionError', () => {
  it('names who was called, the option, what it must be and what it got, with code INVALID_OPTION', () => {
    const error = new InvalidOptionError('LocalAttachmentStore', 'dir', 'a non-empty path', '');
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({
      name: 'InvalidOptionError',
      code: 'INVALID_OPTION',
      owner: 'LocalAttachmentStore',
      option: 'dir',
      expected: 'a non-empty path',
      actual: '',
      message: 'LocalAttachmentStore: option dir must be a non-empty path, got "".',
    });
  });

  it.each([
    ['a string, quoted', 'x', '"x"'],
    ['a long string, shortened', 'a'.repeat(200), `"${'a'.repeat(78)}…`],
    ['a number', 1.5, '1.5'],
    ['NaN', Number.NaN, 'NaN'],
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a boolean', false, 'false'],
    ['a bigint', 10n, '10n'],
    ['a symbol', Symbol('s'), 'Symbol(s)'],
    ['a function', () => 1, 'a function'],
    ['an array, by its length', [1, 2, 3], 'an array of 3'],
    ['a plain object, as JSON', { maxImageByte: 1 }, '{"maxImageByte":1}'],
    ['an instance, by its class', new Map(), 'an instance of Map'],
    ['an object that is not JSON', cyclic(), 'an object'],
  ])('shows %s', (_, actual, shown) => {
    expect(new InvalidOptionError('f', 'o', 'e', actual).message).toBe(`f: option o must be e, got ${shown}.`);
  });
});

describe('checkOption', () => {
  it('returns an accepted value and throws for any other', () => {
    expect(checkOption('f', 'n', 3, POSITIVE_INTEGER)).toBe(3);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', undefined]) {
      expect(() => checkOption('f', 'n', bad, POSITIVE_INTEGER)).toThrow(InvalidOptionError);
    }
  });

  it('lets an optional option be absent, and checks it when present', () => {
    expect(checkOption('f', 'n', undefined, optional(POSITIVE_INTEGER))).toBeUndefined();
    expect(() => checkOption('f', 'n', 0, optional(POSITIVE_INTEGER))).toThrow('f: option n must be a positive integer, got 0.');
  });

  it('refuses a path that would silently mean something else: empty, or with a NUL byte', () => {
    expect(checkOption('f', 'dir', 'store', NON_EMPTY_PATH)).toBe('store');
    expect(() => checkOption('f', 'dir', '', NON_EMPTY_PATH)).toThrow('f: option dir must be a non-empty path, got "".');
    expect(() => checkOption('f', 'dir', 'a\0b', NON_EMPTY_PATH)).toThrow(InvalidOptionError);
  });

  it('refuses an object with a key it does not know', () => {
    const limits = objectWithKeysAmong(['a', 'b']);
    expect(checkOption('f', 'limits', { a: 1 }, limits)).toEqual({ a: 1 });
    expect(() => checkOption('f', 'limits', { a: 1, c: 2 }, limits)).toThrow(
      'f: option limits must be an object whose keys are among a, b, got {"a":1,"c":2}.',
    );
    expect(() => checkOption('f', 'limits', [], limits)).toThrow(InvalidOptionError);
  });
});

describe('checkEachOption', () => {
  it('names the element that is wrong by its index', () => {
    expect(checkEachOption('f', 'roots', ['/a', '/b'], NON_EMPTY_PATH)).toEqual(['/a', '/b']);
    expect(() => checkEachOption('f', 'roots', ['/a', ''], NON_EMPTY_PATH)).toThrow('f: option roots[1] must be a non-empty path, got "".');
    expect(() => checkEachOption('f', 'roots', '/a', NON_EMPTY_PATH)).toThrow('f: option roots must be an array, each element a non-empty path, got "/a".');
  });
});

function cyclic(): object {
  const value: Record<string, unknown> = {};
  value.self = value;
  return value;
}
