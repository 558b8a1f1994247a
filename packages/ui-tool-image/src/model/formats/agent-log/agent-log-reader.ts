import { jsonLineProblem, parseJsonLine } from '../../json-line';
import { isRecord } from '../../narrow';
import { ReplayBuilder } from '../../replay/replay-builder';
import { SessionLogReader, type LogProblem } from '../toolcard/session-log';
import type { AgentLog } from './agent-log';
import { DOCUMENT_FORMATS, LINE_FORMATS, type DocumentFormat } from './format-registry';
import type { FormatReader } from './format-reader';
import { SubagentLines } from './subagent-lines';
import { toolcardFacts } from '../toolcard/session-facts';

/** How many lines may pass before a file that matches no format is called unknown. */
const LINES_TO_RECOGNISE = 20;
const BYTE_ORDER_MARK = '\uFEFF';
const EMPTY_CONVERSATION = { items: [], problems: [] } as const;

/** Our own log: a session header, or (a header lost) an event `{type:"x/y", data:{…}}`. */
function looksLikeToolcardLine(value: unknown): boolean {
  if (!isRecord(value)) return false;
  return value.type === 'session' || (typeof value.type === 'string' && value.type.includes('/') && isRecord(value.data));
}

/** Our own format, read by `SessionLogReader` and replayed by `ReplayBuilder` (each kept across snapshots). */
class ToolcardRead {
  readonly log = new SessionLogReader();
  private readonly builder = new ReplayBuilder();

  /**
   * The conversation, the problems and the facts are worked out when first read: a reader that
   * shows our own log by its `session` (the replay viewer's worker) never pays for them.
   */
  snapshot(): AgentLog {
    const session = this.log.snapshot();
    const { builder } = this;
    let replay: Pick<AgentLog, 'conversation' | 'problems'> | undefined;
    const replayed = () => {
      if (replay !== undefined) return replay;
      const { items, problems } = builder.replayOf(session);
      replay = { conversation: { items, problems: [] }, problems };
      return replay;
    };
    let facts: AgentLog['facts'] | undefined;
    return {
      format: 'toolcard',
      get conversation() {
        return replayed().conversation;
      },
      get problems() {
        return replayed().problems;
      },
      otherEvents: session.otherEvents,
      // A pass over the events (for the first model named): paid only when read, like the replay.
      get facts() {
        facts ??= toolcardFacts(session);
        return facts;
      },
      session,
    };
  }
}

type State =
  /** The first lines, held until one shows the format. */
  | { readonly kind: 'recognising'; readonly held: { readonly value: unknown; readonly line: number }[] }
  | { readonly kind: 'toolcard'; readonly read: ToolcardRead }
  | { readonly kind: 'lines'; readonly reader: FormatReader }
  /**
   * One JSON value spread over the whole text (an API message array, an old Codex session file):
   * read once it parses whole (a file still being written shows nothing until then), and at the end.
   */
  | { readonly kind: 'document'; text: string; read?: { readonly length: number; readonly state: State } }
  | { readonly kind: 'unknown'; readonly seen: string };

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `a JSON array of ${value.length} items`;
  if (!isRecord(value)) return `JSON ${value === null ? 'null' : typeof value}`;
  const keys = Object.keys(value).slice(0, 6);
  return keys.length === 0 ? 'an empty JSON object' : `a JSON object with keys ${keys.map((key) => JSON.stringify(key)).join(', ')}`;
}

function excerpt(text: string): string {
  const trimmed = text.trim();
  return JSON.stringify(trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed);
}

function byLine(a: LogProblem, b: LogProblem): number {
  return a.line - b.line;
}

/**
 * `readAgentLog` as a stream (DESIGN §9, contract): `append` each chunk of the file as it arrives,
 * `end` when it is complete, `snapshot` whenever the page should show what has been read. The format
 * is recognised from the content of the first lines; a half-written last line waits for its end.
 * Lines nested deeper than `MAX_JSON_DEPTH` are one problem each and the rest is read. Never throws.
 */
