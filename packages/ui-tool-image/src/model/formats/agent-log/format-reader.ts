import type { Conversation } from '../../conversation';
import type { LogProblem, OtherEventCount } from '../toolcard/session-log';

/** The formats `readAgentLog` tells apart (DESIGN §9), from the content, never from a file name. */
export const AGENT_LOG_FORMATS = ['toolcard', 'claude-code', 'codex', 'anthropic-messages', 'openai-responses'] as const;
export type AgentLogFormat = (typeof AGENT_LOG_FORMATS)[number];

/** What a session file says about itself, where its format records it; every field is optional. */
export interface SessionFacts {
  /** The agent's own version (Claude Code `version`, Codex `cli_version`, our header's `version`). */
  readonly version?: string;
  readonly sessionId?: string;
  /** The working directory paths are shown relative to. */
  readonly cwd?: string;
  readonly model?: string;
  readonly provider?: string;
  /** Epoch milliseconds of the first and last timestamp seen. */
  readonly startedAt?: number;
  readonly endedAt?: number;
}

/** What a format reader has read so far. */
export interface FormatSnapshot {
  readonly conversation: Conversation;
  /** Real defects only, each with its 1-based line (a result with no call, a line of the right format with a broken shape…). */
  readonly problems: readonly LogProblem[];
  /** Well-formed records the replay does not show (thinking, snapshots, token counts, unknown types…), counted per type. */
  readonly otherEvents: readonly OtherEventCount[];
  readonly facts: SessionFacts;
}

/**
 * One format's reader, fed one parsed JSON value per line, in file order (the `AgentLogReader`
 * splits lines, parses them with a depth cap, reports malformed lines and detects the format).
 * Never throws on any value. A snapshot's items that did not change since the previous snapshot
 * are the same objects as before (so the replay's caches and React skip them); a call that
 * settled or gained a nested call is a new item.
 */
export interface FormatReader {
  readonly format: AgentLogFormat;
  /** `line` is the 1-based line number in the file. */
  readLine(value: unknown, line: number): void;
  /** A format whose subagents write files of their own (Claude Code): a line of the one named `file`. */
  readSubagentLine?(value: unknown, line: number, file: string): void;
  snapshot(): FormatSnapshot;
  /** The keys of the items added or changed since last asked (the first time: all), without building a snapshot. */
  takeChangedItemKeys(): string[];
}
