import { isRecord } from './narrow';

/** How a settled call ended: `stopped` = interrupted or aborted, which a UI shows differently from a failure. */
export type ToolOutcome = 'ok' | 'error' | 'stopped';

export interface ToolResultError {
  readonly name?: string;
  readonly code?: string;
}

export interface ToolResult {
  /** The result's content blocks as recorded (arbitrary JSON; consumers narrow each block). */
  readonly content: readonly unknown[];
  /** The recorded `isError` flag (`true` only when the log says exactly `true`). */
  readonly isError: boolean;
  readonly outcome: ToolOutcome;
  readonly error?: ToolResultError;
  /** The persisted presentationMeta, as recorded (top-level `tool/result` only). */
  readonly meta?: unknown;
}

/** The format a call was adapted from (DESIGN §7, §9); absent for a call from a session log of our own format. */
export type ToolCallOrigin = 'mcp' | 'ai-sdk' | 'claude-code' | 'codex' | 'anthropic-messages' | 'openai-responses';

interface ToolCallFields {
  readonly callId: string;
  /**
   * Set by the format adapters. A call from another format gets an image card for any tool whose
   * result carries images, labelled from its `file_path`/`path` argument or its tool name.
   */
  readonly origin?: ToolCallOrigin;
  /** `top-level` = a `tool/call`/`tool/result` pair; `nested` = dispatched from inside a program (or a subagent). */
  readonly kind: 'top-level' | 'nested';
  /** `null` when the log holds a result but no call head for this id. */
  readonly name: string | null;
  /** The arguments as the model produced them (nested: JSON of the arguments object); `null` when unknown. */
  readonly argsRaw: string | null;
  /** The recorded parent of a nested call, also when that parent is missing from the log. */
  readonly parentCallId?: string;
  readonly children: readonly ToolCallNode[];
  /** Where the node begins in log order: the index, into the events the tree was built from, of the event that created it. */
  readonly firstEventIndex: number;
}

/** A call that waits for a person to approve it (AI SDK `approval-requested`); `id` is what the app answers with. */
export interface ToolApprovalRequest {
  readonly id: string;
}

/** A call still running (or never answered): it has no result. */
export interface RunningToolCall extends ToolCallFields {
  readonly status: 'running';
  readonly result?: never;
  /** Set while the call waits for approval before it runs. */
  readonly approval?: ToolApprovalRequest;
}

/** A call with its result. */
export interface SettledToolCall extends ToolCallFields {
  readonly status: 'settled';
  readonly result: ToolResult;
}

export type ToolCallNode = RunningToolCall | SettledToolCall;

export interface ToolCallProblem {
  /** Index into the events the tree was built from. */
  readonly eventIndex: number;
  readonly message: string;
}

export interface ToolCallTree {
  /** Top-level calls (and nested calls whose parent is missing) in log order: ascending `firstEventIndex`. */
  readonly roots: readonly ToolCallNode[];
  readonly problems: readonly ToolCallProblem[];
}

/** Recorded result fields, each arbitrary JSON as a log or another format holds it. */
export interface RecordedResult {
  readonly content?: unknown;
  readonly isError?: unknown;
  readonly error?: unknown;
  readonly meta?: unknown;
}

const STOP_CODES: ReadonlySet<string> = new Set(['interrupted', 'aborted']);

/** Arguments as recorded: a string as it is, anything else as JSON; `null` when absent or not serialisable. */
export function rawArguments(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value === undefined) return null;
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

function contentBlocks(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  // Some dispatch records carry the nested result as plain text.
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  return [];
}

function resultError(value: unknown): ToolResultError | undefined {
  if (!isRecord(value)) return undefined;
  const { name, code } = value;
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** A settled result from recorded fields, its outcome derived as for a log: a stop code means stopped, an error flag or error record means failed. */
export function toolResult({ content, isError, error, meta }: RecordedResult): ToolResult {
  const narrowedError = resultError(error);
  const flagged = isError === true;
  let outcome: ToolOutcome = 'ok';
  if (narrowedError?.code !== undefined && STOP_CODES.has(narrowedError.code)) outcome = 'stopped';
  else if (flagged || narrowedError !== undefined) outcome = 'error';
  return {
    content: contentBlocks(content),
    isError: flagged,
    outcome,
    ...(narrowedError === undefined ? {} : { error: narrowedError }),
    ...(meta === undefined ? {} : { meta }),
  };
}
