import { isNonEmptyString, isRecord, type JsonRecord } from '../../narrow';

/** The `type`s of a rollout line's `{timestamp, type, payload}` envelope (Codex CLI, September 2025 on). */
export const CODEX_LINE_TYPES: ReadonlySet<unknown> = new Set([
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'compacted',
  'world_state',
  'inter_agent_communication',
  'inter_agent_communication_metadata',
]);

/**
 * A session header with no envelope: line 1 of a 2025 rollout (`{id, timestamp, instructions,
 * git}`) or the `session` of the TypeScript CLI's one-document file (`{timestamp, id, instructions}`).
 */
export function isCodexSessionHeader(value: JsonRecord): boolean {
  return value.type === undefined && isNonEmptyString(value.id) && typeof value.timestamp === 'string' && Object.hasOwn(value, 'instructions');
}

/**
 * True for a parsed line that is clearly a Codex rollout's: an envelope whose `type` is one of
 * Codex's with a `payload` object, or the bare-era session header.
 */
export function looksLikeCodexLine(value: unknown): boolean {
  if (!isRecord(value)) return false;
  return (CODEX_LINE_TYPES.has(value.type) && isRecord(value.payload)) || isCodexSessionHeader(value);
}

/** The one JSON document the TypeScript Codex CLI (spring 2025) saved a session as. */
export interface CodexDocument {
  readonly session: JsonRecord;
  readonly items: readonly unknown[];
}

/** True for a parsed `{session: {timestamp, id, instructions}, items: [...]}` document. */
export function looksLikeCodexDocument(value: unknown): value is CodexDocument {
  return isRecord(value) && isRecord(value.session) && isCodexSessionHeader(value.session) && Array.isArray(value.items);
}