export class AgentLogReader {
  private state: State = { kind: 'recognising', held: [] };
  /** Text before the first line that showed the format (our own format's reader is given it whole). */
  private headText = '';
  private pendingLine = '';
  private linesRead = 0;
  private ended = false;
  private readonly problems: LogProblem[] = [];
  /** Subagent files' text given before the log's format was known. */
  private heldSubagentText: { readonly file: string; readonly chunk: string }[] = [];
  private subagents: SubagentLines | undefined;

  append(chunk: string): void {
    this.appendText(chunk);
    this.readHeldSubagentText();
  }

  /**
   * A chunk of one of the log's subagent files (Claude Code's `agent-<id>.jsonl`), `file` its name:
   * its calls nest under the call that started that agent. Held until the log's format is known,
   * then read if that format's subagents write files of their own, ignored otherwise.
   */
  appendSubagent(file: string, chunk: string): void {
    this.heldSubagentText.push({ file, chunk });
    this.readHeldSubagentText();
  }

  private readHeldSubagentText(): void {
    const { state } = this;
    if (state.kind === 'recognising' || this.heldSubagentText.length === 0) return;
    const held = this.heldSubagentText;
    this.heldSubagentText = [];
    if (state.kind !== 'lines' || state.reader.readSubagentLine === undefined) return;
    const { reader } = state;
    this.subagents ??= new SubagentLines((value, line, file) => {
      reader.readSubagentLine?.(value, line, file);
    }, this.problems);
    for (const { file, chunk } of held) this.subagents.append(file, chunk);
  }

