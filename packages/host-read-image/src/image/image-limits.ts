import { checkOption, objectWithKeysAmong, optional, POSITIVE_INTEGER } from '../options/check-option.ts';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from '../seams/attachment-store.ts';

const LIMIT_KEYS = Object.keys(DEFAULT_IMAGE_LIMITS) as (keyof ImageLimits)[];

/**
 * The defaults with the `limits` option applied, checked for `owner` (the store being made): only
 * known keys (a misspelt one would silently keep its default), each a positive integer.
 */
export function resolveImageLimits(owner: string, overrides: unknown): ImageLimits {
  const given = checkOption(owner, 'limits', overrides, optional(objectWithKeysAmong(LIMIT_KEYS))) ?? {};
  const limits: { -readonly [Key in keyof ImageLimits]: number } = { ...DEFAULT_IMAGE_LIMITS };
  for (const key of LIMIT_KEYS) {
    const value = given[key];
    if (value !== undefined) limits[key] = checkOption(owner, `limits.${key}`, value, POSITIVE_INTEGER);
  }
  return limits;
}
