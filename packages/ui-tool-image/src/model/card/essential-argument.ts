import { isNonBlankString, type JsonRecord } from '../narrow';

/** Shells whose `-c`/`-lc` argument is the command itself (Codex records `["bash", "-lc", "…"]`). */
const SHELLS: ReadonlySet<string> = new Set(['bash', 'sh', 'zsh']);
const SCRIPT_FLAGS: ReadonlySet<string> = new Set(['-c', '-lc']);

/** A patch's files, as `apply_patch` names them (`*** Update File: src/a.ts`). */
const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;

function firstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line === text.trim() ? line : `${line} …`;
}

function commandText(command: unknown): string | null {
  if (isNonBlankString(command)) return firstLine(command);
  if (!Array.isArray(command) || !command.every((part) => typeof part === 'string') || command.length === 0) return null;
  const parts = command as readonly string[];
  const [shell, flag, script] = parts;
  if (shell !== undefined && SHELLS.has(shell.split('/').at(-1) ?? '') && flag !== undefined && SCRIPT_FLAGS.has(flag) && isNonBlankString(script)) {
    return firstLine(script);
  }
  return firstLine(parts.join(' '));
}

function patchedFiles(patch: unknown): string | null {
  if (typeof patch !== 'string') return null;
  const files = Array.from(patch.matchAll(PATCH_FILE), (match) => match[1]?.trim() ?? '').filter((file) => file !== '');
  return files.length === 0 ? null : files.join(', ');
}

/** The first of `values` that is a non-blank string, as one line. */
function firstText(...values: readonly unknown[]): string | null {
  const text = values.find(isNonBlankString);
  return text === undefined ? null : firstLine(text);
}

/**
 * The one argument that says what another agent's tool call did, as its own UI shows it in a
 * collapsed row: the command of a shell (`bash`, Claude Code's `Bash`, Codex's `shell`), the
 * pattern of a search (`Grep`, `Glob`), the files of Codex's `apply_patch`, what a web search
 * looked for (Codex's `web_search` action: its query, the pattern it found in a page, or the page
 * it opened; Claude Code's `WebSearch`; Codex's `tool_search`) and the address a fetch read
 * (`WebFetch`). `null` for any other tool or when the argument is missing; a file tool's path is
 * the row's path (tool-row-model).
 */
export function essentialArgument(toolName: string, args: JsonRecord): string | null {
  switch (toolName.toLowerCase()) {
    case 'bash':
    case 'shell':
      return commandText(args.command);
    case 'grep':
    case 'glob':
      return firstText(args.pattern);
    case 'apply_patch':
      return patchedFiles(args.input) ?? patchedFiles(args.patch);
    case 'web_search':
    case 'websearch':
    case 'tool_search':
      return firstText(args.query, args.pattern, args.url);
    case 'web_fetch':
    case 'webfetch':
      return firstText(args.url);
    default:
      return null;
  }
}
