import { isNonEmptyString, isRecord } from '../../narrow';

/** The line types of Claude Code transcripts (FORMATS.md §1); newer versions add more. */
const LINE_TYPES: ReadonlySet<unknown> = new Set([
  'user',
  'assistant',
  'system',
  'summary',
  'file-history-snapshot',
  'queue-operation',
  'attachment',
  'progress',
  'custom-title',
  'last-prompt',
]);

/** Fields only Claude Code writes on its lines. */
const TRANSCRIPT_FIELDS = ['sessionId', 'uuid', 'leafUuid', 'messageId'] as const;

/** True for a parsed line that is clearly a Claude Code transcript line: a known line type together with a transcript id field. */
export function looksLikeClaudeCodeLine(value: unknown): boolean {
  return isRecord(value) && LINE_TYPES.has(value.type) && TRANSCRIPT_FIELDS.some((field) => isNonEmptyString(value[field]));
}
