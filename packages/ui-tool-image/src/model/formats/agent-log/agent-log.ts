import type { Conversation } from '../../conversation';
import type { LogProblem, OtherEventCount, ParsedSessionLog } from '../toolcard/session-log';
import type { AgentLogFormat, SessionFacts } from './format-reader';

/** A session file of any format `readAgentLog` reads (DESIGN §9, contract). */
export interface AgentLog {
  /** Detected from the content; `unknown` when it is none of the formats (a problem says what was seen). */
  readonly format: AgentLogFormat | 'unknown';
  readonly conversation: Conversation;
  /** Real defects, each with its 1-based line: malformed lines, a result with no call, a truncated last line… */
  readonly problems: readonly LogProblem[];
  /** Well-formed records the replay does not show, counted per type, most frequent first. */
  readonly otherEvents: readonly OtherEventCount[];
  readonly facts: SessionFacts;
  /** Our own format's log as `parseSessionLog` reads it (its events step a replay); only when `format` is `toolcard`. */
  readonly session?: ParsedSessionLog;
}

/** True for what `readAgentLog` returns, false for what `parseSessionLog` returns. */
export function isAgentLog(log: AgentLog | ParsedSessionLog): log is AgentLog {
  return 'conversation' in log;
}
