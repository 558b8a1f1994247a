import { isNonBlankString, parseJsonRecord, type JsonRecord } from './narrow';
import type { ToolCallNode } from './call-tree';

/** The call's arguments as a JSON object, or `null` when there is no call head or it is not a JSON object. */
export function callArguments(node: ToolCallNode): JsonRecord | null {
  return node.argsRaw === null ? null : parseJsonRecord(node.argsRaw);
}

/** The argument `key`, when it is a non-blank string. */
export function nonBlankArgument(args: JsonRecord, key: string): string | null {
  const value = args[key];
  return isNonBlankString(value) ? value : null;
}

/** The `file_path` argument of file tools, when it is a non-blank string. */
export function filePathArgument(args: JsonRecord): string | null {
  return nonBlankArgument(args, 'file_path');
}