  private appendText(chunk: string): void {
    const { state } = this;
    if (state.kind === 'toolcard') {
      state.read.log.append(chunk);
      return;
    }
    if (state.kind === 'document') {
      state.text += chunk;
      return;
    }
    if (state.kind === 'recognising') this.headText += chunk;
    const lines = (this.pendingLine + chunk).split('\n');
    this.pendingLine = lines.pop() ?? '';
    for (const line of lines) {
      this.readLine(line, false);
      if (this.state.kind === 'toolcard' || this.state.kind === 'document') return;
    }
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.state.kind === 'recognising' || this.state.kind === 'lines') {
      const line = this.pendingLine;
      this.pendingLine = '';
      this.readLine(line, true);
    }
    // The last line may have shown the format.
    const { state } = this;
    if (state.kind === 'toolcard') state.read.log.end();
    else if (state.kind === 'document') this.state = documentState(state.text);
    else if (state.kind === 'recognising') this.giveUp();
    this.readHeldSubagentText();
    this.subagents?.end();
  }

  /**
   * The keys (`conversationItemKey`) of the items the text appended since the previous call added or
   * changed (the first time: since the start): what a snapshot's items would show anew, at the cost
   * of what changed rather than of a snapshot (which line made which item, for a filtered export).
   * None for our own log, whose events say it (`itemKeysByEvent`), nor for a document.
   */
  takeChangedItemKeys(): string[] {
    const { state } = this;
    return state.kind === 'lines' ? state.reader.takeChangedItemKeys() : [];
  }

  snapshot(): AgentLog {
    const { state } = this;
    if (state.kind === 'document') return this.documentSnapshot(state);
    return this.snapshotOf(state);
  }

  /** The document read so far: what it holds once the text parses whole; before that (and not ended), nothing yet. */
  private documentSnapshot(state: State & { readonly kind: 'document' }): AgentLog {
    if (state.read?.length !== state.text.length) state.read = { length: state.text.length, state: documentState(state.text) };
    const read = state.read.state;
    return read.kind === 'unknown' ? this.snapshotOf({ kind: 'recognising', held: [] }) : this.snapshotOf(read);
  }

  private snapshotOf(state: State): AgentLog {
    if (state.kind === 'toolcard') return state.read.snapshot();
    if (state.kind === 'lines') {
      const read = state.reader.snapshot();
      return {
        format: state.reader.format,
        conversation: read.conversation,
        problems: [...this.problems, ...read.problems].sort(byLine),
        otherEvents: read.otherEvents,
        facts: read.facts,
      };
    }
    // A file of no known format is one problem: its lines' own defects say nothing more.
    const problems = state.kind === 'unknown' ? [{ line: 1, message: `not a session log of a format this viewer reads: ${state.seen}` }] : [...this.problems];
    return { format: 'unknown', conversation: EMPTY_CONVERSATION, problems, otherEvents: [], facts: {} };
  }

  private readLine(rawLine: string, last: boolean): void {
    this.linesRead += 1;
    const line = this.linesRead;
    let text = line === 1 && rawLine.startsWith(BYTE_ORDER_MARK) ? rawLine.slice(BYTE_ORDER_MARK.length) : rawLine;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() === '') return;
    const { state } = this;
    if (state.kind === 'unknown') return;
    const parsed = parseJsonLine(text);
    if (!('value' in parsed)) {
      if (state.kind === 'recognising' && state.held.length === 0 && parsed.problem === 'malformed' && /^\s*[[{]/.test(text)) {
        // Not one JSON value per line: one value over many lines.
        this.state = { kind: 'document', text: this.headText };
        this.headText = '';
        return;
      }
      this.problems.push({
        line,
        message: last && parsed.problem === 'malformed' ? 'truncated last line (log still being written?)' : jsonLineProblem(parsed.problem),
      });
      if (state.kind === 'recognising') this.recognise(null, line, text);
      return;
    }
    if (state.kind === 'lines') state.reader.readLine(parsed.value, line);
    else this.recognise(parsed.value, line, text);
  }

  /** One more of the first lines (`null` when it was not JSON): the format it shows, if any. */
  private recognise(value: unknown, line: number, text: string): void {
    if (this.state.kind !== 'recognising') return;
    const { held } = this.state;
    if (value !== null && held.length === 0 && (Array.isArray(value) || documentFormatOf(value) !== undefined)) {
      this.state = { kind: 'document', text: this.headText };
      this.headText = '';
      return;
    }
    if (value !== null && looksLikeToolcardLine(value)) {
      const read = new ToolcardRead();
      // Our own reader reads the text so far itself: the lines before this one held nothing of use.
      read.log.append(this.headText);
      this.problems.length = 0;
      this.headText = '';
      this.state = { kind: 'toolcard', read };
      return;
    }
    const format = value === null ? undefined : LINE_FORMATS.find((candidate) => candidate.looksLike(value));
    if (format !== undefined) {
      const reader = format.reader();
      for (const earlier of held) reader.readLine(earlier.value, earlier.line);
      reader.readLine(value, line);
      this.headText = '';
      this.state = { kind: 'lines', reader };
      return;
    }
    if (value !== null) held.push({ value, line });
    if (line >= LINES_TO_RECOGNISE) this.giveUp(value === null ? `line ${line} is not JSON: ${excerpt(text)}` : undefined);
  }

  private giveUp(seen?: string): void {
    if (this.state.kind !== 'recognising') return;
    const first = this.state.held[0];
    const what =
      seen ??
      (first === undefined
        ? this.linesRead === 0 || this.headText.trim() === ''
          ? 'the file is empty'
          : 'no line is JSON'
        : `line ${first.line} is ${describeValue(first.value)}`);
    this.state = { kind: 'unknown', seen: what };
  }
}

/** A whole document's text read: a reader of its format, or why it is none. */
function documentState(text: string): State {
  const parsed = parseJsonLine(text);
  if (!('value' in parsed))
    return { kind: 'unknown', seen: parsed.problem === 'too-deep' ? jsonLineProblem('too-deep') : `the text is not JSON: it starts ${excerpt(text)}` };
  const format = documentFormatOf(parsed.value);
  return format === undefined ? { kind: 'unknown', seen: `the file is ${describeValue(parsed.value)}` } : { kind: 'lines', reader: format.read(parsed.value) };
}

function documentFormatOf(value: unknown): DocumentFormat | undefined {
  return DOCUMENT_FORMATS.find((format) => format.looksLike(value));
}

/** Reads a whole session file of any format (DESIGN §9, contract). Never throws. */
export function readAgentLog(text: string): AgentLog {
  const reader = new AgentLogReader();
  reader.append(text);
  reader.end();
  return reader.snapshot();
}
