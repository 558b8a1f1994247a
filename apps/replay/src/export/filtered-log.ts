import {
  AgentLogReader,
  conversationItemKey,
  itemKeysByEvent,
  itemsMatching,
  type AgentLog,
  type ConversationItem,
  type ReplayFilter,
  type SessionEvent,
} from '@toolcard/ui-tool-image/model';

import { FRAME_MARK, SubagentFrameSplitter } from '../../viewer/subagent-frames.ts';

/** The formats whose file is a sequence of lines, each a record: the ones a filter can keep lines of. */
const LINE_FORMATS: ReadonlySet<string> = new Set(['toolcard', 'claude-code', 'codex']);

export interface FilteredLog {
  /** The lines kept, each as it was, each dropped one as a blank line (see `blankInPlaceOf`): a kept line has its number in the log. */
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
 * learnt from the viewer's own reader (`AgentLogReader`): the items each line added or changed.
 * Lines that made items together (a message with two calls, a call and its result) stay together,
 * so no call is kept half; a line that made no item (a title, a token count) goes with the line
 * before it, and the lines before the first item (the header) are kept; so is the first message
 * (the task, which names the page).
 *
 * Our own log says it in one pass: each event knows its line, and `itemKeysByEvent` replays the
 * events once. Another agent's log is told by its reader as it reads each line
 * (`takeChangedItemKeys`: the items not the same objects at the same places as a snapshot before
 * the line would show, at the cost of what changed). A reader snapshot per line (a walk over the
 * items so far, quadratic) took 8.3 s for our own log of 12 000 calls (now 279 ms); for a fixture's
 * parallel calls repeated to 9 600 calls, 3.7-15.7 s as a Codex rollout (20-26x a read; 19 200
 * calls 62 s, 78x) and 6.9-18 s as a Claude Code transcript (9-18x); now 0.17-0.74 s (0.9-1.6x;
 * 19 200 calls 1.2 s, 1.5x) and 0.48-3.2 s (1.4-2x). Best of 3, 2 cores at load 6-15.
 */
export function filteredLog(log: string, filter: ReplayFilter): FilteredLog {
  const lines = logLines(log);
  const { read, mainLines, madeByLine } = readLines(lines);
  if (!LINE_FORMATS.has(read.format))
    throw new ExportFilterError(`a filter keeps the lines of a log of lines (ours, Claude Code, Codex); this file is ${read.format}`);
  const made = read.session === undefined ? madeByLine : itemsMadeByEvents(read.session.events, lines, mainLines);
  return keptLines(lines, made, read.conversation.items, filter);
}

/** A log's lines, each with its line break (the last one's optional). */
export function logLines(log: string): string[] {
  return log.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * `lines` with those that made none of the items `filter` keeps blanked, given the items each line
 * made (`made`, however it was learnt) and the log's items once read whole.
 */
export function keptLines(lines: readonly string[], made: ItemsMade, items: readonly ConversationItem[], filter: ReplayFilter): FilteredLog {
  const groups = new KeyGroups();
  /** Per line, one key it made (its group), or undefined. */
  const lineKeys: (string | undefined)[] = [];
  for (const keys of made.byLine) lineKeys.push(groups.join(keys) ?? lineKeys.at(-1));
  // What the end made (a last line without its line break) is the last line's.
  const lastLine = lineKeys.at(-1);
  lineKeys[lineKeys.length - 1] = groups.join([...made.atEnd, ...(lastLine === undefined ? [] : [lastLine])]);
  const matching = itemsMatching(items, filter).map((at) => items[at]);
  const totalCalls = items.filter((item) => item.kind === 'call').length;
  if (!matching.some((item) => item?.kind === 'call'))
    throw new ExportFilterError(`no call of the ${String(totalCalls)} in the log matches the filter: nothing to export`);
  const firstMessage = items.find((item) => item.kind === 'message');
  const keptGroups = new Set([...matching, firstMessage].flatMap((item) => (item === undefined ? [] : [groups.groupOf(conversationItemKey(item))])));
  const kept = (key: string | undefined): boolean => key === undefined || keptGroups.has(groups.groupOf(key));
  const keptItems = items.filter((item) => kept(conversationItemKey(item)));
  return {
    text: lines.map((line, at) => (kept(lineKeys[at]) ? line : blankInPlaceOf(line))).join(''),
    calls: { kept: keptItems.filter((item) => item.kind === 'call').length, total: totalCalls },
    items: keptItems,
  };
}

/**
 * What a dropped line leaves: its line break (a subagent file's line, in its frame), which every
 * reader counts and skips. So a kept line keeps the number it has in the whole log, and the problems
 * the page lists (a malformed line…) name the line a reader finds at that number in the file; the
 * breaks cost a byte a line, next to nothing once the page gzips the log.
 */
function blankInPlaceOf(line: string): string {
  if (!line.endsWith('\n')) return '';
  if (!line.startsWith(FRAME_MARK)) return '\n';
  const nameEnd = line.indexOf(FRAME_MARK, FRAME_MARK.length);
  // A frame without its name's end is no line of any file (the viewer drops it).
  return nameEnd === -1 ? '' : `${line.slice(0, nameEnd + 1)}\n`;
}

/** The keys of the items each line made, and those the end of the log made. */
export interface ItemsMade {
  readonly byLine: readonly (readonly string[])[];
  readonly atEnd: readonly string[];
}

/** A reader that reads a served log's text as the viewer does: its subagent frames given to the reader as theirs. */
function servedLogReader(): { readonly reader: AgentLogReader; readonly splitter: SubagentFrameSplitter; readonly mainText: () => boolean } {
  const reader = new AgentLogReader();
  let textPassed = false;
  const splitter = new SubagentFrameSplitter(
    (text) => {
      textPassed = true;
      reader.append(text);
    },
    (file, line) => {
      reader.appendSubagent(file, line);
    },
  );
  const mainText = (): boolean => {
    const passed = textPassed;
    textPassed = false;
    return passed;
  };
  return { reader, splitter, mainText };
}

/**
 * The whole log read once; for each line of the log's own text (1-based, as its events count them)
 * the index of that line in `lines`; and the items each line made as the reader tells them (another
 * agent's log; ours says it by its events).
 */
function readLines(lines: readonly string[]): { readonly read: AgentLog; readonly mainLines: readonly number[]; readonly madeByLine: ItemsMade } {
  const { reader, splitter, mainText } = servedLogReader();
  const mainLines = [-1];
  const byLine = lines.map((line, at) => {
    splitter.push(line);
    if (mainText()) mainLines.push(at);
    return reader.takeChangedItemKeys();
  });
  reader.end();
  return { read: reader.snapshot(), mainLines, madeByLine: { byLine, atEnd: reader.takeChangedItemKeys() } };
}

/** Our own log: each event's items are its line's (the line still open at the end, the end's). */
function itemsMadeByEvents(events: readonly SessionEvent[], lines: readonly string[], mainLines: readonly number[]): ItemsMade {
  const byLine: string[][] = lines.map(() => []);
  const atEnd: string[] = [];
  const lastOpen = lines.at(-1)?.endsWith('\n') === false ? lines.length - 1 : -1;
  const keysByEvent = itemKeysByEvent(events);
  events.forEach((event, index) => {
    const at = mainLines[event.line] ?? -1;
    (at === lastOpen ? atEnd : byLine[at])?.push(...(keysByEvent[index] ?? []));
  });
  return { byLine, atEnd };
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
