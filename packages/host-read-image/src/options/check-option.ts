import { InvalidOptionError } from './invalid-option-error.ts';

/** What an option must be: `expected` completes "must be …" in the error, `accepts` decides. */
export interface OptionRule<T> {
  readonly expected: string;
  readonly accepts: (value: unknown) => value is T;
}

/**
 * The one check of every public constructor and factory option: `value` when `rule` accepts it,
 * otherwise an InvalidOptionError naming `owner`, `option`, what was expected and what was got.
 */
export function checkOption<T>(owner: string, option: string, value: unknown, rule: OptionRule<T>): T {
  if (rule.accepts(value)) return value;
  throw new InvalidOptionError(owner, option, rule.expected, value);
}

/** checkOption for an array and then each of its elements (named `option[index]`). */
export function checkEachOption<T>(owner: string, option: string, value: unknown, element: OptionRule<T>): T[] {
  const values = checkOption(owner, option, value, arrayOf(element.expected));
  return values.map((item, index) => checkOption(owner, `${option}[${String(index)}]`, item, element));
}

export function rule<T>(expected: string, accepts: (value: unknown) => value is T): OptionRule<T> {
  return { expected, accepts };
}

/** The same rule, or absent (`undefined`). */
export function optional<T>(required: OptionRule<T>): OptionRule<T | undefined> {
  return rule(required.expected, (value): value is T | undefined => value === undefined || required.accepts(value));
}

/** An object that has each of `methods` as a function, e.g. a seam implementation. */
export function withMethods<T>(expected: string, methods: readonly string[]): OptionRule<T> {
  return rule(expected, (value): value is T => hasMethods(value, methods));
}

export function hasMethods(value: unknown, methods: readonly string[]): boolean {
  return isObject(value) && methods.every((method) => typeof (value as Record<string, unknown>)[method] === 'function');
}

/** An object (not an array, not null) whose keys are all among `known`. */
export function objectWithKeysAmong(known: readonly string[]): OptionRule<Readonly<Record<string, unknown>>> {
  return rule(
    `an object whose keys are among ${known.join(', ')}`,
    (value): value is Readonly<Record<string, unknown>> => isRecord(value) && Object.keys(value).every((key) => known.includes(key)),
  );
}

function arrayOf(elementExpected: string): OptionRule<unknown[]> {
  return rule(`an array, each element ${elementExpected}`, (value): value is unknown[] => Array.isArray(value));
}

export const OPTIONS_OBJECT = rule('an options object', isRecord);

export const NON_EMPTY_STRING = rule('a non-empty string', (value): value is string => typeof value === 'string' && value !== '');

/** A file system path: '' would silently mean the working directory, and a NUL byte no path at all. */
export const NON_EMPTY_PATH = rule('a non-empty path', (value): value is string => typeof value === 'string' && value !== '' && !value.includes('\0'));

export const POSITIVE_INTEGER = rule('a positive integer', (value): value is number => Number.isSafeInteger(value) && (value as number) > 0);

export const FUNCTION = rule('a function', (value): value is (...args: never[]) => unknown => typeof value === 'function');

function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
