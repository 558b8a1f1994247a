import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from '../seams/attachment-store.ts';

/** The defaults with `overrides` applied; every limit must be a positive integer. */
export function resolveImageLimits(overrides: Partial<ImageLimits> = {}): ImageLimits {
  const limits = { ...DEFAULT_IMAGE_LIMITS, ...overrides };
  for (const [key, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new RangeError(`Image limit ${key} must be a positive integer, got ${String(value)}.`);
    }
  }
  return limits;
}
