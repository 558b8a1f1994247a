import { tryParseJson } from './narrow';

/**
 * How deep a line's JSON may nest. Real session lines nest a few dozen levels; a line nested
 * thousands deep is hostile or broken, and its value would overflow the stack of whatever walks
 * it next (a worker's `postMessage` threw at 2 000 levels).
 */
export const MAX_JSON_DEPTH = 512;

export type JsonLine = { readonly value: unknown } | { readonly problem: 'malformed' | 'too-deep' };

/** True when `text` opens more than `limit` arrays or objects inside one another (strings skipped). */
function nestsDeeperThan(text: string, limit: number): boolean {
  // Fewer characters than the limit's openers and closers cannot nest that deep.
  if (text.length <= limit * 2) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/** One line of a JSONL file: its value, or why it has none. Never throws. */
export function parseJsonLine(text: string, maxDepth: number = MAX_JSON_DEPTH): JsonLine {
  if (nestsDeeperThan(text, maxDepth)) return { problem: 'too-deep' };
  const parsed = tryParseJson(text);
  return parsed ?? { problem: 'malformed' };
}

/** The words a problem uses for a line that has no value. */
export function jsonLineProblem(problem: 'malformed' | 'too-deep'): string {
  return problem === 'too-deep' ? `JSON nested more than ${MAX_JSON_DEPTH} levels deep (not read)` : 'malformed JSON';
}
