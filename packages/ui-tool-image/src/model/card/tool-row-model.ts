import { callArguments, nonBlankArgument } from '../call-arguments';
import { viewContentBlock } from '../content-blocks';
import { essentialArgument } from './essential-argument';
import { failureReason, firstTextLine } from './failure-reason';
import { isRefusal } from './refusal';
import { jsonWithImages } from './json-with-images';
import { memoizePerNode } from '../node-memo';
import { imagePart, type OutputPart } from './output-part';
import { displayPath, type PathDisplayOptions } from '../path-display';
import type { ToolCallNode, ToolResult } from '../call-tree';

export type { OutputPart } from './output-part';

export type ToolRowVariant = 'read' | 'write' | 'edit' | 'terminal' | 'search' | 'web' | 'other';

const TOOL_VARIANTS = {
  read: 'read',
  read_image: 'read',
  write: 'write',
  edit: 'edit',
  shell: 'terminal',
  bash: 'terminal',
  run_code: 'terminal',
  grep: 'search',
  glob: 'search',
  search: 'search',
  web_fetch: 'web',
  web_search: 'web',
} as const satisfies Record<string, ToolRowVariant>;

export type KnownToolName = keyof typeof TOOL_VARIANTS;

/**
 * Other agents' tools that do what one above does, by lower-cased name, beside those whose
 * lower-cased name is one above (Claude Code's `Read`, `Bash`, `Grep`…): Claude Code's `MultiEdit`,
 * `NotebookEdit`, `WebFetch`, `WebSearch`; Codex's `view_image`, `exec_command`, `apply_patch`.
 * They take that tool's icon and keep their own name as their title.
 */
const OTHER_AGENTS_VARIANTS: ReadonlyMap<string, ToolRowVariant> = new Map([
  ['multiedit', 'edit'],
  ['notebookedit', 'edit'],
  ['webfetch', 'web'],
  ['websearch', 'web'],
  ['view_image', 'read'],
  ['exec_command', 'terminal'],
  ['apply_patch', 'edit'],
]);

/** Label key of a row title; every known tool has its own, anything else is generic. */
export type ToolTitleKey = `tool.title.${KnownToolName}` | 'tool.title.generic';

/**
 * `preparing` = no result yet and the arguments are not (yet) a JSON object; `awaiting-approval` =
 * not run yet, a person must approve it first; `refused` = declined by policy (the route cannot
 * take images, a file type the tool does not read, a person denied it), not broken; `error` = the
 * file, the bytes or the store failed; `stopped` = interrupted.
 */
export type ToolRowState = 'preparing' | 'awaiting-approval' | 'running' | 'done' | 'refused' | 'error' | 'stopped';

/** The states a row explains with a reason line while collapsed. */
const STATES_WITH_REASON: ReadonlySet<ToolRowState> = new Set(['refused', 'error', 'stopped']);

export interface ToolRowModel {
  readonly variant: ToolRowVariant;
  readonly titleKey: ToolTitleKey;
  readonly state: ToolRowState;
  /**
   * File tools (ours and other agents' `Read`/`Edit`/`Write`, Codex's `view_image`): the file's path
   * argument for display (relative to cwd, else `~`). Other agents' other tools: their essential
   * argument (a command, a search pattern, the patched files), as text.
   */
  readonly summary?: string;
  /** File tools: the raw path argument, for opening the file. */
  readonly filePath?: string;
  /** Settled calls: the result block by block; a UI renders the non-text parts as localised placeholders. */
  readonly output?: readonly OutputPart[];
  /**
   * Refused, failed and stopped calls: why, from the first non-blank line of the result's text without its
   * common prefix (`Error: cannot read "…" as an image:`), so a collapsed row leads with the reason.
   */
  readonly reason?: string;
}

/**
 * File tools by their lower-cased name, and the argument that names their file: ours and Claude
 * Code's `Read`, `Edit`, `Write`, `MultiEdit` say `file_path`; Codex's `view_image` says `path`.
 */
const FILE_TOOL_PATHS: ReadonlyMap<string, string> = new Map([
  ['read', 'file_path'],
  ['read_image', 'file_path'],
  ['write', 'file_path'],
  ['edit', 'file_path'],
  ['multiedit', 'file_path'],
  ['view_image', 'path'],
]);

function isKnownToolName(name: string): name is KnownToolName {
  // `hasOwn`, not `in`: a tool named `constructor` or `__proto__` must not match Object.prototype.
  return Object.hasOwn(TOOL_VARIANTS, name);
}

/** The icon of a tool that is not one of ours by its exact name: ours by its lower-cased name, another agent's, or none. */
function variantByLowerCasedName(name: string | null): ToolRowVariant {
  const lower = name?.toLowerCase() ?? '';
  if (isKnownToolName(lower)) return TOOL_VARIANTS[lower];
  return OTHER_AGENTS_VARIANTS.get(lower) ?? 'other';
}

function rowState(node: ToolCallNode, hasArguments: boolean): ToolRowState {
  const { result } = node;
  if (result === undefined) {
    if (node.approval !== undefined) return 'awaiting-approval';
    return hasArguments ? 'running' : 'preparing';
  }
  if (result.outcome === 'ok') return 'done';
  return isRefusal(result) ? 'refused' : result.outcome;
}

function outputPart(block: unknown): OutputPart {
  const view = viewContentBlock(block);
  switch (view.kind) {
    case 'text':
      return jsonWithImages(view.text) ?? view;
    case 'invalid-image':
      return view;
    case 'image':
      return imagePart(view.attachment);
    case 'other':
      return { kind: 'unsupported' };
  }
}

function reasonOf(result: ToolResult): string | undefined {
  const line = firstTextLine(result);
  return line === undefined ? undefined : failureReason(line);
}

function deriveToolRow(node: ToolCallNode, options: PathDisplayOptions): ToolRowModel {
  const toolName = node.name !== null && isKnownToolName(node.name) ? node.name : null;
  const variant = toolName === null ? variantByLowerCasedName(node.name) : TOOL_VARIANTS[toolName];
  const args = callArguments(node);
  const pathKey = FILE_TOOL_PATHS.get(node.name?.toLowerCase() ?? '');
  const filePath = args !== null && pathKey !== undefined ? nonBlankArgument(args, pathKey) : null;
  const state = rowState(node, args !== null);
  const essential = filePath === null && args !== null && node.name !== null ? essentialArgument(node.name, args) : null;
  const reason = node.result !== undefined && STATES_WITH_REASON.has(state) ? reasonOf(node.result) : undefined;
  return {
    variant,
    titleKey: toolName === null ? 'tool.title.generic' : `tool.title.${toolName}`,
    state,
    ...(filePath === null ? {} : { summary: displayPath(filePath, options), filePath }),
    ...(essential === null ? {} : { summary: essential }),
    ...(node.result === undefined ? {} : { output: node.result.content.map(outputPart) }),
    ...(reason === undefined ? {} : { reason }),
  };
}

/** What a tool row shows for a node. Memoised per node and option values. */
export const toolRowModel: (node: ToolCallNode, options?: PathDisplayOptions) => ToolRowModel = memoizePerNode(deriveToolRow);
