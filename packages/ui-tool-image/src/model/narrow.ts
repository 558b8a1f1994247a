/** Type guards for values that came out of JSON.parse (or anywhere else untrusted). */

export type JsonRecord = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

export function isNonBlankString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** `JSON.parse` without the exception: `null` means "not JSON". */
export function tryParseJson(text: string): { readonly value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** The JSON object `text` encodes, or `null` when it is not JSON or not an object. */
export function parseJsonRecord(text: string): JsonRecord | null {
  const parsed = tryParseJson(text);
  return parsed !== null && isRecord(parsed.value) ? parsed.value : null;
}
