import type { ContentBlock, UserMessage } from './content-blocks.ts';
import type { ModelRoute } from './model-resolver.ts';

export interface ToolExecContext {
  readonly callId: string;
  readonly cwd: string;
  readonly route?: ModelRoute;
  readonly signal?: AbortSignal;
  /** Set when a program (run_code) dispatched this call. */
  readonly parent?: { readonly callId: string };
}

export interface ToolError {
  readonly name: string;
  readonly code: string;
}

/**
 * The `error` of the result of every call that was stopped (its signal aborted), whichever layer
 * noticed: the file system (FS_ABORTED), the store (ATTACHMENT_ABORTED), the model resolver, or any
 * failure once the signal is aborted. UIs read the code `aborted` as "stopped", not "failed".
 */
export const ABORTED_TOOL_ERROR: ToolError = { name: 'AbortError', code: 'aborted' };

export interface ToolResult<Value = unknown> {
  readonly content: readonly ContentBlock[];
  readonly isError: boolean;
  readonly error?: ToolError;
  /** presentationMeta persisted with top-level results. */
  readonly meta?: { readonly path: string };
  /** Canonical value handed to a calling program. */
  readonly value?: Value;
  /** User-role context messages for the next request. */
  readonly deferred?: readonly UserMessage[];
}

export interface ToolParameters {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, { readonly type: string; readonly description: string }>>;
  readonly required: readonly string[];
  readonly additionalProperties: boolean;
}

export interface Tool<Value = unknown> {
  readonly name: string;
  readonly description: string;
  readonly parameters: ToolParameters;
  execute(args: unknown, exec: ToolExecContext): Promise<ToolResult<Value>>;
}
