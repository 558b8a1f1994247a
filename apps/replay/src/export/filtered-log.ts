import { AgentLogReader, conversationItemKey, itemsMatching, type ConversationItem, type ReplayFilter } from '@toolcard/ui-tool-image/model';

import { SubagentFrameSplitter } from '../../viewer/subagent-frames.ts';

/** The formats whose file is a sequence of lines, each a record: the ones a filter can keep lines of. */
const LINE_FORMATS: ReadonlySet<string> = new Set(['toolcard', 'claude-code', 'codex']);

export interface FilteredLog {
  /** The lines kept, each as it was. */
  readonly text: string;
  /** Top-level calls in the kept lines, and in the whole log. */
  readonly calls: { readonly kept: number; readonly total: number };
  /** The items of the kept lines, as the viewer will read them (their images are the ones the file needs). */
  readonly items: readonly ConversationItem[];
}

/**
 * A filter no call matches, or a log that is not lines: nothing is written, since a file showing
 * no call would read as an empty or broken session to whoever it is sent to.
 */
export class ExportFilterError extends Error {}

/**
 * The lines of `log` (a served log's text: ours, or another agent's copy with its subagent frames)
 * that hold the calls `filter` matches, each line whole and unchanged. Which line made which item is
 * learnt by reading the log line by line with the viewer's own reader (`AgentLogReader`) and seeing
 * which items each line added or changed: its reader keeps an unchanged item the same object, so
 * this holds for every line format without knowing any. Lines that made items together (a message
 * with two calls, a call and its result) stay together, so no call is kept half; a line that made no
 * item (a header, a title, a token count) is the session's own and is kept; so is the first message
 * (the task, which names the page).
 *
 * The cost is a reader snapshot per line, each a walk over the items so far: quadratic. Measured on
 * the long session repeated (state=images): 1 500 calls 0.55 s (10x a plain read), 6 000 calls
 * 2.7 s, 12 000 calls 17 s, on the server's thread for the Export link. Items that knew their
 * lines would make it one read.
 */
export function filteredLog(log: string, filter: ReplayFilter): FilteredLog {
  const reader = new AgentLogReader();
  const splitter = new SubagentFrameSplitter(
    (text) => {
      reader.append(text);
    },
    (file, line) => {
      reader.appendSubagent(file, line);
    },
  );
  const lines = log.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const groups = new KeyGroups();
  /** Per line, one key it made (its group), or undefined. */
  const lineKeys: (string | undefined)[] = [];
  let previous: readonly ConversationItem[] = [];
  const changedSince = (items: readonly ConversationItem[]): string[] => {
    const changed = items.filter((item, at) => item !== previous[at]).map(conversationItemKey);
    previous = items;
    return changed;
  };
  for (const line of lines) {
    splitter.push(line);
    lineKeys.push(groups.join(changedSince(reader.snapshot().conversation.items)) ?? lineKeys.at(-1));
  }
  reader.end();
  const read = reader.snapshot();
  if (!LINE_FORMATS.has(read.format))
    throw new ExportFilterError(`a filter keeps the lines of a log of lines (ours, Claude Code, Codex); this file is ${read.format}`);
  // What the end made (a last line without its line break) is the last line's.
  const lastLine = lineKeys.at(-1);
  lineKeys[lineKeys.length - 1] = groups.join([...changedSince(read.conversation.items), ...(lastLine === undefined ? [] : [lastLine])]);
  const { items } = read.conversation;
  const matching = itemsMatching(items, filter).map((at) => items[at]);
  const totalCalls = items.filter((item) => item.kind === 'call').length;
  if (!matching.some((item) => item?.kind === 'call'))
    throw new ExportFilterError(`no call of the ${String(totalCalls)} in the log matches the filter: nothing to export`);
  const firstMessage = items.find((item) => item.kind === 'message');
  const keptGroups = new Set([...matching, firstMessage].flatMap((item) => (item === undefined ? [] : [groups.groupOf(conversationItemKey(item))])));
  const kept = (key: string | undefined): boolean => key === undefined || keptGroups.has(groups.groupOf(key));
  const keptItems = items.filter((item) => kept(conversationItemKey(item)));
  return {
    text: lines.filter((_, at) => kept(lineKeys[at])).join(''),
    calls: { kept: keptItems.filter((item) => item.kind === 'call').length, total: totalCalls },
    items: keptItems,
  };
}

/** Item keys joined into groups (a union-find): the items some line made together. */
class KeyGroups {
  private readonly parent = new Map<string, string>();

  /** Puts `keys` in one group; one of them (to name the group by), or undefined for none. */
  join(keys: readonly string[]): string | undefined {
    const [first, ...rest] = keys;
    if (first === undefined) return undefined;
    const root = this.groupOf(first);
    for (const key of rest) {
      const other = this.groupOf(key);
      if (other !== root) this.parent.set(other, root);
    }
    return root;
  }

  groupOf(key: string): string {
    let root = key;
    for (let up = this.parent.get(root); up !== undefined && up !== root; up = this.parent.get(root)) root = up;
    if (!this.parent.has(key)) this.parent.set(key, key);
    for (let at = key; at !== root;) {
      const up = this.parent.get(at) ?? root;
      this.parent.set(at, root);
      at = up;
    }
    return root;
  }
}
